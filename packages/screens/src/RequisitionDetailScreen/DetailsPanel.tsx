import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney } from '@purchasing/ui';
import { Box, Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Field, FieldList, LongText } from '../kit/detail/Field';
import { Panel } from '../kit/detail/Panel';
import { BaseAmount } from '../shared/BaseAmount';
import { categoryLabel, codeAndName, fullName } from '../shared/display';

type Requisition = Schemas['Requisition'];

/**
 * Requisition Details (document 1 §2): requestor, cost centre, GL account, category, total, delivery
 * date and the long texts; a missing value reads 'Not specified'. The detail and the approval review
 * both show it.
 */
export function DetailsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const { requestor } = requisition;
  return (
    <Panel title="Requisition Details">
      <FieldList>
        <Field label="Requestor">
          <Flex direction="column" minWidth="0">
            <Text weight="medium">{fullName(requestor)}</Text>
            <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
              {requestor.email}
            </Text>
          </Flex>
        </Field>
        <Field label="Cost Center">{codeAndName(requisition.cost_center)}</Field>
        <Field label="GL Account">{codeAndName(requisition.gl_account)}</Field>
        <Field label="Category">{categoryLabel(requisition.category)}</Field>
        <Field label="Total Amount">
          <Box>
            <Text weight="bold">{formatMoney(requisition.total_amount, requisition.currency)}</Text>
            <Text color="gray">&nbsp;{requisition.currency}</Text>
            <BaseAmount requisition={requisition} />
          </Box>
        </Field>
        <Field label="Delivery Date">
          {requisition.delivery_date ? formatDate(requisition.delivery_date) : null}
        </Field>
        <Field label="Justification" wide>
          <LongText value={requisition.justification} />
        </Field>
        <Field label="Shipping Address" wide>
          <LongText value={requisition.shipping_address} />
        </Field>
        <Field label="Notes" wide>
          <LongText value={requisition.notes} />
        </Field>
      </FieldList>
    </Panel>
  );
}
