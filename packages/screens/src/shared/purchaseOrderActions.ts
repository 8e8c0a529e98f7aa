/**
 * The life-cycle actions of a purchase order (send, receive, cancel) as mutations with the product's
 * toasts, shared by the list and the detail screen. The server decides every transition; these only
 * refresh what it changed.
 */
import { purchaseOrderKeys, queryKeys, requisitionKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { purchaseOrderMessages } from './purchaseOrders';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** The order an action is about: its id and number (for the toast). */
export interface PurchaseOrderTarget {
  id: string;
  po_number: string;
}

/** What Mark as Received sends: the day of receipt (default today) and optional notes. */
export type ReceiveInput = Schemas['PurchaseOrderReceiveInput'];

/**
 * After any change: the answered order replaces the cached detail at once, and lists, the requisition
 * the order came from (cancelling returns it to approved) and the dashboard figures (monthly spend
 * counts sent and received orders) are refetched.
 */
function refreshAfter(queryClient: QueryClient, organizationId: string, order: PurchaseOrder): void {
  queryClient.setQueryData(purchaseOrderKeys.detail(organizationId, order.id), { purchase_order: order });
  void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all(organizationId) });
  void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) });
}

/**
 * The actions of an order of `organizationId`, each a TanStack mutation that toasts the outcome
 * (the server's message when it gave one, else our default) and refreshes the affected queries.
 * A failed call rejects `mutateAsync`, so a dialog can stay open.
 */
export function usePurchaseOrderActions(organizationId: string) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const header = { 'X-Organization-Id': organizationId };

  const send = useMutation({
    mutationFn: (order: PurchaseOrderTarget) =>
      unwrap(client.api.POST('/purchase-orders/{id}/send', { params: { path: { id: order.id }, header } })),
    onSuccess: ({ purchase_order: order }) => {
      toast.success(purchaseOrderMessages.sent(order.po_number));
      refreshAfter(queryClient, organizationId, order);
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? purchaseOrderMessages.sendFailed);
    },
  });

  const receive = useMutation({
    mutationFn: ({ order, input }: { order: PurchaseOrderTarget; input: ReceiveInput }) =>
      unwrap(
        client.api.POST('/purchase-orders/{id}/receive', {
          params: { path: { id: order.id }, header },
          body: input,
        }),
      ),
    onSuccess: ({ purchase_order: order }) => {
      toast.success(purchaseOrderMessages.received(order.po_number));
      refreshAfter(queryClient, organizationId, order);
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? purchaseOrderMessages.receiveFailed);
    },
  });

  const recordReceipt = useMutation({
    mutationFn: ({
      order,
      input,
    }: {
      order: PurchaseOrderTarget;
      input: Schemas['PurchaseOrderReceiptInput'];
    }) =>
      unwrap(
        client.api.POST('/purchase-orders/{id}/receipts', {
          params: { path: { id: order.id }, header },
          body: input,
        }),
      ),
    onSuccess: ({ purchase_order: order }) => {
      toast.success(purchaseOrderMessages.receiptRecorded(order.po_number));
      refreshAfter(queryClient, organizationId, order);
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? purchaseOrderMessages.receiveFailed);
    },
  });

  const cancel = useMutation({
    mutationFn: ({ order, reason }: { order: PurchaseOrderTarget; reason: string | null }) =>
      unwrap(
        client.api.POST('/purchase-orders/{id}/cancel', {
          params: { path: { id: order.id }, header },
          body: { reason },
        }),
      ),
    onSuccess: ({ purchase_order: order }) => {
      toast.success(purchaseOrderMessages.cancelled(order.po_number));
      refreshAfter(queryClient, organizationId, order);
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? purchaseOrderMessages.cancelFailed);
    },
  });

  return { send, receive, recordReceipt, cancel };
}
