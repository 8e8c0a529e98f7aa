import { unwrap } from '@purchasing/api-client';
import { Button, Callout, formatDateTime, Pager, Spinner, toast } from '@purchasing/ui';
import { Badge, Box, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import {
  DELIVERY_PAGE_SIZE,
  eventLabel,
  type Webhook,
  type WebhookDelivery,
  webhookKeys,
  webhookQueries,
} from './webhookQueries';

const STATUS = {
  pending: { label: 'Pending', color: 'amber' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const satisfies Record<
  WebhookDelivery['status'],
  { label: string; color: 'amber' | 'blue' | 'green' | 'red' }
>;

/** Copy of the delivery log. */
export const deliveryLogMessages = {
  title: 'Deliveries',
  empty: 'No deliveries yet. Send a test event to try the endpoint.',
  loadFailed: 'Failed to load the deliveries. Please try again.',
  redelivered: 'Event queued again',
  redeliverFailed: 'Failed to queue the event again',
} as const;

/** What the last attempt came to, in a few words. */
function outcome(delivery: WebhookDelivery): string {
  const parts: string[] = [];
  if (delivery.response_status !== null) parts.push(`HTTP ${delivery.response_status}`);
  if (delivery.duration_ms !== null) parts.push(`${delivery.duration_ms} ms`);
  if (delivery.last_error && delivery.status !== 'delivered') parts.push(delivery.last_error);
  return parts.join(' · ') || '—';
}

/** The delivery log of one endpoint: event, status, attempts, outcome, next attempt, Redeliver. */
export function DeliveryLog({
  organizationId,
  webhook,
}: {
  organizationId: string;
  webhook: Webhook;
}): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const log = useQuery(webhookQueries.deliveries(client, organizationId, webhook.id, offset));
  const redeliver = useMutation({
    mutationFn: (delivery: WebhookDelivery) =>
      unwrap(
        client.api.POST('/webhooks/deliveries/{id}/redeliver', {
          params: { path: { id: delivery.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => toast.success(deliveryLogMessages.redelivered),
    onError: (error) => toast.error(serverMessage(error) ?? deliveryLogMessages.redeliverFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) }),
  });

  const deliveries = log.data?.deliveries ?? [];
  const total = log.data?.pagination.total ?? 0;
  return (
    <Box mt="3">
      <Heading as="h3" size="3" mb="2">
        {deliveryLogMessages.title}
      </Heading>
      {log.isPending ? (
        <Spinner label="Loading deliveries" />
      ) : log.isError ? (
        <Callout variant="error">{deliveryLogMessages.loadFailed}</Callout>
      ) : deliveries.length === 0 ? (
        <Text size="2" color="gray">
          {deliveryLogMessages.empty}
        </Text>
      ) : (
        <Flex direction="column" gap="3">
          <Box style={{ overflowX: 'auto' }}>
            <Table.Root size="1">
              <VisuallyHidden asChild>
                <caption>{`Deliveries to ${webhook.url}`}</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Attempts</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last attempt</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Next attempt</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {deliveries.map((delivery) => (
                  <Table.Row key={delivery.id} align="center">
                    <Table.Cell>
                      <Text as="div" weight="medium">
                        {eventLabel(delivery.event_type)}
                      </Text>
                      <Text as="div" size="1" color="gray">
                        {formatDateTime(delivery.created_at)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge color={STATUS[delivery.status].color} variant="soft">
                        {STATUS[delivery.status].label}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{delivery.attempts}</Table.Cell>
                    <Table.Cell style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                      {outcome(delivery)}
                    </Table.Cell>
                    <Table.Cell>
                      {delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'}
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Button
                        size="1"
                        variant="secondary"
                        loading={redeliver.isPending && redeliver.variables?.id === delivery.id}
                        onClick={() => redeliver.mutate(delivery)}
                        aria-label={`Redeliver ${eventLabel(delivery.event_type)} of ${formatDateTime(delivery.created_at)}`}
                      >
                        <RotateCcw aria-hidden size={14} /> Redeliver
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          {total > DELIVERY_PAGE_SIZE ? (
            <Card size="1">
              <Pager
                page={Math.floor(offset / DELIVERY_PAGE_SIZE) + 1}
                pageSize={DELIVERY_PAGE_SIZE}
                total={total}
                onPageChange={(page) => setOffset((page - 1) * DELIVERY_PAGE_SIZE)}
                label="Delivery pages"
              />
            </Card>
          ) : null}
        </Flex>
      )}
    </Box>
  );
}
