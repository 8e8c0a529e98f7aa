import { fileTypeFromBuffer } from 'file-type';
import { compoundFileRootStreams } from './cfb.js';

/** At most this many files per requisition or purchase order, counting those already stored (document 1 §5). */
export const MAX_FILES_PER_RECORD = 10;

/** Largest accepted file: 10 MB, as 10 × 1024 × 1024 bytes (document 1 §5); exactly 10 MB is accepted. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Longest stored display name (the `attachments.file_name` column holds 255 characters). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The accepted types as the specification lists them, for messages. */
export const ACCEPTED_TYPE_LABELS = 'PDF, DOC, DOCX, XLS, XLSX, PNG, JPG, JPEG';

interface AcceptedType {
  /** What the user calls it, for messages. */
  label: string;
  /** `file-type` results whose bytes are this kind of file. */
  detected: readonly string[];
  /** The content type stored when `file-type` names none more precise. */
  contentType: string;
  /** For compound (OLE) files: the root streams of which one must be present. */
  compoundStreams?: readonly string[];
}

const PDF: AcceptedType = { label: 'PDF', detected: ['pdf'], contentType: 'application/pdf' };
const JPEG: AcceptedType = { label: 'JPEG', detected: ['jpg'], contentType: 'image/jpeg' };

/**
 * Accepted extensions and what their bytes must be. DOCX/XLSX are ZIP packages whose content
 * types `file-type` reads (a macro-enabled `docm` renamed `.docx` is refused); DOC/XLS are
 * compound files told apart by their root streams (an `.msi` installer is a compound file too).
 */
const ACCEPTED: Readonly<Record<string, AcceptedType>> = {
  pdf: PDF,
  doc: {
    label: 'DOC',
    detected: ['cfb'],
    contentType: 'application/msword',
    compoundStreams: ['WordDocument'],
  },
  docx: {
    label: 'DOCX',
    detected: ['docx'],
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xls: {
    label: 'XLS',
    detected: ['cfb'],
    contentType: 'application/vnd.ms-excel',
    compoundStreams: ['Workbook', 'Book'],
  },
  xlsx: {
    label: 'XLSX',
    detected: ['xlsx'],
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  // An animated PNG is still a PNG: it starts with the PNG signature and shows as its first frame.
  png: { label: 'PNG', detected: ['png', 'apng'], contentType: 'image/png' },
  jpg: JPEG,
  jpeg: JPEG,
};

/** The outcome of checking one file's name and bytes. */
export type FileVerdict =
  | { ok: true; contentType: string }
  | { ok: false; reason: 'extension' }
  | { ok: false; reason: 'content'; label: string };

/** The extension of a name, lower case without the dot (`''` when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Decides whether a file is of an accepted type, by its extension AND its content: the bytes
 * must be what the extension claims. Answers the content type to store (the detected one).
 */
export async function checkFileType(fileName: string, bytes: Uint8Array): Promise<FileVerdict> {
  const accepted = ACCEPTED[extensionOf(fileName)];
  if (!accepted) return { ok: false, reason: 'extension' };
  const mismatch = { ok: false, reason: 'content', label: accepted.label } as const;
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !accepted.detected.includes(detected.ext)) return mismatch;
  if (accepted.compoundStreams) {
    const streams = compoundFileRootStreams(bytes);
    if (!streams || !accepted.compoundStreams.some((name) => streams.has(name))) return mismatch;
    return { ok: true, contentType: accepted.contentType };
  }
  return { ok: true, contentType: detected.ext === 'apng' ? detected.mime : accepted.contentType };
}

// C0 and C1 controls, and the bidirectional overrides and isolates that can make
// "invoice\u202Efdp.exe" display as "invoiceexe.pdf".
const UNSAFE_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name a file is shown and downloaded under: the last path segment of what the client sent
 * (old browsers send full Windows paths), NFC-normalised, without control or bidirectional
 * override characters, trimmed, at most {@link MAX_FILE_NAME_LENGTH} characters with the
 * extension kept. Never used to locate bytes: storage keys are generated.
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  let name = lastSegment.normalize('NFC').replace(UNSAFE_CHARACTERS, '').trim();
  // A name of dots only would read as a path, not a file.
  if (/^\.*$/.test(name)) name = '';
  if (name === '') return 'file';
  // Counted in code points, so a name is never cut inside a surrogate pair.
  const characters = [...name];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  const extension = extensionOf(name);
  // Keep a short extension so the shortened name still says what the file is.
  const suffix = extension && extension.length <= 10 ? name.slice(name.lastIndexOf('.')) : '';
  const kept = characters
    .slice(0, MAX_FILE_NAME_LENGTH - suffix.length)
    .join('')
    .trimEnd();
  return `${kept}${suffix}`;
}

/** Human size for messages: `10 MB`, `10.5 MB`, `512 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(2))} KB`;
  return `${bytes} bytes`;
}
