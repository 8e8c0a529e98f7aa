import { isApiError, type Schemas } from '@purchasing/api-client';
import { NumberInput, SelectDropdown } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useState } from 'react';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import { localDay } from '../shared/csv';
import {
  type ActionDialogState,
  ActionModal,
  ReceiptNotesField,
  ReceivedDateField,
  receivedDateProblem,
} from './ActionModal';

type PurchaseOrder = Schemas['PurchaseOrder'];
/** What Record Receipt sends (`createPurchaseOrderReceipt`). */
export type ReceiptInput = Schemas['PurchaseOrderReceiptInput'];

/** Product copy of the Record Receipt dialog. */
export const recordReceiptMessages = {
  nothingReceived: 'Enter a quantity for at least one line',
  overReceipt: (outstanding: number) => `Only ${outstanding} outstanding`,
} as const;

const outstandingOf = (line: PurchaseOrder['po_line_items'][number]) =>
  line.quantity - line.quantity_received;
const defaults = (order: PurchaseOrder) =>
  Object.fromEntries(order.po_line_items.map((line) => [line.id, outstandingOf(line)])) as Record<
    string,
    number | null
  >;

/** Props of {@link RecordReceiptDialog}. */
export interface RecordReceiptDialogProps extends ActionDialogState {
  order: PurchaseOrder;
  /** Records the receipt; rejects to keep the dialog open. */
  onRecord(input: ReceiptInput): Promise<unknown>;
}

/**
 * Record Receipt (docs/decisions.md "Receipts"): a quantity per line (what is outstanding by
 * default; 0 receives nothing of it), the day the goods arrived, notes and optionally one of the
 * order's files. The server refuses more than is outstanding, and the field says so.
 */
export function RecordReceiptDialog({ order, onRecord, ...modal }: RecordReceiptDialogProps): ReactElement {
  const sentDay = order.sent_at ? localDay(order.sent_at) : undefined;
  const open_lines = order.po_line_items.filter((line) => outstandingOf(line) > 0);
  const [quantities, setQuantities] = useState(() => defaults(order));
  const [receivedAt, setReceivedAt] = useState<string | null>(todayIsoDate);
  const [notes, setNotes] = useState('');
  const [attachmentId, setAttachmentId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reset = () => {
    setQuantities(defaults(order));
    setReceivedAt(todayIsoDate());
    setNotes('');
    setAttachmentId(null);
    setErrors({});
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    const dateProblem = receivedDateProblem(receivedAt, sentDay);
    if (dateProblem !== undefined) found.received_at = dateProblem;
    const lines = open_lines
      .map((line) => ({ po_line_item_id: line.id, quantity: quantities[line.id] ?? 0 }))
      .filter((line) => line.quantity > 0);
    for (const line of open_lines) {
      if ((quantities[line.id] ?? 0) > outstandingOf(line)) {
        found[line.id] = recordReceiptMessages.overReceipt(outstandingOf(line));
      }
    }
    if (lines.length === 0) found.lines = recordReceiptMessages.nothingReceived;
    setErrors(found);
    if (Object.keys(found).length > 0 || !receivedAt) return;
    try {
      await onRecord({
        received_at: receivedAt,
        notes: notes.trim() || null,
        attachment_id: attachmentId,
        lines,
      });
      modal.onOpenChange(false);
      reset();
    } catch (failure) {
      // The action toasted why; a refused field says so in place (lines.<i>.quantity → that line).
      if (!isApiError(failure)) return;
      const next: Record<string, string> = {};
      for (const detail of failure.details) {
        const match = /^lines\.(\d+)\./.exec(detail.field);
        const line = match ? lines[Number(match[1])] : undefined;
        next[line ? line.po_line_item_id : detail.field] = detail.message;
      }
      setErrors(next);
    }
  };

  return (
    <ActionModal
      {...modal}
      onDismissed={reset}
      title={`Record a receipt for ${order.po_number}`}
      description="Enter what arrived in this delivery. What is received counts as spent in the budget."
      confirmLabel="Record Receipt"
      confirmVariant="success"
      onConfirm={() => void submit()}
    >
      <Flex direction="column" gap="4">
        {open_lines.map((line) => (
          <NumberInput
            key={line.id}
            label={`${line.description} (received)`}
            hint={`${line.quantity_received} of ${line.quantity} received · ${outstandingOf(line)} outstanding`}
            min={0}
            step={1}
            passOutOfRange
            value={quantities[line.id] ?? null}
            onChange={(value) => {
              setQuantities((current) => ({ ...current, [line.id]: value }));
              setErrors(({ [line.id]: _, lines: __, ...rest }) => rest);
            }}
            disabled={modal.pending}
            error={errors[line.id]}
          />
        ))}
        {errors.lines ? (
          <Text size="2" color="red" role="alert">
            {errors.lines}
          </Text>
        ) : null}
        <ReceivedDateField
          value={receivedAt}
          sentDay={sentDay}
          onChange={(day) => {
            setReceivedAt(day);
            setErrors(({ received_at: _, ...rest }) => rest);
          }}
          pending={modal.pending}
          error={errors.received_at}
        />
        <ReceiptNotesField value={notes} onChange={setNotes} pending={modal.pending} />
        {order.attachments.length > 0 ? (
          <SelectDropdown
            label="Delivery Note"
            hint="Optional · one of this order's attachments"
            placeholder="None"
            searchable={false}
            options={order.attachments.map((file) => ({ value: file.id, label: file.file_name }))}
            value={attachmentId}
            onChange={setAttachmentId}
            disabled={modal.pending}
            error={errors.attachment_id}
          />
        ) : null}
      </Flex>
    </ActionModal>
  );
}
