import { PassThrough, type Readable } from 'node:stream';
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';
import ExcelJS from 'exceljs';
import type { Db } from './context.js';
import { type CsvExportSpec, currencyDecimals, exportDay, streamRows } from './csv-export.js';

/** The media type of an Excel workbook (Office Open XML spreadsheet). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The formats a list export is offered in (`format` of `exportRequisitions`, `exportPurchaseOrders`). */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * How each column of an export is typed in a workbook: `text` as written in the CSV; `amount` a
 * number formatted with the decimals of the row's `currency` column; `integer` a whole number; `date`
 * a real date (the CSV's `YYYY-MM-DD`, a UTC day) shown as `yyyy-mm-dd`.
 */
export type ExportCellType = 'text' | 'amount' | 'currency' | 'integer' | 'date';

/** Bytes the workbook may hold ahead of the reader before it stops reading rows. */
const AHEAD_BYTES = 256 * 1024;

/** The number format of amounts in a currency with `decimals` minor digits. */
const amountFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

/** A `YYYY-MM-DD` day as the Date of its UTC midnight (a workbook date has no time zone). */
function dayOf(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** Waits until `stream` wants more, or is gone. */
const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * The rows of `spec` as one Excel workbook, streamed (exceljs's `stream.xlsx.WorkbookWriter`): each
 * row is written to the zip as it is read and committed, so memory holds a batch of rows and the
 * compressor's window whatever the number of rows. Rows are read only while the reader keeps up (the
 * workbook stops pulling rows when more than {@link AHEAD_BYTES} wait unread), and the cursor's
 * connection goes back to the pool when the rows end, fail or the reader goes away.
 *
 * One sheet named `spec.title`: the CSV's header row (bold, frozen), then one row per record with the
 * CSV's cells, typed by `spec.types` (amounts as numbers in their currency's decimals, days as dates),
 * columns `spec.widths` characters wide, and an auto-filter over the header.
 */
export async function xlsxStream<Row>(db: Db, spec: CsvExportSpec<Row>): Promise<Readable> {
  const rows = await streamRows<Row>(db, spec.sql, spec.bind);
  const output = new PassThrough({ highWaterMark: AHEAD_BYTES });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(spec.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((header, i) => ({
    header,
    key: `c${i}`,
    width: spec.widths[i] ?? 14,
    ...(spec.types[i] === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
    ...(spec.types[i] === 'integer' ? { style: { numFmt: '0' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
  const currencyAt = spec.types.indexOf('currency');

  const write = async () => {
    for await (const row of rows as AsyncIterable<Row>) {
      if (output.destroyed) break;
      const cells = spec.cells(row);
      const decimals = currencyAt >= 0 ? currencyDecimals(cells[currencyAt] ?? '') : 2;
      const values = cells.map((cell, i): string | number | Date | null => {
        const type = spec.types[i];
        if (cell === '') return null;
        if (type === 'amount' || type === 'integer') {
          const n = Number(cell);
          return Number.isFinite(n) ? n : cell;
        }
        if (type === 'date') return dayOf(cell) ?? cell;
        return cell;
      });
      const added = sheet.addRow(values);
      spec.types.forEach((type, i) => {
        if (type === 'amount') added.getCell(i + 1).numFmt = amountFormat(decimals);
      });
      added.commit();
      if (output.writableNeedDrain || output.readableLength > AHEAD_BYTES) await drained(output);
    }
    if (output.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  // The reader gone (a download cancelled) or a failure: stop reading rows, give the connection back.
  output.once('close', () => rows.destroy());
  return output;
}

/**
 * The HTTP answer of an XLSX export: the workbook as an attachment named `<fileName>-<day>.xlsx`,
 * never cached, streamed (chunked) as it is written.
 */
export async function xlsxResponse<Row>(
  h: ResponseToolkit,
  db: Db,
  spec: CsvExportSpec<Row>,
): Promise<ResponseObject> {
  return h
    .response(await xlsxStream(db, spec))
    .type(XLSX_MEDIA_TYPE)
    .header('Content-Disposition', `attachment; filename="${spec.fileName}-${exportDay()}.xlsx"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
}
