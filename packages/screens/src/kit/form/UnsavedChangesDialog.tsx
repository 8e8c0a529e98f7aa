import { ConfirmDialog } from '@purchasing/ui';
import type { ReactElement } from 'react';
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard';

/** Product copy of the question (the same for every way out of a form). */
export const unsavedChangesMessages = {
  title: 'Discard unsaved changes?',
  message: (recordName: string) => `The changes you made to ${recordName} will be lost.`,
  discard: 'Discard changes',
  keepEditing: 'Keep editing',
} as const;

/**
 * "Discard unsaved changes?": shown by {@link UnsavedChangesGuard} whenever the person tries to leave a
 * form with changes (Cancel, the host's links, back). `FormActionBar` renders it; a form without the
 * bar renders it itself.
 */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesGuard }): ReactElement {
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => {
        if (!open) guard.keepEditing();
      }}
      onConfirm={guard.discard}
      title={unsavedChangesMessages.title}
      message={unsavedChangesMessages.message(guard.recordName)}
      confirmLabel={unsavedChangesMessages.discard}
      cancelLabel={unsavedChangesMessages.keepEditing}
      variant="warning"
    />
  );
}
