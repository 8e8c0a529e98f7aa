import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney } from '@purchasing/ui';
import { Box, DataList, Link, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { BaseAmountLine } from '../shared/BaseAmount';
import { Panel } from '../shared/Panel';
import { orderCurrency, paymentTermsLabel } from '../shared/purchaseOrders';
import { longText, Muted } from './detailText';

type PurchaseOrder = Schemas['PurchaseOrder'];

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

/** The order's lines with quantities, prices, tax and the total. */
export function LineItemsPanel({ order }: { order: PurchaseOrder }): ReactElement {
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
