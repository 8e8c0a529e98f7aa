/**
 * Files a screen offers as downloads: a list's export (built and streamed by the server) and the CSV
 * a screen writes itself (the user import's template).
 */

/** A day as `yyyy-MM-dd` in the reader's time zone (what the lists show as the created date). */
export function localDay(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The formats a list's Export offers: CSV, or an Excel workbook. */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * An exported file's name for a day: `csvFileName('purchase-orders')` →
 * `purchase-orders-2026-11-21.csv` (`.xlsx` with `format` `xlsx`).
 */
export function csvFileName(prefix: string, today: Date = new Date(), format: ExportFormat = 'csv'): string {
  return `${prefix}-${localDay(today)}.${format}`;
}

/**
 * Offers `csv` to the browser as a download named `fileName`. A byte order mark goes first, so Excel
 * reads names with accents as UTF-8.
 */
export function downloadCsv(csv: string, fileName: string): void {
  downloadFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * Offers a file the server made (a list's export, already a CSV with its byte order mark) to the
 * browser as a download named `fileName`.
 */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
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
