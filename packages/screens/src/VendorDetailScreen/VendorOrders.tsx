/** A vendor's orders and spend (needs `purchase_order.view`): the figures, then its latest orders. */
import { purchaseOrderQueries, type Schemas, vendorQueries } from '@purchasing/api-client';
import { Button, Callout, formatDate, formatMoney, StatusBadge } from '@purchasing/ui';
import { Box, DataList, Flex, Grid, Link, Skeleton, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import type { ReactElement } from 'react';
import { Muted } from '../kit/detail/Field';
import { Panel } from '../kit/detail/Panel';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { orderCurrency } from '../shared/purchaseOrders';

/** How many of the vendor's orders its page lists (newest first). */
export const RECENT_ORDER_COUNT = 5;

/** Product copy of the panels. */
export const vendorOrdersMessages = {
  spendTitle: 'Orders and Spend',
  spendFailed: "Failed to load the vendor's spend.",
  ordersTitle: 'Recent Orders',
  ordersFailed: "Failed to load the vendor's orders.",
  noOrders: 'No orders to this vendor yet.',
  allOrders: 'View all orders',
} as const;

/** One figure of the spend panel. */
function Figure({ label, value }: { label: string; value: string | undefined }): ReactElement {
  return (
    <DataList.Item>
      <DataList.Label minWidth="130px">{label}</DataList.Label>
      <DataList.Value>
        <Skeleton loading={value === undefined}>
          <Text weight="medium" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value ?? '0000'}
          </Text>
        </Skeleton>
      </DataList.Value>
    </DataList.Item>
  );
}

/**
 * What the organisation ordered from the vendor, in its base currency (`GET /vendors/{id}/spend`):
 * orders raised, those still open, the amount committed and the amount received, and the last order's
 * date. Cancelled orders are left out by the server.
 */
export function SpendPanel({
  organizationId,
  vendorId,
}: {
  organizationId: string;
  vendorId: string;
}): ReactElement {
  const { client } = usePurchasing();
  const spend = useQuery(vendorQueries.spend(client, organizationId, vendorId));
  const figures = spend.data?.spend;
  const money = (amount: number | undefined) =>
    figures === undefined ? undefined : formatMoney(amount, figures.currency);
  return (
    <Panel
      title={vendorOrdersMessages.spendTitle}
      description={
        figures ? `In ${figures.currency}, your base currency; cancelled orders left out.` : undefined
      }
    >
      {spend.isError ? (
        <Callout
          variant="error"
          action={
            <Button size="1" variant="secondary" onClick={() => void spend.refetch()}>
              Retry
            </Button>
          }
        >
          {vendorOrdersMessages.spendFailed}
        </Callout>
      ) : (
        <DataList.Root size="2">
          <Figure label="Orders" value={figures?.order_count.toLocaleString('en-AU')} />
          <Figure label="Open orders" value={figures?.open_order_count.toLocaleString('en-AU')} />
          <Figure label="Committed" value={money(figures?.committed_amount)} />
          <Figure label="Received" value={money(figures?.received_amount)} />
          <Figure
            label="Last order"
            value={figures === undefined ? undefined : formatDate(figures.last_order_at, 'None yet')}
          />
        </DataList.Root>
      )}
    </Panel>
  );
}

/** The vendor's latest orders (`listPurchaseOrders` with `vendor_id`), each a link, and a link to them all. */
export function RecentOrdersPanel({
  organizationId,
  vendorId,
}: {
  organizationId: string;
  vendorId: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const all = useLinkProps(navigation.hrefs.vendorPurchaseOrders(vendorId));
  const orders = useQuery(
    purchaseOrderQueries.list(client, organizationId, {
      vendor_id: [vendorId],
      limit: RECENT_ORDER_COUNT,
      offset: 0,
    }),
  );
  const rows = orders.data?.data ?? [];
  const total = orders.data?.pagination.total ?? 0;
  return (
    <Panel
      title={vendorOrdersMessages.ordersTitle}
      action={
        total > 0 ? (
          <Link {...all} size="2" style={{ whiteSpace: 'nowrap' }}>
            {`${vendorOrdersMessages.allOrders} (${total.toLocaleString('en-AU')})`}
            <ArrowRight size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
          </Link>
        ) : null
      }
    >
      {orders.isError ? (
        <Callout
          variant="error"
          action={
            <Button size="1" variant="secondary" onClick={() => void orders.refetch()}>
              Retry
            </Button>
          }
        >
          {vendorOrdersMessages.ordersFailed}
        </Callout>
      ) : orders.isPending ? (
        <Skeleton>
          <Text>Loading the vendor's orders</Text>
        </Skeleton>
      ) : rows.length === 0 ? (
        <Muted>{vendorOrdersMessages.noOrders}</Muted>
      ) : (
        <Flex asChild direction="column" gap="3">
          <ul
            aria-label={vendorOrdersMessages.ordersTitle}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {rows.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Panel>
  );
}

function OrderRow({ order }: { order: Schemas['PurchaseOrderSummary'] }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.purchaseOrderDetail(order.id));
  return (
    <Grid columns="minmax(0, 1fr) auto" gapX="3" gapY="1" align="center">
      <Box minWidth="0">
        <Link {...link} weight="medium">
          {order.po_number}
        </Link>
        <Text as="p" size="1" color="gray">
          {formatDate(order.created_at)}
        </Text>
      </Box>
      <Flex direction="column" align="end" gap="1">
        <Text weight="medium" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatMoney(order.total_amount, orderCurrency(order))}
        </Text>
        <StatusBadge kind="purchase_order" status={order.status} />
      </Flex>
    </Grid>
  );
}
