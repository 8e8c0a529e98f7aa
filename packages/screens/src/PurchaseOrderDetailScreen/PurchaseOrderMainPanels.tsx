import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney } from '@purchasing/ui';
import { Box, DataList, Link, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { NOT_SPECIFIED } from '../kit/detail/Field';
import { LineItemsPanel as RecordLinesPanel } from '../kit/detail/LineItemsTable';
import { Panel } from '../kit/detail/Panel';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { BaseAmountLine } from '../shared/BaseAmount';
import { orderCurrency, paymentTermsLabel } from '../shared/purchaseOrders';
import { longText, Muted } from './detailText';

type PurchaseOrder = Schemas['PurchaseOrder'];
type Line = PurchaseOrder['po_line_items'][number];

/** The order's number, total, delivery date, payment terms, requisition and notes. */
export function DetailsPanel({ order }: { order: PurchaseOrder }): ReactElement {
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
          <DataList.Value>{formatDate(order.delivery_date, NOT_SPECIFIED)}</DataList.Value>
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

/**
 * The order's lines (document 2 §2): description with SKU and unit, quantity × unit price, ordered vs
 * received (docs/decisions.md "Receipts"), line total
 * (with its tax and rate), and the order's subtotal and tax above its total when the lines carry tax.
 */
export function LineItemsPanel({ order }: { order: PurchaseOrder }): ReactElement {
  const money = (amount: number) => formatMoney(amount, orderCurrency(order));
  const times = (line: Line) => `${line.quantity} ${line.unit_of_measure} × ${money(line.unit_price)}`;
  const received = (line: Line) => `${line.quantity_received} of ${line.quantity} received`;
  return (
    <RecordLinesPanel
      lines={order.po_line_items}
      record={order}
      money={money}
      description={(line) => (
        <>
          <Text weight="medium">{line.description}</Text>
          <Text as="div" size="1" color="gray">
            {line.product?.sku ? `SKU ${line.product.sku}` : 'No SKU'} ·{' '}
            {line.product?.unit_of_measure ?? line.unit_of_measure}
          </Text>
        </>
      )}
      narrow={(line) => `${times(line)} · ${received(line)}`}
      columns={[
        { header: 'Received', numeric: true, cell: received },
        { header: 'Quantity × Unit Price', numeric: true, cell: times },
      ]}
      totalHeader="Line Total"
    />
  );
}
