/**
 * Files attached to demo requisitions: small real PDFs written through the same two tables the upload
 * uses (the bytes in `attachment_blobs` under a generated key, the metadata in `attachments`), so an
 * approver can open one from the detail or the review.
 */
import { newStorageKey } from '../../features/attachments/storage.js';
import { type DemoContext, userId } from './context.js';
import type { AttachmentFixture } from './types.js';

/** A one-page PDF showing `lines` (PDF 1.4 with a correct cross-reference table). */
export function demoPdf(lines: readonly string[]): Buffer {
  const pdfString = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map(
    (line, index) => `BT /F1 12 Tf 72 ${740 - index * 18} Td (${pdfString(line)}) Tj ET`,
  );
  const stream = text.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Attaches `files` to the requisition `requisitionId`, uploaded by `uploader` at `at`. */
export async function writeAttachments(
  context: DemoContext,
  organizationId: string,
  requisitionId: string,
  uploader: string,
  at: Date,
  files: readonly AttachmentFixture[],
): Promise<void> {
  const { models, transaction } = context;
  for (const file of files) {
    const bytes = demoPdf(file.lines);
    const key = newStorageKey(organizationId);
    await models.AttachmentBlob.create({ storage_key: key, bytes, created_at: at }, { transaction });
    await models.Attachment.create(
      {
        organization_id: organizationId,
        entity_type: 'requisition',
        entity_id: requisitionId,
        file_name: file.fileName,
        file_size: bytes.length,
        content_type: 'application/pdf',
        storage_key: key,
        uploaded_by_id: userId(context, uploader),
        uploaded_at: at,
      },
      { transaction },
    );
  }
}
