/**
 * The bulk import of users from a CSV file: the reading of a file (papaparse, the header, blank lines,
 * malformed lines and the row limit) into rows checked by {@link validateImportRows}. The documented
 * columns and the template live in `importColumns.ts`; all of it is exported from here.
 */
import { columnProblems, columnsLine, readCsvImport } from '../shared/csvImport';
import { IMPORT_COLUMNS, IMPORT_HEADER, MAX_IMPORT_ROWS } from './importColumns';
import { type ImportContext, type ImportRow, validateImportRows } from './validateImportRows';

export {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE_LINE,
  IMPORT_HEADER,
  IMPORT_TEMPLATE_FILE_NAME,
  type ImportColumn,
  importTemplateCsv,
  MAX_IMPORT_FILE_SIZE,
  MAX_IMPORT_ROWS,
} from './importColumns';
export type { ImportContext, ImportRow } from './validateImportRows';

/** What {@link parseImportCsv} found in a file. */
export interface ImportParseResult {
  /** Problems with the file as a whole (columns, size); when present, `rows` is empty. */
  fileErrors: string[];
  rows: ImportRow[];
}

/**
 * Reads an import file (text of a CSV file, UTF-8, with or without a byte order mark) and checks each
 * row: the Create User rules, the role by name, the department by code or name (active), the manager by
 * email (an active member with a manager role), send_invite as yes or no, emails not already members and
 * not repeated in the file. Blank lines are skipped.
 */
export function parseImportCsv(text: string, context: ImportContext): ImportParseResult {
  const { records, fields, errors } = readCsvImport(text, false);
  if (fields.length === 0) return { fileErrors: ['The file is empty.'], rows: [] };
  const { missing, unknown } = columnProblems(
    fields,
    IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.name),
    IMPORT_HEADER,
  );
  const fileErrors: string[] = [];
  if (missing.length > 0)
    fileErrors.push(`Missing ${plural(missing.length, 'column')}: ${missing.join(', ')}.`);
  if (unknown.length > 0)
    fileErrors.push(`Unknown ${plural(unknown.length, 'column')}: ${unknown.join(', ')}.`);
  if (fileErrors.length > 0) {
    fileErrors.push(columnsLine(IMPORT_HEADER));
    return { fileErrors, rows: [] };
  }

  const shapeErrors = new Map<number, string>();
  for (const error of errors) {
    if (error.row !== undefined && error.type === 'FieldMismatch') {
      shapeErrors.set(error.row, `Expected ${IMPORT_HEADER.length} values separated by commas`);
    } else if (error.row !== undefined && error.type === 'Quotes') {
      shapeErrors.set(error.row, 'A quoted value is not closed');
    }
  }
  const entries = records
    .map((record, index) => ({ record, index }))
    .filter(({ record }) => Object.values(record).some((value) => (value ?? '').trim() !== ''));
  if (entries.length === 0) return { fileErrors: ['The file has no user rows under its header.'], rows: [] };
  if (entries.length > MAX_IMPORT_ROWS) {
    return {
      fileErrors: [`The file has ${entries.length} user rows; import at most ${MAX_IMPORT_ROWS} at a time.`],
      rows: [],
    };
  }

  return { fileErrors: [], rows: validateImportRows(entries, shapeErrors, context) };
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
