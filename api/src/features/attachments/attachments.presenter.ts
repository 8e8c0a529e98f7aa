import type { components } from '@purchasing/contract';

/** An attachment as the contract declares it (`Attachment`). */
export type AttachmentView = components['schemas']['Attachment'];

/** The columns of `attachments` that {@link presentAttachment} reads, for `SELECT … FROM attachments a`. */
export const ATTACHMENT_COLUMNS = 'a.id, a.file_name, a.file_size, a.content_type, a.uploaded_at';

/** A row of {@link ATTACHMENT_COLUMNS} as the driver answers it (BIGINT arrives as a string). */
export interface AttachmentRow {
  id: string;
  file_name: string;
  file_size: string | number;
  content_type: string;
  uploaded_at: Date | string;
}

/** Shapes a row for the API: size as a number of bytes, upload time as ISO 8601 UTC. */
export function presentAttachment(row: AttachmentRow): AttachmentView {
  return {
    id: row.id,
    file_name: row.file_name,
    file_size: Number(row.file_size),
    content_type: row.content_type,
    uploaded_at: new Date(row.uploaded_at).toISOString(),
  };
}

/**
 * `Content-Disposition: attachment` for a display name (RFC 6266): an ASCII `filename` for old
 * clients (accents dropped, anything else outside printable ASCII, quotes and backslashes
 * replaced by `_`) and the exact name as UTF-8 in `filename*` (RFC 5987 / 8187).
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * ! unencoded; RFC 5987's attr-char does not allow ' ( ) *.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
