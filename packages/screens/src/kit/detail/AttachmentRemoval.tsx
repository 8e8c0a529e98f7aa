import { type Schemas, unwrap } from '@purchasing/api-client';
import { ConfirmDialog, toast } from '@purchasing/ui';
import { type ReactElement, useState } from 'react';
import { usePurchasing } from '../../PurchasingProvider';
import { messageOf } from '../../RequisitionFormScreen/serverErrors';

type Attachment = Schemas['Attachment'];

/** The removal of a record's file, asked first: {@link useAttachmentRemoval}. */
export interface AttachmentRemoval {
  /** Asks whether to remove the file. */
  ask(attachment: Attachment): void;
  /** The file asked about, while the question is open. */
  confirming: Attachment | null;
  removing: boolean;
  cancel(): void;
  confirm(): Promise<void>;
}

/**
 * Removes a record's file once the user confirms (`DELETE /attachments/{id}`), toasting '… removed' or
 * the server's reason; `onRemoved` then refreshes what showed the file.
 */
export function useAttachmentRemoval(
  organizationId: string,
  onRemoved: (attachment: Attachment) => unknown,
): AttachmentRemoval {
  const { client } = usePurchasing();
  const [confirming, setConfirming] = useState<Attachment | null>(null);
  const [removing, setRemoving] = useState(false);
  const confirm = async () => {
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
      await onRemoved(confirming);
    } catch (error) {
      toast.error(messageOf(error, 'Failed to remove attachment'));
    } finally {
      setRemoving(false);
    }
  };
  return {
    ask: setConfirming,
    confirming,
    removing,
    cancel: () => {
      if (!removing) setConfirming(null);
    },
    confirm,
  };
}

/** 'Remove attachment?' with what removing the file means (`message`), for {@link useAttachmentRemoval}. */
export function AttachmentRemovalDialog({
  removal,
  message,
}: {
  removal: AttachmentRemoval;
  message: (attachment: Attachment) => string;
}): ReactElement {
  return (
    <ConfirmDialog
      open={removal.confirming !== null}
      onOpenChange={(open) => {
        if (!open) removal.cancel();
      }}
      onConfirm={() => void removal.confirm()}
      title="Remove attachment?"
      message={removal.confirming ? message(removal.confirming) : ''}
      confirmLabel="Remove"
      cancelLabel="Keep file"
      variant="danger"
      loading={removal.removing}
    />
  );
}
