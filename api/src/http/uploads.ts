import { rm } from 'node:fs/promises';

/**
 * A file part as Hapi hands it over with `multipart.output: 'file'`: streamed to a temporary file
 * while the request arrives (never buffered whole), removed once the response is sent.
 */
export interface FilePart {
  filename: string;
  path: string;
  bytes: number;
  headers: Record<string, string>;
}

export const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FilePart).path === 'string' &&
  typeof (value as FilePart).bytes === 'number';

/** Every temporary file of an upload request's payload. */
function temporaryFilesOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  return Object.values(payload)
    .flat()
    .filter(isFilePart)
    .map((part) => part.path);
}

/** Removes an upload's temporary files (after the response, whatever it was). */
export async function removeTemporaryFiles(payload: unknown): Promise<void> {
  await Promise.all(temporaryFilesOf(payload).map((file) => rm(file, { force: true })));
}
