import { purchaseOrderKeys, type Schemas, unwrap, uploadAttachments } from '@purchasing/api-client';
import { ConfirmDialog, FileUploader, formatDateTime, toast, usePortalContainer } from '@purchasing/ui';
import { Box, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { AttachmentsPanel } from '../kit/detail/AttachmentsPanel';
import { usePurchasing } from '../PurchasingProvider';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_RECORD_ATTACHMENTS,
} from '../shared/attachments';

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
 * The order's files (the detail kit's panel, each with its Download and upload date); on a draft a buyer also
 * uploads (up to 10 files, 10 MB each, the accepted types) and removes them. Failed uploads and
 * downloads are only logged (document 2 §8); the uploader marks a failed file with the server's reason.
 */
export function PurchaseOrderAttachments({
  organizationId,
  order,
  canChange,
}: PurchaseOrderAttachmentsProps): ReactElement {
  const portalContainer = usePortalContainer();
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  const [removing, setRemoving] = useState(false);
  const [rejections, setRejections] = useState<string[]>([]);
  // Emptied (remounted) after each successful upload: the files then show in the list above instead.
  const [uploaderKey, setUploaderKey] = useState(0);

  const { attachments } = order;
  const room = MAX_RECORD_ATTACHMENTS - attachments.length;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.detail(organizationId, order.id) });

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
    <AttachmentsPanel
      attachments={attachments}
      organizationId={organizationId}
      description={canChange ? 'Quotes, specifications or terms to send with the order.' : undefined}
      meta={(attachment) => formatDateTime(attachment.uploaded_at)}
      rowActions={(attachment) =>
        canChange ? (
          <Tooltip container={portalContainer} content="Remove">
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
        ) : null
      }
    >
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
    </AttachmentsPanel>
  );
}
