import { isApiError, type Schemas } from '@purchasing/api-client';
import { TextArea } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useState } from 'react';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import { localDay } from '../shared/csv';
import type { ReceiveInput } from '../shared/purchaseOrderActions';
import {
  type ActionDialogState,
  ActionModal,
  ReceiptNotesField,
  ReceivedDateField,
  receivedDateMessages,
  receivedDateProblem,
} from './ActionModal';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** Product copy of the receive and cancel dialogs (document 2 §2 and the screen's own wording). */
export const purchaseOrderDialogMessages = {
  cannotBeUndone: 'This action cannot be undone.',
  ...receivedDateMessages,
} as const;

/** Props of {@link ReceiveDialog}. */
export interface ReceiveDialogProps extends ActionDialogState {
  order: PurchaseOrder;
  /** Records the receipt; rejects to keep the dialog open. */
  onReceive(input: ReceiveInput): Promise<unknown>;
}

/**
 * Mark as Received (document 2 §2): the day the goods arrived (today by default, never in the future
 * nor before the order was sent) and optional notes.
 */
export function ReceiveDialog({ order, onReceive, ...modal }: ReceiveDialogProps): ReactElement {
  const sentDay = order.sent_at ? localDay(order.sent_at) : undefined;
  const [receivedDate, setReceivedDate] = useState<string | null>(todayIsoDate);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();

  const reset = () => {
    setReceivedDate(todayIsoDate());
    setNotes('');
    setError(undefined);
  };

  const submit = async () => {
    const problem = receivedDateProblem(receivedDate, sentDay);
    if (problem !== undefined || receivedDate === null) return setError(problem);
    try {
      await onReceive({ received_date: receivedDate, notes: notes.trim() || null });
      modal.onOpenChange(false);
      reset();
    } catch (failure) {
      // The action toasted why; the dialog stays open with what was typed, and a refused date says so
      // on the field.
      const detail = isApiError(failure)
        ? failure.details.find((entry) => entry.field === 'received_date')
        : undefined;
      if (detail) setError(detail.message);
    }
  };

  return (
    <ActionModal
      {...modal}
      onDismissed={reset}
      title={`Mark ${order.po_number} as received`}
      description="Record that the goods or services arrived. The order's amount then counts as spent in the budget."
      confirmLabel="Mark as Received"
      confirmVariant="success"
      onConfirm={() => void submit()}
    >
      <Flex direction="column" gap="4">
        <ReceivedDateField
          value={receivedDate}
          sentDay={sentDay}
          onChange={(day) => {
            setReceivedDate(day);
            setError(undefined);
          }}
          pending={modal.pending}
          error={error}
        />
        <ReceiptNotesField value={notes} onChange={setNotes} pending={modal.pending} />
      </Flex>
    </ActionModal>
  );
}

/** Props of {@link CancelDialog}. */
export interface CancelDialogProps extends ActionDialogState {
  order: PurchaseOrder;
  /** Cancels the order; rejects to keep the dialog open. */
  onCancelOrder(reason: string | null): Promise<unknown>;
}

/**
 * Cancel (document 2 §2): an optional reason, and a confirmation that says it cannot be undone. A sent
 * order's vendor is not told by the product, which the text reminds.
 */
export function CancelDialog({ order, onCancelOrder, ...modal }: CancelDialogProps): ReactElement {
  const [reason, setReason] = useState('');
  const submit = async () => {
    try {
      await onCancelOrder(reason.trim() || null);
      modal.onOpenChange(false);
      setReason('');
    } catch {
      // The action toasted why; the dialog stays open with the reason typed.
    }
  };
  const requisition = order.requisition?.requisition_number;
  return (
    <ActionModal
      {...modal}
      onDismissed={() => setReason('')}
      title={`Cancel ${order.po_number}?`}
      description={
        <>
          {requisition ? `${requisition} goes back to approved, ready for another order. ` : null}
          {order.status === 'sent' ? 'Let the vendor know the order is cancelled. ' : null}
          <Text weight="bold">{purchaseOrderDialogMessages.cannotBeUndone}</Text>
        </>
      }
      dismissLabel="Keep Order"
      confirmLabel="Cancel Order"
      confirmVariant="danger"
      onConfirm={() => void submit()}
    >
      <TextArea
        label="Reason"
        hint="Optional · kept with the order"
        placeholder="Why is this order cancelled?"
        rows={3}
        maxLength={1000}
        resize="vertical"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        disabled={modal.pending}
      />
    </ActionModal>
  );
}
