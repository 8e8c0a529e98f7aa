import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatDateTime } from '@purchasing/ui';
import { Box, DataList, Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { emailLink, Field, FieldList, phoneLink } from '../kit/detail/Field';
import { Panel } from '../kit/detail/Panel';
import { scaled } from '../kit/themeVariables';
import { purchaseOrderMessages } from '../shared/purchaseOrders';
import { VendorPlaceFields } from '../shared/VendorPlaceFields';
import { longText, Muted } from './detailText';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** The vendor's contact details. */
export function VendorPanel({ vendor }: { vendor: PurchaseOrder['vendor'] }): ReactElement {
  if (!vendor) {
    return (
      <Panel title="Vendor Information">
        <Muted>{purchaseOrderMessages.noVendor}</Muted>
      </Panel>
    );
  }
  return (
    <Panel title="Vendor Information">
      <FieldList layout="rows">
        <Field label="Name">
          <Text weight="medium">{vendor.name}</Text>
        </Field>
        <Field label="Email">{emailLink(vendor.email)}</Field>
        <Field label="Phone">{phoneLink(vendor.phone)}</Field>
        <Field label="Address">{vendor.address}</Field>
        <VendorPlaceFields vendor={vendor} />
      </FieldList>
    </Panel>
  );
}

/** The shipping and billing addresses. */
export function AddressesPanel({ order }: { order: PurchaseOrder }): ReactElement {
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

/** When the order was created, sent, received or cancelled. */
export function HistoryPanel({ order }: { order: PurchaseOrder }): ReactElement {
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
                  style={{
                    width: scaled(8),
                    height: scaled(8),
                    borderRadius: '50%',
                    background: 'var(--accent-9)',
                  }}
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
