import { formatFileSize } from '@purchasing/ui';
import { type ImportRow, MAX_IMPORT_FILE_SIZE } from './bulkImport';

/** Product copy of the Bulk Import dialog (own wording; the creation failure is document 2 §8's). */
export const bulkImportMessages = {
  title: 'Bulk Import Users',
  createFailed: 'Failed to create user',
  notCsv: 'Choose a CSV file (.csv).',
  tooLarge: `The file is larger than ${formatFileSize(MAX_IMPORT_FILE_SIZE)}. Split it into smaller files.`,
  unreadable: 'The file could not be read.',
  listsFailed: 'Roles and departments could not be loaded, so the file cannot be checked.',
  stopped: 'Not imported: the import was stopped',
} as const;

/** Where one row stands during and after the import. */
export type RowOutcome =
  | { status: 'waiting' }
  | { status: 'creating' }
  | { status: 'created' }
  | { status: 'failed'; message: string }
  | { status: 'stopped' };

export interface ImportState {
  phase: 'choose' | 'preview' | 'importing' | 'done';
  fileName: string | null;
  fileErrors: string[];
  rows: ImportRow[];
  outcomes: Record<number, RowOutcome>;
}

export const initialState: ImportState = {
  phase: 'choose',
  fileName: null,
  fileErrors: [],
  rows: [],
  outcomes: {},
};
