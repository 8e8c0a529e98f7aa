import type { Schemas } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Box, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Panel } from '../shared/Panel';
import { Muted } from './Muted';

type Requisition = Schemas['Requisition'];

/** Line Items: a table of the lines with the requisition total in its footer. */
export function LineItemsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const money = (amount: number) => formatMoney(amount, requisition.currency);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Panel title="Line Items">
      <Box data-line-items="" style={{ containerType: 'inline-size', containerName: 'line-items' }}>
        <Table.Root variant="surface" size="2">
          <VisuallyHidden asChild>
            <caption>Line items</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell data-wide-only="" style={nowrap}>
                Product SKU
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell data-wide-only="">Notes</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Quantity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={nowrap}>
                Unit Price
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {requisition.line_items.map((line) => (
              <Table.Row key={line.id}>
                <Table.RowHeaderCell style={{ minWidth: 160 }}>
                  <Text weight="medium">{line.description}</Text>
                  {line.product && line.product.name !== line.description ? (
                    <Text as="div" size="1" color="gray">
                      {line.product.name}
                    </Text>
                  ) : null}
                  {line.product?.sku ? (
                    <Text as="div" size="1" color="gray" data-narrow-only="" style={{ display: 'none' }}>
                      SKU {line.product.sku}
                    </Text>
                  ) : null}
                  {line.notes ? (
                    <Text as="div" size="1" color="gray" data-narrow-only="" style={{ display: 'none' }}>
                      {line.notes}
                    </Text>
                  ) : null}
                </Table.RowHeaderCell>
                <Table.Cell data-wide-only="" style={nowrap}>
                  {line.product?.sku ?? <Muted>—</Muted>}
                </Table.Cell>
                <Table.Cell data-wide-only="" style={{ minWidth: 120 }}>
                  {line.notes ?? <Muted>—</Muted>}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  {line.quantity} {line.unit_of_measure || 'each'}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  {money(line.unit_price)}
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
            ))}
          </Table.Body>
          <tfoot>
            {/* One cell per column, so hiding the narrow-screen columns keeps the footer aligned. */}
            <Table.Row style={{ background: 'var(--gray-a2)' }}>
              <Table.Cell />
              <Table.Cell data-wide-only="" />
              <Table.Cell data-wide-only="" />
              <Table.RowHeaderCell colSpan={2} justify="end">
                <Text weight="bold">Total</Text>
              </Table.RowHeaderCell>
              <Table.Cell justify="end" style={nowrap}>
                <Text weight="bold">{money(requisition.total_amount)}</Text>
              </Table.Cell>
            </Table.Row>
          </tfoot>
        </Table.Root>
      </Box>
    </Panel>
  );
}
