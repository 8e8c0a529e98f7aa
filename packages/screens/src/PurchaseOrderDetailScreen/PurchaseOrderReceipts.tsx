import { purchaseOrderQueries, type Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Panel } from '../kit/detail/Panel';
import { usePurchasing } from '../PurchasingProvider';
import { orderCurrency } from '../shared/purchaseOrders';
import { Muted } from './detailText';

type PurchaseOrder = Schemas['PurchaseOrder'];

/**
 * The order's receipts, oldest first (docs/decisions.md "Receipts"): day, who, what each line
 * received, the amount, notes and the delivery note's name. Shown once an order is sent.
 */
export function PurchaseOrderReceipts({
  order,
  organizationId,
}: {
  order: PurchaseOrder;
  organizationId: string;
}): ReactElement | null {
  const { client } = usePurchasing();
  const shown =
    order.status === 'sent' || order.status === 'partially_received' || order.status === 'received';
  const receipts = useQuery({
    ...purchaseOrderQueries.receipts(client, organizationId, order.id),
    enabled: shown,
  });
  if (!shown) return null;
  const list = receipts.data?.data ?? [];
  return (
    <Panel title="Receipts">
      {receipts.isPending ? (
        <Muted>Loading receipts…</Muted>
      ) : list.length === 0 ? (
        <Muted>Nothing received yet.</Muted>
      ) : (
        <Flex asChild direction="column" gap="3" m="0" p="0" style={{ listStyle: 'none' }}>
          <ol aria-label="Receipts">
            {list.map((receipt) => (
              <li key={receipt.id}>
                <Flex justify="between" gap="3" wrap="wrap">
                  <Text weight="medium">
                    {formatDate(receipt.received_at)}
                    {receipt.received_by
                      ? ` · ${receipt.received_by.first_name} ${receipt.received_by.last_name}`
                      : ''}
                  </Text>
                  <Text>{formatMoney(receipt.amount, orderCurrency(order))}</Text>
                </Flex>
                <Text as="div" size="2" color="gray">
                  {receipt.lines.map((line) => `${line.quantity} × ${line.description}`).join(', ')}
                </Text>
                {receipt.notes ? (
                  <Text as="div" size="2">
                    {receipt.notes}
                  </Text>
                ) : null}
                {receipt.attachment ? (
                  <Text as="div" size="1" color="gray">
                    {`Delivery note: ${receipt.attachment.file_name}`}
                  </Text>
                ) : null}
              </li>
            ))}
          </ol>
        </Flex>
      )}
    </Panel>
  );
}
