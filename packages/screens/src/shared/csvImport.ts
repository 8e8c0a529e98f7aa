/**
 * Reading an import file in the browser (users, products): papaparse over the text of a CSV file
 * (UTF-8, with or without a byte order mark), the first line naming the columns in any case and
 * spacing, and the header's columns checked against the ones the import knows.
 */
import Papa from 'papaparse';

/** An import file as read: its records by (trimmed, lower-cased) column, its columns and papaparse's errors. */
export interface CsvImportFile {
  records: Record<string, string | undefined>[];
  /** The columns the first line names (blank ones left out). */
  fields: string[];
  errors: Papa.ParseError[];
}

/** Reads the text of an import file; `skipEmptyLines` as papaparse takes it. */
export function readCsvImport(text: string, skipEmptyLines: 'greedy' | false): CsvImportFile {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines,
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = (parsed.meta.fields ?? []).filter((field) => field !== '');
  return { records: parsed.data, fields, errors: parsed.errors };
}

/** The required columns a header lacks, and the columns it names that the import does not know. */
export function columnProblems(
  fields: readonly string[],
  required: readonly string[],
  known: readonly string[],
): { missing: string[]; unknown: string[] } {
  return {
    missing: required.filter((column) => !fields.includes(column)),
    unknown: fields.filter((field) => !known.includes(field)),
  };
}

/** The last line of a refused header: which columns the first line must name. */
export function columnsLine(columns: readonly string[]): string {
  return `The first line must name the columns: ${columns.join(', ')}.`;
}
