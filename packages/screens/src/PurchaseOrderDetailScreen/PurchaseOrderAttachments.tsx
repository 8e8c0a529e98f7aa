import { purchaseOrderKeys, type Schemas, uploadAttachments } from '@purchasing/api-client';
import { formatDateTime, toast, usePortalContainer } from '@purchasing/ui';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { AttachmentRemovalDialog, useAttachmentRemoval } from '../kit/detail/AttachmentRemoval';
import { AttachmentsPanel } from '../kit/detail/AttachmentsPanel';
import { AttachmentUploader } from '../kit/detail/AttachmentUploader';
import { usePurchasing } from '../PurchasingProvider';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import { MAX_RECORD_ATTACHMENTS } from '../shared/attachments';

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
  const [rejections, setRejections] = useState<string[]>([]);
  // Emptied (remounted) after each successful upload: the files then show in the list above instead.
  const [uploaderKey, setUploaderKey] = useState(0);

  const { attachments } = order;
  const room = MAX_RECORD_ATTACHMENTS - attachments.length;
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.detail(organizationId, order.id) });
  const removal = useAttachmentRemoval(organizationId, refresh);

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
              onClick={() => removal.ask(attachment)}
            >
              <Trash2 size={14} aria-hidden />
            </IconButton>
          </Tooltip>
        ) : null
      }
    >
      {canChange ? (
        <AttachmentUploader
          recordName="order"
          room={room}
          resetKey={uploaderKey}
          autoUpload
          onUpload={upload}
          rejections={rejections}
          onRejectionsChange={setRejections}
        />
      ) : null}

      <AttachmentRemovalDialog
        removal={removal}
        message={(attachment) => `${attachment.file_name} will be deleted from ${order.po_number}.`}
      />
    </AttachmentsPanel>
  );
}
