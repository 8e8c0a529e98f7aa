import { requisitionKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { requisitionDetailMessages } from './requisitionDetailMessages';

type Requisition = Schemas['Requisition'];

/**
 * The requestor's Submit and Delete of a requisition: each toasts its outcome; a submit refreshes the
 * requisition, a delete drops it and goes back to the list. `onDeleteSettled` closes the confirmation.
 */
export function useRequisitionDetailActions(
  requisition: Requisition,
  organizationId: string,
  onDeleteSettled: () => void,
) {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const header = { 'X-Organization-Id': organizationId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });

  const submit = useMutation({
    mutationFn: () =>
      unwrap(
        client.api.POST('/requisitions/{id}/submit', { params: { path: { id: requisition.id }, header } }),
      ),
    onSuccess: () => {
      toast.success(requisitionDetailMessages.submitted);
      void refresh();
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? requisitionDetailMessages.submitFailed);
    },
  });

  const remove = useMutation({
    mutationFn: () =>
      unwrap(client.api.DELETE('/requisitions/{id}', { params: { path: { id: requisition.id }, header } })),
    onSuccess: () => {
      toast.success(requisitionDetailMessages.deleted);
      onDeleteSettled();
      // Drop the deleted record rather than refetch it into a 'not found' while the host navigates away.
      queryClient.removeQueries({ queryKey: requisitionKeys.detail(organizationId, requisition.id) });
      void queryClient.invalidateQueries({
        queryKey: requisitionKeys.all(organizationId),
        refetchType: 'none',
      });
      navigation.navigate(navigation.hrefs.requisitions());
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? requisitionDetailMessages.deleteFailed);
      onDeleteSettled();
    },
  });

  return { submit, remove };
}
