/** Product copy of the requisition detail screen (document 1 §2, §8). */
export const requisitionDetailMessages = {
  loadFailed: 'Failed to load requisition details.',
  notFound: 'Requisition not found',
  notFoundDescription:
    "It may have been deleted, or it belongs to someone else and you don't have access to it.",
  noOrganization: 'Please select an organization to view this requisition.',
  infoRequestedFallback: 'An approver has requested additional information for this requisition.',
  submitted: 'Requisition submitted successfully',
  submitFailed: 'Failed to submit requisition',
  deleted: 'Requisition deleted successfully',
  deleteFailed: 'Failed to delete requisition',
  deleteConfirm: (number: string) =>
    `Are you sure you want to delete requisition ${number}? This action cannot be undone.`,
} as const;
