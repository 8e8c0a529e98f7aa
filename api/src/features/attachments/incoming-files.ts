import { DomainError, type ErrorCode, type ErrorDetail } from '../../domain/errors.js';
import type { IncomingFile } from './attachments.service.js';
import {
  ACCEPTED_TYPE_LABELS,
  checkFileType,
  type FileVerdict,
  formatBytes,
  MAX_FILE_BYTES,
  sanitizeFileName,
} from './file-rules.js';

/**
 * The files of an upload, checked before any lock is taken: names sanitised, sizes and types
 * (sniffed from the bytes) judged, and the refusal of every file of the first kind of problem.
 */

export interface PreparedFile {
  index: number;
  fileName: string;
  size: number;
  read(): Promise<Buffer>;
  verdict: FileVerdict | 'empty' | 'too_large';
}

/**
 * Names, sizes and types of the files, checked before any lock is taken (sniffing costs CPU). One
 * file at a time, and a file over the limit is never read.
 */
export async function prepareFiles(files: readonly IncomingFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  for (const [index, file] of files.entries()) {
    const fileName = sanitizeFileName(file.fileName);
    const verdict =
      file.size > MAX_FILE_BYTES
        ? ('too_large' as const)
        : file.size === 0
          ? ('empty' as const)
          : await checkFileType(fileName, await file.read());
    prepared.push({ index, fileName, size: file.size, read: () => file.read(), verdict });
  }
  return prepared;
}

/** One error for every refused file of a kind: its status, its code and a message per file. */
function refuse(
  status: number,
  code: ErrorCode,
  refused: { index: number; message: string }[],
  summary: (count: number) => string,
): DomainError {
  const details: ErrorDetail[] = refused.map((file) => ({
    field: `files.${file.index}`,
    message: file.message,
  }));
  const message = refused.length === 1 ? refused[0]!.message : summary(refused.length);
  return new DomainError(status, code, message, details);
}

/**
 * Throws for the first kind of problem among the files, naming every file that has it: 413 for
 * files over 10 MB, 400 for empty files, 415 for a type that is not accepted or bytes that are
 * not what the extension says.
 */
export function assertFilesAcceptable(files: readonly PreparedFile[]): asserts files is (PreparedFile & {
  verdict: { ok: true; contentType: string };
})[] {
  const limit = formatBytes(MAX_FILE_BYTES);
  const large = files.filter((file) => file.verdict === 'too_large');
  if (large.length) {
    throw refuse(
      413,
      'PAYLOAD_TOO_LARGE',
      large.map((file) => ({
        index: file.index,
        message: `"${file.fileName}" is larger than ${limit}, the limit per file`,
      })),
      (count) => `${count} files are larger than ${limit}, the limit per file`,
    );
  }
  const empty = files.filter((file) => file.verdict === 'empty');
  if (empty.length) {
    throw refuse(
      400,
      'VALIDATION_FAILED',
      empty.map((file) => ({ index: file.index, message: `"${file.fileName}" is empty` })),
      (count) => `${count} files are empty`,
    );
  }
  const refusedTypes: { index: number; message: string }[] = [];
  for (const file of files) {
    const verdict = file.verdict;
    if (typeof verdict === 'string' || verdict.ok) continue;
    refusedTypes.push({
      index: file.index,
      message:
        verdict.reason === 'extension'
          ? `File type not accepted: "${file.fileName}". Accepted types: ${ACCEPTED_TYPE_LABELS}`
          : `"${file.fileName}" is not a valid ${verdict.label} file: its content does not match its extension`,
    });
  }
  if (refusedTypes.length) {
    throw refuse(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      refusedTypes,
      (count) => `${count} files were refused: each must be a real ${ACCEPTED_TYPE_LABELS} file`,
    );
  }
}
