import PDFDocument from 'pdfkit';
import type { ChainVerification } from '../../domain/history-chain.js';
import { drawText } from '../../lib/pdf-fonts.js';
import type { HistoryExportRow } from './history-chain.js';

/** The export's columns, in order: the entry's fields an auditor needs to recompute its hash. */
const CSV_COLUMNS = [
  'sequence',
  'at',
  'action',
  'actor_id',
  'actor_name',
  'from_status',
  'to_status',
  'comment',
  'audit_log_id',
  'requisition_id',
  'organization_id',
  'prev_hash',
  'entry_hash',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading
 * apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The requisition's history as CSV: a header row, then one row per entry in chain order (CRLF). */
export function historyCsv(rows: readonly HistoryExportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

const MARGIN = 50;

/**
 * The requisition's history as an A4 PDF: title, the verification's outcome when exported, then each
 * entry (number, instant, action, actor, status change, comment) with its previous and own hash.
 */
export function historyPdf(input: {
  requisitionNumber: string;
  rows: readonly HistoryExportRow[];
  verification: ChainVerification;
  exportedAt: Date;
}): Promise<Buffer> {
  const title = `History of ${input.requisitionNumber}`;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title } });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.fontSize(16);
  drawText(doc, title, 'bold', undefined, undefined, { width });
  const { verification } = input;
  const outcome = verification.intact
    ? `History verified: ${verification.checked} entries intact.`
    : `History altered${verification.first_broken_sequence ? ` at entry ${verification.first_broken_sequence}` : ''}.`;
  doc.fontSize(9).fillColor('#555555');
  drawText(doc, `Exported ${input.exportedAt.toISOString()}. ${outcome}`, 'regular', undefined, undefined, {
    width,
  }).moveDown();
  for (const row of input.rows) {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    const change =
      row.from_status || row.to_status ? `  ${row.from_status ?? '-'} -> ${row.to_status ?? '-'}` : '';
    const at = { width };
    doc.fontSize(10).fillColor('black');
    drawText(doc, `#${row.sequence}  ${row.action}${change}`, 'bold', undefined, undefined, at);
    doc.fontSize(9);
    const actor = row.actor_name ?? row.actor_id ?? 'the system';
    drawText(doc, `${row.at}  by ${actor}`, 'regular', undefined, undefined, at);
    if (row.comment) drawText(doc, `Comment: ${row.comment}`, 'regular', undefined, undefined, at);
    doc
      .font('Courier')
      .fontSize(7)
      .fillColor('#555555')
      .text(`prev  ${row.prev_hash}`, { width })
      .text(`hash  ${row.entry_hash}`, { width })
      .moveDown(0.6);
  }
  doc.end();
  return finished;
}
