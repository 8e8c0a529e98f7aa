import type { Schemas } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, formatDate, formatDateTime, StatusBadge } from '@purchasing/ui';
import { Ban, PackageCheck, PackagePlus, Send } from 'lucide-react';
import type { ReactElement } from 'react';
import { DetailLayout } from '../kit/detail/DetailScreen';
import { EditLinkButton } from '../kit/detail/EditLinkButton';
import { usePurchasing } from '../PurchasingProvider';
import { sendConfirmation } from '../shared/purchaseOrders';
import { PurchaseOrderAttachments } from './PurchaseOrderAttachments';
import { CancelDialog, ReceiveDialog } from './PurchaseOrderDialogs';
import { DetailsPanel, LineItemsPanel } from './PurchaseOrderMainPanels';
import { PurchaseOrderReceipts } from './PurchaseOrderReceipts';
import { AddressesPanel, HistoryPanel, VendorPanel } from './PurchaseOrderSidePanels';
import { RecordReceiptDialog } from './RecordReceiptDialog';
import { usePurchaseOrderDetail } from './usePurchaseOrderDetail';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** A loaded order: its header and actions, status line, panels and the action dialogs. */
export function PurchaseOrderDetail({
  order,
  organizationId,
}: {
  order: PurchaseOrder;
  organizationId: string;
}): ReactElement {
  const { navigation } = usePurchasing();
  const detail = usePurchaseOrderDetail(order, organizationId);
  const { actions, setDialog, dialogProps, showEdit, showSend, showReceive, showCancel } = detail;
  const { status } = order;

  return (
    <DetailLayout
      title={order.po_number}
      status={<StatusBadge kind="purchase_order" status={status} />}
      subtitle={`Created ${formatDate(order.created_at)}${order.vendor ? ` for ${order.vendor.name}` : ''}`}
      actions={
        showEdit || showCancel || showSend || showReceive ? (
          <>
            {showEdit ? <EditLinkButton href={navigation.hrefs.purchaseOrderEdit(order.id)} /> : null}
            {showCancel ? (
              <Button variant="secondary" color="red" onClick={() => setDialog('cancel')}>
                <Ban size={16} aria-hidden />
                Cancel
              </Button>
            ) : null}
            {showSend ? (
              // A vendor without an email address cannot be sent to; the callout below says why.
              <Button onClick={() => setDialog('send')} disabled={!order.vendor?.email}>
                <Send size={16} aria-hidden />
                Send to Vendor
              </Button>
            ) : null}
            {showReceive ? (
              <Button variant="secondary" onClick={() => setDialog('receipt')}>
                <PackagePlus size={16} aria-hidden />
                Record Receipt
              </Button>
            ) : null}
            {showReceive ? (
              <Button variant="success" onClick={() => setDialog('receive')}>
                <PackageCheck size={16} aria-hidden />
                Mark as Received
              </Button>
            ) : null}
          </>
        ) : null
      }
      callouts={<StatusCallout order={order} canSend={showSend} />}
      main={
        <>
          <DetailsPanel order={order} />
          <LineItemsPanel order={order} />
          <PurchaseOrderReceipts order={order} organizationId={organizationId} />
          <PurchaseOrderAttachments
            organizationId={organizationId}
            order={order}
            canChange={detail.isDraft && detail.canManage}
          />
        </>
      }
      aside={
        <>
          <VendorPanel vendor={order.vendor} />
          <AddressesPanel order={order} />
        </>
      }
      history={<HistoryPanel order={order} />}
    >
      <ConfirmDialog
        {...dialogProps('send')}
        onConfirm={() => void detail.send().catch(() => {})}
        variant="info"
        title="Send to vendor?"
        message={sendConfirmation(order.po_number, order.vendor)}
        confirmLabel="Send to Vendor"
        loading={actions.send.isPending}
      />
      <ReceiveDialog
        order={order}
        {...dialogProps('receive')}
        onReceive={(input) => actions.receive.mutateAsync({ order, input })}
        pending={actions.receive.isPending}
      />
      <RecordReceiptDialog
        key={`${order.id}:${order.po_line_items.map((line) => line.quantity_received).join(',')}`}
        order={order}
        {...dialogProps('receipt')}
        onRecord={(input) => actions.recordReceipt.mutateAsync({ order, input })}
        pending={actions.recordReceipt.isPending}
      />
      <CancelDialog
        order={order}
        {...dialogProps('cancel')}
        onCancelOrder={(reason) => actions.cancel.mutateAsync({ order, reason })}
        pending={actions.cancel.isPending}
      />
    </DetailLayout>
  );
}

/** What happened to the order last, in one line: sent, received or cancelled (and why). */
function StatusCallout({ order, canSend }: { order: PurchaseOrder; canSend: boolean }): ReactElement | null {
  if (order.status === 'draft' && canSend && !order.vendor?.email) {
    return <Callout variant="warning">{sendConfirmation(order.po_number, order.vendor ?? null)}</Callout>;
  }
  if (order.status === 'sent' && order.sent_at) {
    return (
      <Callout variant="info">
        {`Sent to ${order.vendor?.name ?? 'the vendor'} on ${formatDateTime(order.sent_at)}. Awaiting delivery${
          order.delivery_date ? ` by ${formatDate(order.delivery_date)}` : ''
        }.`}
      </Callout>
    );
  }
  if (order.status === 'partially_received') {
    const lines = order.po_line_items;
    const done = lines.filter((line) => line.quantity_received >= line.quantity).length;
    return (
      <Callout variant="info">
        {`Partially received: ${done} of ${lines.length} lines in full. Record the rest as it arrives.`}
      </Callout>
    );
  }
  if (order.status === 'received') {
    return (
      <Callout variant="success">
        {`Received on ${formatDate(order.received_date, 'an unrecorded date')}.${
          order.receipt_notes ? ` ${order.receipt_notes}` : ''
        }`}
      </Callout>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <Callout variant="error">
        {`Cancelled${order.cancelled_at ? ` on ${formatDate(order.cancelled_at)}` : ''}. ${
          order.cancellation_reason ? `Reason: ${order.cancellation_reason}` : 'No reason was given.'
        }`}
      </Callout>
    );
  }
  return null;
}
