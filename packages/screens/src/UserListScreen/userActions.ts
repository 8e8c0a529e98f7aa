import { adminKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';

type User = Schemas['User'];

/** Toasts of the user list's row actions (document 2 §8). */
export const userActionMessages = {
  deactivated: 'User deactivated successfully',
  deactivateFailed: 'Failed to deactivate user',
  resetSent: 'Password reset email sent',
  resetFailed: 'Failed to send reset email',
} as const;

/**
 * The user list's row actions, named once with their toasts: `deactivate` (`DELETE /users/{id}`; the
 * organisation's admin lists are refetched whatever the answer) and `resetPassword`
 * (`POST /users/{id}/reset-password`). Failures are toasted with the server's reason.
 */
export function useUserRowActions(organizationId: string) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const header = { 'X-Organization-Id': organizationId };

  const deactivate = useMutation({
    mutationFn: (user: User) =>
      unwrap(client.api.DELETE('/users/{id}', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(userActionMessages.deactivated),
    onError: (error) => {
      const message = serverMessage(error);
      toast.error(
        message ? `${userActionMessages.deactivateFailed}: ${message}` : userActionMessages.deactivateFailed,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) }),
  });

  const resetPassword = useMutation({
    mutationFn: (user: User) =>
      unwrap(client.api.POST('/users/{id}/reset-password', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(userActionMessages.resetSent),
    onError: (error) => toast.error(serverMessage(error) ?? userActionMessages.resetFailed),
  });

  return { deactivate, resetPassword };
}
