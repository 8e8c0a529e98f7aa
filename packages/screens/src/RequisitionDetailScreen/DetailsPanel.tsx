import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney } from '@purchasing/ui';
import { Box, DataList, Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { BaseAmount } from '../shared/BaseAmount';
import { categoryLabel, fullName } from '../shared/display';
import { Panel } from '../shared/Panel';
import { Muted } from './Muted';

type Requisition = Schemas['Requisition'];

/** Requisition Details: requestor, cost centre, GL account, category, total, delivery date and the long texts. */
export function DetailsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const { cost_center: costCenter, gl_account: glAccount, requestor } = requisition;
  const longText = (value: string | null) =>
    value?.trim() ? (
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
    ) : (
      <Muted>Not provided</Muted>
    );
  return (
    <Panel title="Requisition Details">
      <DataList.Root
        orientation="vertical"
        size="2"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 'var(--space-4) var(--space-5)',
        }}
      >
        <DataList.Item>
          <DataList.Label>Requestor</DataList.Label>
          <DataList.Value>
            <Flex direction="column" minWidth="0">
              <Text weight="medium">{fullName(requestor)}</Text>
              <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                {requestor.email}
              </Text>
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Cost Center</DataList.Label>
          <DataList.Value>{`${costCenter.code} - ${costCenter.name}`}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>GL Account</DataList.Label>
          <DataList.Value>{`${glAccount.code} - ${glAccount.name}`}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Category</DataList.Label>
          <DataList.Value>{categoryLabel(requisition.category)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Total Amount</DataList.Label>
          <DataList.Value>
            <Box>
              <Text weight="bold">{formatMoney(requisition.total_amount, requisition.currency)}</Text>
              <Text color="gray">&nbsp;{requisition.currency}</Text>
              <BaseAmount requisition={requisition} />
            </Box>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Delivery Date</DataList.Label>
          <DataList.Value>{formatDate(requisition.delivery_date, 'Not specified')}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Justification</DataList.Label>
          <DataList.Value>{longText(requisition.justification)}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Shipping Address</DataList.Label>
          <DataList.Value>{longText(requisition.shipping_address)}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Notes</DataList.Label>
          <DataList.Value>{longText(requisition.notes)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}
