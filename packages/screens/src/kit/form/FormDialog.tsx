import { Button, Modal } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { type ReactElement, type ReactNode, useState } from 'react';

/** What a {@link FormDialog} gives the form inside it. */
export interface FormDialogControls {
  /** Tells the dialog a save started or ended: while saving, Escape and the overlay do not close it. */
  onSavingChange(saving: boolean): void;
  /** Closes the dialog (Cancel, saved). */
  onDone(): void;
}

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Called with false when the dialog closes (Cancel, Escape, saved), unless a save is under way. */
  onOpenChange(open: boolean): void;
  /** The dialog's title, e.g. 'Add Role' or 'Edit Role'. */
  title: string;
  /** One line under the title. */
  description: ReactNode;
  /** The form, mounted afresh each time the dialog opens (so it starts from its initial values). */
  children(controls: FormDialogControls): ReactNode;
}

/**
 * A dialog holding one add-or-edit form (a department, a role, a rate, a budget): the title and its
 * line of help, and the form, mounted only while open. While the form says it is saving, the dialog
 * stays open whatever is pressed, so a save never finishes behind a closed dialog.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: FormDialogProps): ReactElement {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!saving) onOpenChange(next);
      }}
      title={title}
      description={description}
      closeOnEscape={!saving}
      closeOnOverlayClick={!saving}
    >
      {open ? children({ onSavingChange: setSaving, onDone: () => onOpenChange(false) }) : null}
    </Modal>
  );
}

/** Props of {@link FormDialogButtons}. */
export interface FormDialogButtonsProps {
  /** The submit button's label, e.g. 'Create Role' or 'Save Changes'. */
  submitLabel: string;
  /** A save is under way: Cancel is disabled and the submit button shows a spinner. */
  pending: boolean;
  /** Closes the dialog without saving. */
  onCancel(): void;
}

/** The end of a dialog's form: Cancel, then the submit button, at the right (wrapping when narrow). */
export function FormDialogButtons({ submitLabel, pending, onCancel }: FormDialogButtonsProps): ReactElement {
  return (
    <Flex gap="3" justify="end" wrap="wrap" mt="2">
      <Button type="button" variant="secondary" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Flex>
  );
}
