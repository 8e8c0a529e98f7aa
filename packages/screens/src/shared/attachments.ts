/**
 * Attachments of any record (requisition or purchase order): the contract's limits and the download of
 * a file through its short-lived signed link.
 */
import { type PurchasingClient, type Schemas, unwrap } from '@purchasing/api-client';

/** The most files one record may carry, counting those already attached (contract `uploadAttachments`). */
export const MAX_RECORD_ATTACHMENTS = 10;
/** The largest file a record accepts, in bytes. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** The file types a record accepts. */
export const ACCEPTED_ATTACHMENT_TYPES = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.png',
  '.jpg',
  '.jpeg',
] as const;

/**
 * Asks the server for a short-lived signed link to an attachment (`GET /attachments/{id}`) and starts
 * its download. Resolves false when it failed; failures are only logged (document 2 §8).
 */
export async function downloadAttachment(
  client: PurchasingClient,
  organizationId: string,
  attachment: Pick<Schemas['Attachment'], 'id' | 'file_name'>,
): Promise<boolean> {
  try {
    const { url } = await unwrap(
      client.api.GET('/attachments/{id}', {
        params: { path: { id: attachment.id }, header: { 'X-Organization-Id': organizationId } },
      }),
    );
    // The signed link needs no token and is served as an attachment, so a plain link click downloads it
    // without leaving the page.
    const link = document.createElement('a');
    link.href = url;
    link.download = attachment.file_name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    return true;
  } catch (error) {
    console.error(`Failed to download attachment ${attachment.file_name}`, error);
    return false;
  }
}
