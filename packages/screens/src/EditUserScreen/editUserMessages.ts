/** Product copy of Edit User (document 2 §2 and §8, and the screen's own wording). */
export const editUserMessages = {
  invalidId: 'Invalid User ID',
  invalidIdDescription: "This address doesn't point to a user. Choose the user from the user list.",
  loadFailedTitle: 'Error Loading User',
  loadFailed: 'Failed to load user information. Please try again.',
  notFoundTitle: 'User Not Found',
  notFound: (organization: string) => `This user doesn't exist or isn't a member of ${organization}.`,
  noChanges: 'No changes detected',
  updated: 'User updated successfully',
  failed: 'Failed to update user',
  resetSent: 'Password reset email sent',
  resetFailed: 'Failed to send reset email',
  noOrganization: 'Please select an organization to edit a user',
  noPermission: (organization: string) => `You don't have permission to edit users in ${organization}.`,
} as const;
