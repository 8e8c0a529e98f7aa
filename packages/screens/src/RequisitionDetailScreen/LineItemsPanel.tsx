import type { Schemas } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Muted } from '../kit/detail/Field';
import { LineItemsPanel as RecordLinesPanel } from '../kit/detail/LineItemsTable';

type Requisition = Schemas['Requisition'];
type Line = Schemas['RequisitionLineItem'];

/**
 * Line Items (document 1 §2): description, product SKU, notes, quantity with unit ('each' by default),
 * unit price, total with its tax (and rate), and the server's total in the footer, under its subtotal
 * and tax when the lines carry tax. On a phone the SKU, notes,
 * quantity and price move under the description. The detail and the approval review both show it.
 */
export function LineItemsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const money = (amount: number) => formatMoney(amount, requisition.currency);
  const quantity = (line: Line) => `${line.quantity} ${line.unit_of_measure || 'each'}`;
  return (
    <RecordLinesPanel
      lines={requisition.line_items}
      record={requisition}
      money={money}
      description={(line) => (
        <>
          <Text weight="medium">{line.description}</Text>
          {line.product && line.product.name !== line.description ? (
            <Text as="div" size="1" color="gray">
              {line.product.name}
            </Text>
          ) : null}
        </>
      )}
      narrow={(line) => (
        <>
          <div>{`${quantity(line)} × ${money(line.unit_price)}`}</div>
          {line.product?.sku ? <div>SKU {line.product.sku}</div> : null}
          {line.notes ? <div style={{ fontStyle: 'italic' }}>{line.notes}</div> : null}
        </>
      )}
      columns={[
        { header: 'Product SKU', cell: (line) => line.product?.sku ?? <Muted>—</Muted> },
        { header: 'Notes', cell: (line) => line.notes ?? <Muted>—</Muted> },
        { header: 'Quantity', numeric: true, cell: quantity },
        { header: 'Unit Price', numeric: true, cell: (line) => money(line.unit_price) },
      ]}
      totalHeader="Total"
    />
  );
}
