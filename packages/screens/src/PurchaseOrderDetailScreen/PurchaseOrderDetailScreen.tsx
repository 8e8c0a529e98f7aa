import { purchaseOrderQueries, type Schemas } from '@purchasing/api-client';
import {
  Breadcrumb,
  Button,
  Callout,
  ConfirmDialog,
  EmptyState,
  formatDate,
  formatDateTime,
  formatMoney,
  Spinner,
  StatusBadge,
} from '@purchasing/ui';
import {
  Box,
  DataList,
  Flex,
  Grid,
  Heading,
  Link,
  Button as RadixButton,
  Card as RadixCard,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Ban, FileSearch, PackageCheck, Pencil, Send } from 'lucide-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { BaseAmountLine } from '../shared/BaseAmount';
import { isMissingRecord } from '../shared/missingRecord';
import { Panel } from '../shared/Panel';
import { usePurchaseOrderActions } from '../shared/purchaseOrderActions';
import {
  orderCurrency,
  paymentTermsLabel,
  purchaseOrderMessages,
  sendConfirmation,
} from '../shared/purchaseOrders';
import { PurchaseOrderAttachments } from './PurchaseOrderAttachments';
import { CancelDialog, ReceiveDialog } from './PurchaseOrderDialogs';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** Props of {@link PurchaseOrderDetailScreen}. */
export interface PurchaseOrderDetailScreenProps {
  /** The order's id, from the route (`/purchase-orders/{id}`). */
  purchaseOrderId: string;
}

/** Product copy of the purchase order detail screen (document 2 §2 and §8, and our own wording). */
export const purchaseOrderDetailMessages = {
  notFound: purchaseOrderMessages.notFound,
  notFoundDescription: purchaseOrderMessages.notFoundDescription,
  loadFailed: purchaseOrderMessages.detailLoadFailed,
  noOrganization: 'Please select an organization to view this purchase order.',
  backToList: 'Back to Purchase Orders',
} as const;

/**
 * The purchase order detail screen (document 2 §2 "Purchase order detail"): breadcrumb, PO number,
 * status and created date; Edit and Send to Vendor on drafts, Mark as Received on sent orders, Cancel
 * on drafts and sent orders, each shown only to users whose role allows it (the server decides); the
 * details, vendor, line items, addresses, history and attachments; a link to the requisition the order
 * was raised from. A missing order shows 'Purchase order not found' with a way back to the list.
 */
export function PurchaseOrderDetailScreen({ purchaseOrderId }: PurchaseOrderDetailScreenProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const { currentOrganization, organizationsLoading } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const backToList = useLinkProps(navigation.hrefs.purchaseOrders());
  const detail = useQuery({
    ...purchaseOrderQueries.detail(client, organizationId, purchaseOrderId),
    enabled: organizationId !== '',
  });

  if (organizationsLoading) return <LoadingState />;
  if (!currentOrganization) {
    return <Callout variant="info">{purchaseOrderDetailMessages.noOrganization}</Callout>;
  }
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (isMissingRecord(detail.error)) {
      return (
        <RadixCard size="3">
          <EmptyState
            icon={<FileSearch size={32} />}
            title={purchaseOrderDetailMessages.notFound}
            description={purchaseOrderDetailMessages.notFoundDescription}
            action={
              <RadixButton asChild variant="soft">
                <a {...backToList}>
                  <ArrowLeft size={16} aria-hidden />
                  {purchaseOrderDetailMessages.backToList}
                </a>
              </RadixButton>
            }
          />
        </RadixCard>
      );
    }
    return (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void detail.refetch()}>
            {purchaseOrderMessages.tryAgain}
          </Button>
        }
      >
        {purchaseOrderDetailMessages.loadFailed}
      </Callout>
    );
  }
  return <PurchaseOrderDetail order={detail.data.purchase_order} organizationId={organizationId} />;
}

