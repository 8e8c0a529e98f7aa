/**
 * Reading a product import file in the browser (the server checks the rows): papaparse, a header
 * naming known columns, blank lines skipped, at most {@link MAX_PRODUCT_IMPORT_ROWS} rows.
 */
import type { ProductImportRow } from '@purchasing/api-client';
import { columnProblems, columnsLine, readCsvImport } from '../shared/csvImport';

/** The columns of a product import file; only `name` is required. */
export const PRODUCT_IMPORT_COLUMNS = [
  'name',
  'sku',
  'description',
  'category',
  'unit_of_measure',
  'unit_price',
  'currency',
  'vendor',
] as const satisfies readonly (keyof ProductImportRow)[];

/** The most rows one import takes (the contract's limit). */
export const MAX_PRODUCT_IMPORT_ROWS = 1000;
/** The largest file read (1 MB). */
export const MAX_PRODUCT_IMPORT_FILE_SIZE = 1024 * 1024;

/** A template a user can fill in: the header and one example line. */
export const productImportTemplate = `${PRODUCT_IMPORT_COLUMNS.join(',')}\nA4 copy paper,PAP-A4-80,"80 gsm, 5 reams",Stationery,box,42.50,AUD,Officeworks\n`;

/** What {@link parseProductImport} found: problems with the file as a whole, or its rows. */
export interface ProductImportParse {
  fileErrors: string[];
  rows: ProductImportRow[];
}

/** Reads the text of a CSV file (UTF-8, with or without a byte order mark) into import rows. */
export function parseProductImport(text: string): ProductImportParse {
  const { records, fields } = readCsvImport(text, 'greedy');
  if (fields.length === 0) return { fileErrors: ['The file is empty.'], rows: [] };
  const { missing, unknown } = columnProblems(fields, ['name'], PRODUCT_IMPORT_COLUMNS);
  const fileErrors: string[] = [];
  if (missing.length > 0) fileErrors.push('Missing column: name.');
  if (unknown.length > 0) fileErrors.push(`Unknown columns: ${unknown.join(', ')}.`);
  if (fileErrors.length > 0) {
    fileErrors.push(columnsLine(PRODUCT_IMPORT_COLUMNS));
    return { fileErrors, rows: [] };
  }
  if (records.length === 0) return { fileErrors: ['The file has no rows.'], rows: [] };
  if (records.length > MAX_PRODUCT_IMPORT_ROWS) {
    return { fileErrors: [`At most ${MAX_PRODUCT_IMPORT_ROWS} rows can be imported at once.`], rows: [] };
  }
  const rows = records.map((record) => {
    const row: ProductImportRow = { name: record.name?.trim() ?? '' };
    for (const column of PRODUCT_IMPORT_COLUMNS) {
      const value = record[column]?.trim();
      if (column !== 'name' && value) row[column] = value;
    }
    return row;
  });
  return { fileErrors: [], rows };
}
