import type { Schemas } from '@purchasing/api-client';
import { Callout, formatDate, formatMoney } from '@purchasing/ui';
import { DataList, Flex, Link, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { lineTaxNote } from '../kit/detail/lineTax';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { codeAndName, fullName } from '../shared/display';

type Requisition = Schemas['Requisition'];
type Vendor = Schemas['Vendor'];

/**
 * The read-only picture of the chosen requisition: who, what for, and its lines as the order copies
 * them, with the server's subtotal and tax above the total when the lines carry tax.
 */
export function RequisitionPreview({
  requisition,
  loading,
  failed,
}: {
  requisition: Requisition | undefined;
  loading: boolean;
  failed: boolean;
}): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.requisitionDetail(requisition?.id ?? ''));
  if (failed) return <Callout variant="error">Failed to load the requisition's line items.</Callout>;
  if (loading || !requisition) {
    return (
      <Flex direction="column" gap="2" aria-hidden>
        <Skeleton height="20px" width="60%" />
        <Skeleton height="120px" />
      </Flex>
    );
  }
  const money = (amount: number) => formatMoney(amount, requisition.currency);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Flex direction="column" gap="4">
      <DataList.Root
        orientation="vertical"
        size="2"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 'var(--space-3) var(--space-5)',
        }}
      >
        <DataList.Item>
          <DataList.Label>Requisition</DataList.Label>
          <DataList.Value>
            <Link {...link} weight="medium" target="_blank" rel="noopener">
              {requisition.requisition_number}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Link>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Requestor</DataList.Label>
          <DataList.Value>{fullName(requisition.requestor)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Cost Center</DataList.Label>
          <DataList.Value>{codeAndName(requisition.cost_center)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Approved</DataList.Label>
          <DataList.Value>{formatDate(requisition.approved_at)}</DataList.Value>
        </DataList.Item>
        {requisition.justification ? (
          <DataList.Item style={{ gridColumn: '1 / -1' }}>
            <DataList.Label>Justification</DataList.Label>
            <DataList.Value style={{ overflowWrap: 'anywhere' }}>{requisition.justification}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Table.Root variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{`Lines of ${requisition.requisition_number}`}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell style={nowrap}>SKU</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end" style={nowrap}>
              Quantity × Unit Price
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {requisition.line_items.map((line) => (
            <Table.Row key={line.id}>
              <Table.RowHeaderCell style={{ overflowWrap: 'anywhere' }}>
                {line.description}
              </Table.RowHeaderCell>
              <Table.Cell style={nowrap}>
                {line.product?.sku ?? (
                  <Text color="gray" aria-label="No SKU">
                    —
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell justify="end" style={nowrap}>
                {`${line.quantity} ${line.unit_of_measure} × ${money(line.unit_price)}`}
              </Table.Cell>
              <Table.Cell justify="end" style={nowrap}>
                {money(line.total_amount)}
                {line.tax_amount > 0 ? (
                  <Text as="div" size="1" color="gray" style={{ whiteSpace: 'normal' }}>
                    {lineTaxNote(line, money)}
                  </Text>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <tfoot>
          {(requisition.tax_amount > 0
            ? ([
                ['Subtotal', requisition.subtotal_amount],
                ['Tax', requisition.tax_amount],
              ] as const)
            : []
          ).map(([label, amount]) => (
            <Table.Row key={label} style={{ background: 'var(--gray-a2)' }}>
              <Table.RowHeaderCell colSpan={3} justify="end">
                {label}
              </Table.RowHeaderCell>
              <Table.Cell justify="end" style={nowrap}>
                {money(amount)}
              </Table.Cell>
            </Table.Row>
          ))}
          <Table.Row style={{ background: 'var(--gray-a2)' }}>
            <Table.RowHeaderCell colSpan={3} justify="end">
              <Text weight="bold">Total</Text>
            </Table.RowHeaderCell>
            <Table.Cell justify="end" style={nowrap}>
              <Text weight="bold">{money(requisition.total_amount)}</Text>
            </Table.Cell>
          </Table.Row>
        </tfoot>
      </Table.Root>
    </Flex>
  );
}

/** The chosen vendor's contact details, and a warning when it has no email to send the order to. */
export function VendorPreview({ vendor }: { vendor: Vendor }): ReactElement {
  const place = [vendor.address, vendor.city, vendor.state_province, vendor.postal_code, vendor.country]
    .filter((part) => part?.trim())
    .join(', ');
  return (
    <Flex direction="column" gap="3">
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="96px">Email</DataList.Label>
          <DataList.Value>{vendor.email ?? <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="96px">Phone</DataList.Label>
          <DataList.Value>{vendor.phone ?? <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="96px">Address</DataList.Label>
          <DataList.Value>{place || <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {vendor.email ? null : (
        <Callout variant="warning">
          {`${vendor.name} has no email address: the order can be created as a draft, but it cannot be sent until the vendor has one.`}
        </Callout>
      )}
    </Flex>
  );
}