function LoadingState(): ReactElement {
  return (
    <Flex justify="center" py="9">
      <Spinner label="Loading purchase order" />
    </Flex>
  );
}

function PurchaseOrderDetail({
  order,
  organizationId,
}: {
  order: PurchaseOrder;
  organizationId: string;
}): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const editLink = useLinkProps(navigation.hrefs.purchaseOrderEdit(order.id));
  const actions = usePurchaseOrderActions(organizationId);
  const [dialog, setDialog] = useState<'send' | 'receive' | 'cancel' | null>(null);

  const { status } = order;
  const canManage = hasPermission('purchase_order.manage');
  // Hides what the server would refuse anyway (document 2 §4, DECISIONS §2); the server still decides.
  const canReceive = hasPermission('purchase_order.receive') || canManage;
  const isDraft = status === 'draft';
  const showEdit = isDraft && canManage;
  const showSend = isDraft && canManage;
  const showReceive = status === 'sent' && canReceive;
  const showCancel = (isDraft || status === 'sent') && canManage;

  const send = async () => {
    try {
      await actions.send.mutateAsync(order);
    } finally {
      setDialog(null);
    }
  };

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

function Muted({ children }: { children: ReactNode }): ReactElement {
  return <Text color="gray">{children}</Text>;
}

const longText = (value: string | null | undefined): ReactNode =>
  value?.trim() ? (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
  ) : (
    <Muted>Not provided</Muted>
  );

