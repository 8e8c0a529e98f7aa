import { purchaseOrderKeys, type Schemas, unwrap, uploadAttachments } from '@purchasing/api-client';
import { Button, ConfirmDialog, FileUploader, formatDateTime, formatFileSize, toast } from '@purchasing/ui';
import { Box, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Paperclip, Trash2 } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  downloadAttachment,
  MAX_ATTACHMENT_BYTES,
  MAX_RECORD_ATTACHMENTS,
} from '../shared/attachments';
import { Panel } from '../shared/Panel';

type Attachment = Schemas['Attachment'];

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Props of {@link PurchaseOrderAttachments}. */
export interface PurchaseOrderAttachmentsProps {
  organizationId: string;
  order: Schemas['PurchaseOrder'];
  /** Whether files may be added and removed (a draft, for a buyer); the server decides either way. */
  canChange: boolean;
}

/**
 * The order's files: each downloadable through a short-lived signed link; on a draft a buyer also
 * uploads (up to 10 files, 10 MB each, the accepted types) and removes them. Failed uploads and
 * downloads are only logged (document 2 §8); the uploader marks a failed file with the server's reason.
 */
export function PurchaseOrderAttachments({
  organizationId,
  order,
  canChange,
}: PurchaseOrderAttachmentsProps): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  const [removing, setRemoving] = useState(false);
  const [rejections, setRejections] = useState<string[]>([]);
  // Emptied (remounted) after each successful upload: the files then show in the list above instead.
  const [uploaderKey, setUploaderKey] = useState(0);

  const { attachments } = order;
  const room = MAX_RECORD_ATTACHMENTS - attachments.length;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.detail(organizationId, order.id) });

  const download = async (attachment: Attachment) => {
    setDownloading(attachment.id);
    await downloadAttachment(client, organizationId, attachment);
    setDownloading(null);
  };

  const upload = async (files: File[]) => {
    try {
      await uploadAttachments(client, {
        organizationId,
        entityType: 'purchase_order',
        entityId: order.id,
        files,
      });
    } catch (error) {
      console.error(`Failed to upload attachments to ${order.po_number}`, error);
      // The uploader shows this message on each file of the batch.
      throw new Error(messageOf(error, 'Upload failed'));
    }
    toast.success(files.length === 1 ? `${files[0]?.name} attached` : `${files.length} files attached`);
    await refresh();
    setUploaderKey((key) => key + 1);
  };

  const remove = async () => {
    if (!confirming) return;
    setRemoving(true);
    try {
      await unwrap(
        client.api.DELETE('/attachments/{id}', {
          params: { path: { id: confirming.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      );
      toast.success(`${confirming.file_name} removed`);
      setConfirming(null);
      await refresh();
    } catch (error) {
      toast.error(messageOf(error, 'Failed to remove attachment'));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Panel
      title="Attachments"
      description={canChange ? 'Quotes, specifications or terms to send with the order.' : undefined}
    >
      <Flex direction="column" gap="4">
        {attachments.length === 0 ? (
          <Flex align="center" gap="2">
            <Paperclip size={16} aria-hidden style={{ color: 'var(--gray-10)' }} />
            <Text color="gray">No attachments</Text>
          </Flex>
        ) : (
          <Flex asChild direction="column" gap="2">
            <ul aria-label="Attachments" style={listStyle}>
              {attachments.map((attachment) => (
                <Flex
                  asChild
                  key={attachment.id}
                  align="center"
                  gap="3"
                  p="3"
                  style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }}
                >
                  <li>
                    <Flex
                      aria-hidden
                      align="center"
                      justify="center"
                      flexShrink="0"
                      style={{
                        width: 36,
                        height: 36,
                        borderRadius: 'var(--radius-2)',
                        background: 'var(--accent-a3)',
                        color: 'var(--accent-11)',
                      }}
                    >
                      <FileText size={18} />
                    </Flex>
                    <Flex direction="column" minWidth="0" flexGrow="1">
                      <Text size="2" weight="medium" truncate title={attachment.file_name}>
                        {attachment.file_name}
                      </Text>
                      <Text size="1" color="gray">
                        {formatFileSize(attachment.file_size)} · {formatDateTime(attachment.uploaded_at)}
                      </Text>
                    </Flex>
                    <Flex gap="2" align="center" flexShrink="0">
                      <Button
                        variant="secondary"
                        size="1"
                        onClick={() => void download(attachment)}
                        loading={downloading === attachment.id}
                        aria-label={`Download ${attachment.file_name}`}
                      >
                        {downloading === attachment.id ? null : <Download size={14} aria-hidden />}
                        Download
                      </Button>
                      {canChange ? (
                        <Tooltip content="Remove">
                          <IconButton
                            type="button"
                            variant="ghost"
                            color="red"
                            size="1"
                            aria-label={`Remove ${attachment.file_name}`}
                            onClick={() => setConfirming(attachment)}
                          >
                            <Trash2 size={14} aria-hidden />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </Flex>
                  </li>
                </Flex>
              ))}
            </ul>
          </Flex>
        )}

        {canChange ? (
          // A new choice of files (input change or drop) replaces the messages about the previous one.
          <Box onChangeCapture={() => setRejections([])} onDropCapture={() => setRejections([])}>
            <FileUploader
              key={uploaderKey}
              label="Add files"
              multiple
              autoUpload
              accept={ACCEPTED_ATTACHMENT_TYPES}
              maxSize={MAX_ATTACHMENT_BYTES}
              maxFiles={Math.max(room, 0)}
              disabled={room <= 0}
              hint={
                room <= 0
                  ? `This order has the maximum of ${MAX_RECORD_ATTACHMENTS} files.`
                  : `PDF, Word, Excel, PNG or JPEG · up to 10 MB each · ${room} of ${MAX_RECORD_ATTACHMENTS} files left`
              }
              onReject={(found) =>
                setRejections(
                  found.map(({ message, files }) =>
                    files.length === 1 && files[0] ? `${files[0].name}: ${message}` : message,
                  ),
                )
              }
              onUpload={upload}
            />
          </Box>
        ) : null}

        {rejections.length > 0 ? (
          <div role="alert" aria-label="Files not added">
            <Flex asChild direction="column" gap="1">
              <ul style={listStyle}>
                {rejections.map((message, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two files may be refused for the same reason
                  <Text as="span" size="2" color="red" key={index} asChild>
                    <li>{message}</li>
                  </Text>
                ))}
              </ul>
            </Flex>
          </div>
        ) : null}
      </Flex>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !removing) setConfirming(null);
        }}
        onConfirm={() => void remove()}
        title="Remove attachment?"
        message={confirming ? `${confirming.file_name} will be deleted from ${order.po_number}.` : ''}
        confirmLabel="Remove"
        cancelLabel="Keep file"
        variant="danger"
        loading={removing}
      />
    </Panel>
  );
}
