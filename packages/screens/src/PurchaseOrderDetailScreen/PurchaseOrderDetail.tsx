import type { Schemas } from '@purchasing/api-client';
import {
  Breadcrumb,
  Button,
  Callout,
  ConfirmDialog,
  formatDate,
  formatDateTime,
  StatusBadge,
} from '@purchasing/ui';
import { Flex, Grid, Heading, Button as RadixButton, Text } from '@radix-ui/themes';
import { Ban, PackageCheck, Pencil, Send } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { sendConfirmation } from '../shared/purchaseOrders';
import { PurchaseOrderAttachments } from './PurchaseOrderAttachments';
import { CancelDialog, ReceiveDialog } from './PurchaseOrderDialogs';
import { DetailsPanel, LineItemsPanel } from './PurchaseOrderMainPanels';
import { AddressesPanel, HistoryPanel, VendorPanel } from './PurchaseOrderSidePanels';
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
  const editLink = useLinkProps(navigation.hrefs.purchaseOrderEdit(order.id));
  const {
    actions,
    dialog,
    setDialog,
    canManage,
    isDraft,
    showEdit,
    showSend,
    showReceive,
    showCancel,
    send,
  } = usePurchaseOrderDetail(order, organizationId);
  const { status } = order;

  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1200 }}>
      <Breadcrumb
        items={[
          { label: 'Purchase Orders', href: navigation.hrefs.purchaseOrders() },
          { label: order.po_number },
        ]}
        onNavigate={(href) => navigation.navigate(href)}
      />

      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h2" size={{ initial: '6', sm: '7' }}>
              {order.po_number}
            </Heading>
            <StatusBadge kind="purchase_order" status={status} />
          </Flex>
          <Text size="2" color="gray">
            Created {formatDate(order.created_at)}
            {order.vendor ? ` for ${order.vendor.name}` : ''}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap">
          {showEdit ? (
            <RadixButton asChild variant="soft">
              <a {...editLink}>
                <Pencil size={16} aria-hidden />
                Edit
              </a>
            </RadixButton>
          ) : null}
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
            <Button variant="success" onClick={() => setDialog('receive')}>
              <PackageCheck size={16} aria-hidden />
              Mark as Received
            </Button>
          ) : null}
        </Flex>
      </Flex>

      <StatusCallout order={order} canSend={showSend} />

      <Grid
        columns={{ initial: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gap="5"
        align="start"
      >
        <Flex direction="column" gap="5" minWidth="0">
          <DetailsPanel order={order} />
          <LineItemsPanel order={order} />
          <PurchaseOrderAttachments
            organizationId={organizationId}
            order={order}
            canChange={isDraft && canManage}
          />
        </Flex>
        <Flex direction="column" gap="5" minWidth="0">
          <VendorPanel vendor={order.vendor} />
          <AddressesPanel order={order} />
          <HistoryPanel order={order} />
        </Flex>
      </Grid>

      <ConfirmDialog
        open={dialog === 'send'}
        onOpenChange={(open) => setDialog(open ? 'send' : null)}
        onConfirm={() => void send().catch(() => {})}
        variant="info"
        title="Send to vendor?"
        message={sendConfirmation(order.po_number, order.vendor)}
        confirmLabel="Send to Vendor"
        loading={actions.send.isPending}
      />
      <ReceiveDialog
        order={order}
        open={dialog === 'receive'}
        onOpenChange={(open) => setDialog(open ? 'receive' : null)}
        onReceive={(input) => actions.receive.mutateAsync({ order, input })}
        pending={actions.receive.isPending}
      />
      <CancelDialog
        order={order}
        open={dialog === 'cancel'}
        onOpenChange={(open) => setDialog(open ? 'cancel' : null)}
        onCancelOrder={(reason) => actions.cancel.mutateAsync({ order, reason })}
        pending={actions.cancel.isPending}
      />
    </Flex>
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