function DetailsPanel({ order }: { order: PurchaseOrder }): ReactElement {
  const { navigation } = usePurchasing();
  const requisitionLink = useLinkProps(navigation.hrefs.requisitionDetail(order.requisition?.id ?? ''));
  const currency = orderCurrency(order);
  return (
    <Panel title="Order Details">
      <DataList.Root
        orientation="vertical"
        size="2"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 'var(--space-4) var(--space-5)',
        }}
      >
        <DataList.Item>
          <DataList.Label>PO Number</DataList.Label>
          <DataList.Value>{order.po_number}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Total</DataList.Label>
          <DataList.Value>
            <Box>
              <Text weight="bold">{formatMoney(order.total_amount, currency)}</Text>
              <Text color="gray">&nbsp;{currency}</Text>
              <BaseAmountLine requisition={order} />
            </Box>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Delivery Date</DataList.Label>
          <DataList.Value>{formatDate(order.delivery_date, 'Not specified')}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Payment Terms</DataList.Label>
          <DataList.Value>{paymentTermsLabel(order.payment_terms)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Requisition</DataList.Label>
          <DataList.Value>
            {order.requisition ? (
              <Link {...requisitionLink} weight="medium">
                {order.requisition.requisition_number}
              </Link>
            ) : (
              <Muted>None</Muted>
            )}
          </DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Notes</DataList.Label>
          <DataList.Value>{longText(order.notes)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}

function LineItemsPanel({ order }: { order: PurchaseOrder }): ReactElement {
  const money = (amount: number) => formatMoney(amount, orderCurrency(order));
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const lines = order.po_line_items;
  return (
    <Panel title="Line Items" description={lines.length === 1 ? '1 item' : `${lines.length} items`}>
      <Table.Root variant="surface" size="2">
        <VisuallyHidden asChild>
          <caption>Line items</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end" style={nowrap}>
              Quantity × Unit Price
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end" style={nowrap}>
              Line Total
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => {
            const unit = line.product?.unit_of_measure ?? line.unit_of_measure;
            return (
              <Table.Row key={line.id}>
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
                    {line.description}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {line.product?.sku ? `SKU ${line.product.sku}` : 'No SKU'} · {unit}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell justify="end" style={nowrap}>
                  {`${line.quantity} ${line.unit_of_measure} × ${money(line.unit_price)}`}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  <Text weight="medium">{money(line.total_amount)}</Text>
                  {line.tax_amount > 0 ? (
                    <Text as="div" size="1" color="gray">
                      incl. {money(line.tax_amount)} tax
                    </Text>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
        <tfoot>
          <Table.Row style={{ background: 'var(--gray-a2)' }}>
            <Table.RowHeaderCell colSpan={2} justify="end">
              <Text weight="bold">Total</Text>
            </Table.RowHeaderCell>
            <Table.Cell justify="end" style={nowrap}>
              <Text weight="bold">{money(order.total_amount)}</Text>
            </Table.Cell>
          </Table.Row>
        </tfoot>
      </Table.Root>
    </Panel>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <DataList.Item align="start">
      <DataList.Label minWidth="110px">{label}</DataList.Label>
      <DataList.Value style={{ overflowWrap: 'anywhere' }}>{children}</DataList.Value>
    </DataList.Item>
  );
}

function VendorPanel({ vendor }: { vendor: PurchaseOrder['vendor'] }): ReactElement {
  if (!vendor) {
    return (
      <Panel title="Vendor Information">
        <Muted>{purchaseOrderMessages.noVendor}</Muted>
      </Panel>
    );
  }
  const value = (text: string | null) => (text?.trim() ? text : <Muted>Not provided</Muted>);
  return (
    <Panel title="Vendor Information">
      <DataList.Root size="2">
        <Field label="Name">
          <Text weight="medium">{vendor.name}</Text>
        </Field>
        <Field label="Email">
          {vendor.email ? <Link href={`mailto:${vendor.email}`}>{vendor.email}</Link> : value(null)}
        </Field>
        <Field label="Phone">
          {vendor.phone ? (
            <Link href={`tel:${vendor.phone.replace(/\s+/g, '')}`}>{vendor.phone}</Link>
          ) : (
            value(null)
          )}
        </Field>
        <Field label="Address">{value(vendor.address)}</Field>
        <Field label="City">{value(vendor.city)}</Field>
        <Field label="State / Province">{value(vendor.state_province)}</Field>
        <Field label="Postal Code">{value(vendor.postal_code)}</Field>
        <Field label="Country">{value(vendor.country)}</Field>
      </DataList.Root>
    </Panel>
  );
}

function AddressesPanel({ order }: { order: PurchaseOrder }): ReactElement {
  return (
    <Panel title="Addresses">
      <DataList.Root orientation="vertical" size="2">
        <DataList.Item>
          <DataList.Label>Shipping Address</DataList.Label>
          <DataList.Value>{longText(order.shipping_address)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Billing Address</DataList.Label>
          <DataList.Value>{longText(order.billing_address)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}

function HistoryPanel({ order }: { order: PurchaseOrder }): ReactElement {
  const events: { label: string; when: string; note?: string | null }[] = [
    { label: 'Created', when: formatDateTime(order.created_at) },
  ];
  if (order.sent_at) events.push({ label: 'Sent to vendor', when: formatDateTime(order.sent_at) });
  if (order.received_date) {
    events.push({ label: 'Received', when: formatDate(order.received_date), note: order.receipt_notes });
  }
  if (order.cancelled_at) {
    events.push({
      label: 'Cancelled',
      when: formatDateTime(order.cancelled_at),
      note: order.cancellation_reason,
    });
  }
  return (
    <Panel title="History">
      <Flex asChild direction="column" gap="3">
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {events.map((event) => (
            <Flex asChild key={event.label} gap="3" align="start">
              <li>
                <Box
                  aria-hidden
                  mt="1"
                  flexShrink="0"
                  style={{ width: 8, height: 8, borderRadius: '50%', background: 'var(--accent-9)' }}
                />
                <Flex direction="column" minWidth="0">
                  <Text size="2" weight="medium">
                    {event.label}
                  </Text>
                  <Text size="1" color="gray">
                    {event.when}
                  </Text>
                  {event.note ? (
                    <Text size="2" mt="1" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {event.note}
                    </Text>
                  ) : null}
                </Flex>
              </li>
            </Flex>
          ))}
        </ol>
      </Flex>
    </Panel>
  );
}
