/**
 * CSV export of a list screen: every row of the current filters, fetched page after page, written as
 * RFC 4180 text that spreadsheets read safely, and offered as a download.
 */
import { currencyDecimals } from '@purchasing/ui';
import Papa from 'papaparse';

/** Rows asked for per call while exporting: the contract's largest page. */
export const EXPORT_PAGE_SIZE = 100;

/** A day as `yyyy-MM-dd` in the reader's time zone (what the lists show as the created date). */
export function localDay(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** An exported file's name for a day: `csvFileName('purchase-orders')` → `purchase-orders-2026-11-21.csv`. */
export function csvFileName(prefix: string, today: Date = new Date()): string {
  return `${prefix}-${localDay(today)}.csv`;
}

/** An amount as a plain number with its currency's decimals (`12345.50`, JPY `150000`), so a spreadsheet reads a number. */
export function csvAmount(amount: number | string, currency: string): string {
  return Number(amount).toFixed(currencyDecimals(currency));
}

/**
 * The CSV text of `rows` under `columns` (RFC 4180: quoted where needed, CRLF line ends). A text cell
 * that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so a spreadsheet
 * never runs a name or a note as a formula (CSV injection).
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: [...columns], data: rows.map((row) => [...row]) },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
}

/** One page of a list as {@link fetchAllPages} needs it. */
export interface ExportPage<T> {
  rows: readonly T[];
  /** Every row matching the filters (the answer's `pagination.total`). */
  total: number;
  /** The count stopped at `total` and more rows match (`pagination.total_capped`). */
  totalCapped?: boolean;
  /** The page's `pagination.cursor`, sent with the next request so the server seeks from here. */
  cursor?: string;
}

/** Which page {@link fetchAllPages} asks for: `limit` rows at `offset`, after the page of `cursor`. */
export interface ExportPageRequest {
  limit: number;
  offset: number;
  /** The previous page's cursor (none for the first page, or for lists without cursors). */
  cursor?: string;
}

/**
 * Every row of a paged list, fetched {@link EXPORT_PAGE_SIZE} at a time until the server's total is
 * reached, each request carrying the previous page's cursor so a deep page costs the server what the
 * first one does. A capped total only says more rows match, so then the walk goes on until a page
 * comes back short. A row that moves between pages while the export runs (one created meanwhile
 * pushes the others down) is kept once.
 */
export async function fetchAllPages<T extends { id: string }>(
  fetchPage: (page: ExportPageRequest) => Promise<ExportPage<T>>,
): Promise<T[]> {
  const byId = new Map<string, T>();
  let offset = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage({ limit: EXPORT_PAGE_SIZE, offset, ...(cursor ? { cursor } : {}) });
    for (const row of page.rows) {
      if (!byId.has(row.id)) byId.set(row.id, row);
    }
    offset += EXPORT_PAGE_SIZE;
    cursor = page.cursor;
    const done = page.totalCapped ? page.rows.length < EXPORT_PAGE_SIZE : offset >= page.total;
    if (page.rows.length === 0 || done) break;
  }
  return [...byId.values()];
}

/**
 * Offers `csv` to the browser as a download named `fileName`. A byte order mark goes first, so Excel
 * reads names with accents as UTF-8.
 */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
