/**
 * The bulk import of users from a CSV file: the reading of a file (papaparse, the header, blank lines,
 * malformed lines and the row limit) into rows checked by {@link validateImportRows}. The documented
 * columns and the template live in `importColumns.ts`; all of it is exported from here.
 */
import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_HEADER, MAX_IMPORT_ROWS } from './importColumns';
import { type ImportContext, type ImportRow, lower, validateImportRows } from './validateImportRows';

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
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: false,
    transformHeader: (header) => lower(header),
  });
  const fields = (parsed.meta.fields ?? []).filter((field) => field !== '');
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !fields.includes(column.name)).map(
    (column) => column.name,
  );
  const unknown = fields.filter((field) => !IMPORT_HEADER.includes(field));
  const fileErrors: string[] = [];
  if (fields.length === 0) {
    return { fileErrors: ['The file is empty.'], rows: [] };
  }
  if (missing.length > 0)
    fileErrors.push(`Missing ${plural(missing.length, 'column')}: ${missing.join(', ')}.`);
  if (unknown.length > 0)
    fileErrors.push(`Unknown ${plural(unknown.length, 'column')}: ${unknown.join(', ')}.`);
  if (fileErrors.length > 0) {
    fileErrors.push(`The first line must name the columns: ${IMPORT_HEADER.join(', ')}.`);
    return { fileErrors, rows: [] };
  }

  const shapeErrors = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.type === 'FieldMismatch') {
      shapeErrors.set(error.row, `Expected ${IMPORT_HEADER.length} values separated by commas`);
    } else if (error.row !== undefined && error.type === 'Quotes') {
      shapeErrors.set(error.row, 'A quoted value is not closed');
    }
  }
  const entries = parsed.data
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
