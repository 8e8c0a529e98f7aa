import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import Cursor from 'pg-cursor';
import { QueryTypes } from 'sequelize';
import { acquireOptions } from '../db/tenant-context.js';
import type { Db } from './context.js';
import type { ExportCellType } from './xlsx-export.js';

/** Rows read from the database per round trip while a file streams. */
export const EXPORT_BATCH_ROWS = 500;

/** What one CSV export is: its header, its statement (newest first) and how a row becomes its cells. */
export interface CsvExportSpec<Row> {
  /** The header row: the list screen's column names. */
  columns: readonly string[];
  /** The SELECT of every row, in the file's order, with positional bind values (`$1`…). */
  sql: string;
  bind: unknown[];
  /** The cells of one row, in {@link columns}' order. */
  cells(row: Row): string[];
  /** The downloaded file's name without the day, e.g. `requisitions` → `requisitions-2026-11-27.csv`. */
  fileName: string;
  /** The workbook's sheet name in the XLSX format, e.g. `Requisitions`. */
  title: string;
  /** How each column is typed in a workbook (`xlsx-export.ts`), in {@link columns}' order. */
  types: readonly ExportCellType[];
  /** Each column's width in a workbook, in characters, in {@link columns}' order. */
  widths: readonly number[];
}

interface PgConnection {
  query<T>(cursor: T): T;
}

interface ConnectionManager {
  getConnection(options: object): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): void;
}

/**
 * The rows of `spec.sql`, read through a server-side cursor {@link EXPORT_BATCH_ROWS} at a time on
 * one pooled connection (carrying `db`'s organisation for row-level security), so memory holds one
 * batch whatever the result's size. The first batch is read before this answers, so a failing
 * statement is an error of the request (a 500 with its body), not a file cut short.
 *
 * The rows are pulled, not pushed: the next batch is read only when the consumer asks for more (the
 * HTTP response drained), which is the stream's backpressure. The connection goes back to the pool
 * when the rows end, fail, or the consumer stops reading (a download cancelled).
 */
export async function streamRows<Row>(db: Db, sql: string, bind: unknown[]): Promise<Readable> {
  const manager = db.sequelize.connectionManager as unknown as ConnectionManager;
  const connection = await manager.getConnection({ type: QueryTypes.SELECT, ...acquireOptions(db) });
  const cursor = connection.query(new Cursor<Row>(sql, bind));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await cursor.close().catch(() => undefined);
    manager.releaseConnection(connection);
  };
  let first: Row[];
  try {
    first = await cursor.read(EXPORT_BATCH_ROWS);
  } catch (error) {
    await release();
    throw error;
  }
  async function* rows(): AsyncGenerator<Row> {
    try {
      let batch = first;
      while (batch.length > 0) {
        yield* batch;
        if (batch.length < EXPORT_BATCH_ROWS) break;
        batch = await cursor.read(EXPORT_BATCH_ROWS);
      }
    } finally {
      await release();
    }
  }
  const readable = Readable.from(rows(), { objectMode: true, highWaterMark: 64 });
  // Also when the stream is destroyed before its first read (a client gone at once): a generator that
  // never started runs no `finally`.
  readable.once('close', () => void release());
  return readable;
}

/** The files' CSV dialect: a byte order mark, a header row, CRLF, RFC 4180 quoting, formulas defused. */
const csvOptions = (columns: readonly string[]) => ({
  bom: true,
  header: true,
  columns: [...columns],
  record_delimiter: 'windows' as const,
  escape_formulas: true,
});

/** A small file built in memory (a report's rows) in the same dialect as {@link csvStream}. */
export function csvText(columns: readonly string[], rows: readonly string[][]): string {
  return stringifySync(rows as string[][], csvOptions(columns));
}

/**
 * The CSV text of the rows as a stream: a byte order mark (Excel then reads UTF-8), the header row,
 * one line per row, CRLF line ends and RFC 4180 quoting (csv-stringify). A cell that starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so a spreadsheet never runs a name or
 * a note as a formula (CSV injection), as the screens' own CSV did.
 */
export async function csvStream<Row>(db: Db, spec: CsvExportSpec<Row>): Promise<Readable> {
  const rows = await streamRows<Row>(db, spec.sql, spec.bind);
  const csv = stringify(csvOptions(spec.columns));
  const cells = new Transform({
    objectMode: true,
    transform(row: Row, _encoding, done) {
      done(null, spec.cells(row));
    },
  });
  // A failure (or the client going away) destroys every stage, and so releases the connection.
  pipeline(rows, cells, csv).catch(() => undefined);
  return csv;
}

/** The day of an export as `yyyy-MM-dd` in UTC (the file's name). */
export const exportDay = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * The HTTP answer of a CSV export: `text/csv` as an attachment named `<fileName>-<day>.csv`, never
 * cached, streamed (chunked) as it is read.
 */
export async function csvResponse<Row>(
  h: ResponseToolkit,
  db: Db,
  spec: CsvExportSpec<Row>,
): Promise<ResponseObject> {
  return csvAttachment(h, spec.fileName, await csvStream(db, spec));
}

/** A CSV answer: `text/csv` as an attachment named `<fileName>-<day>.csv`, never cached. */
export function csvAttachment(h: ResponseToolkit, fileName: string, body: Readable | string): ResponseObject {
  return h
    .response(body)
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}-${exportDay()}.csv"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
}

/** A number with `decimals` places (`1799.6` → `1799.60`), as the screens' CSV wrote amounts. */
export function csvAmount(amount: number | string, currency: string): string {
  return Number(amount).toFixed(currencyDecimals(currency));
}

const decimalsByCurrency = new Map<string, number>();

/** The currency's minor-unit digits (JPY 0, EUR 2, BHD 3), as the widgets read them from `Intl`. */
export function currencyDecimals(code: string): number {
  let decimals = decimalsByCurrency.get(code);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits as number;
    } catch {
      decimals = 2;
    }
    decimalsByCurrency.set(code, decimals);
  }
  return decimals;
}
