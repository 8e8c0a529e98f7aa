/** The words of an add-or-edit dialog: its two titles and the toasts of its save. */
export interface AddOrEditMessages {
  addTitle: string;
  editTitle: string;
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

/** The dialog's title for adding or for editing. */
export function dialogTitle(messages: AddOrEditMessages, editing: boolean): string {
  return editing ? messages.editTitle : messages.addTitle;
}

/** The save's toasts for adding or for editing, for `useDialogSave`'s `saved` and `failed`. */
export function dialogToasts(
  messages: AddOrEditMessages,
  editing: boolean,
): { saved: string; failed: string } {
  return editing
    ? { saved: messages.updated, failed: messages.updateFailed }
    : { saved: messages.created, failed: messages.createFailed };
}
