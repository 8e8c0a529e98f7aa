import { Button, type ButtonVariant, DatePicker, Modal, TextArea } from '@purchasing/ui';
import type { ReactElement, ReactNode } from 'react';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';

/** What the detail screen gives each action's dialog about its open state. */
export interface ActionDialogState {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The action is under way: the dialog stays open and its buttons wait. */
  pending: boolean;
}

/** Props of {@link ActionModal}. */
export interface ActionModalProps extends ActionDialogState {
  /** The dialog was closed without the action (Escape, the overlay, the close button): start again. */
  onDismissed(): void;
  title: string;
  description: ReactNode;
  /** The footer's first button, which closes the dialog; 'Cancel' unless said. */
  dismissLabel?: string;
  /** The action's button, e.g. 'Mark as Received'. */
  confirmLabel: string;
  confirmVariant: ButtonVariant;
  onConfirm(): void;
  children: ReactNode;
}

/**
 * A dialog of one of the order's actions (receive, record a receipt, cancel): its fields, then the
 * footer's buttons. While the action runs, nothing closes it.
 */
export function ActionModal({
  open,
  onOpenChange,
  pending,
  onDismissed,
  title,
  description,
  dismissLabel = 'Cancel',
  confirmLabel,
  confirmVariant,
  onConfirm,
  children,
}: ActionModalProps): ReactElement {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) onDismissed();
      }}
      closeOnEscape={!pending}
      closeOnOverlayClick={!pending}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {dismissLabel}
          </Button>
          <Button variant={confirmVariant} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/** Product copy of the received date (document 2 §2 and the screen's own wording). */
export const receivedDateMessages = {
  receivedDateRequired: 'Received date is required',
  receivedDateFuture: 'Received date cannot be in the future',
  receivedBeforeSent: 'Received date cannot be before the order was sent',
} as const;

/** Why a received date cannot be taken (none, in the future, before the order was sent), or undefined. */
export function receivedDateProblem(day: string | null, sentDay: string | undefined): string | undefined {
  if (!day) return receivedDateMessages.receivedDateRequired;
  if (day > todayIsoDate()) return receivedDateMessages.receivedDateFuture;
  if (sentDay && day < sentDay) return receivedDateMessages.receivedBeforeSent;
  return undefined;
}

/** The day the goods arrived: today at the latest, not before the order was sent. */
export function ReceivedDateField({
  value,
  sentDay,
  onChange,
  pending,
  error,
}: {
  value: string | null;
  sentDay: string | undefined;
  onChange(day: string | null): void;
  pending: boolean;
  error: string | undefined;
}): ReactElement {
  return (
    <DatePicker
      label="Received Date"
      required
      clearable={false}
      value={value}
      minDate={sentDay}
      maxDate={todayIsoDate()}
      onChange={onChange}
      disabled={pending}
      error={error}
    />
  );
}

/** The receipt's optional notes. */
export function ReceiptNotesField({
  value,
  onChange,
  pending,
}: {
  value: string;
  onChange(notes: string): void;
  pending: boolean;
}): ReactElement {
  return (
    <TextArea
      label="Notes"
      hint="Optional · e.g. what arrived, its condition, a delivery docket number"
      rows={3}
      maxLength={2000}
      resize="vertical"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={pending}
    />
  );
}
