import {
  type PurchasingClient,
  type RequisitionListFilters,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { currencyDecimals } from '@purchasing/ui';
import Papa from 'papaparse';
import { categoryLabel, statusLabel } from '../shared/display';

type RequisitionSummary = Schemas['RequisitionSummary'];

/** The columns of the exported file, in order. */
export const REQUISITION_CSV_COLUMNS = [
  'Requisition Number',
  'Justification',
  'Requestor',
  'Requestor Email',
  'Category',
  'Status',
  'Amount',
  'Currency',
  'Cost Center',
  'Created',
] as const;

/** Rows asked for per call while exporting: the contract's largest page. */
export const EXPORT_PAGE_SIZE = 100;

/** A day as `yyyy-MM-dd` in the reader's time zone (what the list shows as the created date). */
export function localDay(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The exported file's name for a day: `requisitions-2026-11-21.csv`. */
export function requisitionsCsvFileName(today: Date = new Date()): string {
  return `requisitions-${localDay(today)}.csv`;
}

/**
 * The CSV text of requisitions (RFC 4180: quoted where needed, CRLF line ends), one row each under
 * {@link REQUISITION_CSV_COLUMNS}. Amounts are plain numbers with the currency's decimals, so a
 * spreadsheet reads them as numbers. A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is prefixed with `'`, so a spreadsheet never runs a justification or a name as a formula
 * (CSV injection).
 */
export function buildRequisitionsCsv(requisitions: readonly RequisitionSummary[]): string {
  const rows = requisitions.map((r) => [
    r.requisition_number,
    r.justification ?? '',
    `${r.requestor.first_name} ${r.requestor.last_name}`.trim(),
    r.requestor.email,
    categoryLabel(r.category),
    statusLabel(r.status),
    Number(r.total_amount).toFixed(currencyDecimals(r.currency)),
    r.currency,
    r.cost_center ? `${r.cost_center.code} - ${r.cost_center.name}` : '',
    localDay(r.created_at),
  ]);
  return Papa.unparse(
    { fields: [...REQUISITION_CSV_COLUMNS], data: rows },
    { escapeFormulae: true, newline: '\r\n', quotes: false },
  );
}

/**
 * Every requisition matching `filters`, fetched page after page of {@link EXPORT_PAGE_SIZE} until the
 * server's total is reached. A requisition that moves between pages while the export runs (one created
 * meanwhile pushes the others down) is kept once.
 */
export async function fetchAllRequisitions(
  client: PurchasingClient,
  organizationId: string,
  filters: RequisitionListFilters,
  signal?: AbortSignal,
): Promise<RequisitionSummary[]> {
  const byId = new Map<string, RequisitionSummary>();
  let offset = 0;
  for (;;) {
    const { requisitions, pagination } = await unwrap(
      client.api.GET('/requisitions', {
        params: {
          query: { ...filters, limit: EXPORT_PAGE_SIZE, offset },
          header: { 'X-Organization-Id': organizationId },
        },
        signal,
      }),
    );
    for (const requisition of requisitions) {
      if (!byId.has(requisition.id)) byId.set(requisition.id, requisition);
    }
    offset += EXPORT_PAGE_SIZE;
    if (requisitions.length === 0 || offset >= pagination.total) break;
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
