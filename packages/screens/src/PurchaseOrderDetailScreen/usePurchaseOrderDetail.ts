import type { Schemas } from '@purchasing/api-client';
import { useState } from 'react';
import { useSession } from '../SessionProvider';
import { usePurchaseOrderActions } from '../shared/purchaseOrderActions';

type PurchaseOrder = Schemas['PurchaseOrder'];
/** The dialogs of the detail screen's actions. */
type PurchaseOrderDialog = 'send' | 'receive' | 'receipt' | 'cancel';

/**
 * The actions of the detail screen: which of Edit, Send, Mark as Received and Cancel the user's role
 * allows for the order's status, the dialog open (`dialogProps`), and the mutations behind them.
 */
export function usePurchaseOrderDetail(order: PurchaseOrder, organizationId: string) {
  const { hasPermission } = useSession();
  const actions = usePurchaseOrderActions(organizationId);
  const [dialog, setDialog] = useState<PurchaseOrderDialog | null>(null);

  const { status } = order;
  const canManage = hasPermission('purchase_order.manage');
  // Hides what the server would refuse anyway (document 2 §4, DECISIONS §2); the server still decides.
  const canReceive = hasPermission('purchase_order.receive') || canManage;
  const isDraft = status === 'draft';
  const showEdit = isDraft && canManage;
  const showSend = isDraft && canManage;
  const showReceive = (status === 'sent' || status === 'partially_received') && canReceive;
  const showCancel = (isDraft || status === 'sent') && canManage;

  const send = async () => {
    try {
      await actions.send.mutateAsync(order);
    } finally {
      setDialog(null);
    }
  };

  /** The open state of one action's dialog (closing it closes whichever is open). */
  const dialogProps = (name: PurchaseOrderDialog) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });

  return {
    actions,
    setDialog,
    dialogProps,
    canManage,
    isDraft,
    showEdit,
    showSend,
    showReceive,
    showCancel,
    send,
  };
}
