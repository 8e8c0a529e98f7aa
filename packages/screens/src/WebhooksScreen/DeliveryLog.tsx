import {
  WEBHOOK_DELIVERY_PAGE_SIZE as DELIVERY_PAGE_SIZE,
  unwrap,
  webhookKeys,
  webhookQueries,
} from '@purchasing/api-client';
import { Button, Callout, formatDateTime, Pager, Spinner, toast } from '@purchasing/ui';
import { Badge, Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListTable, listColumns } from '../kit/list/ListTable';
import { usePurchasing } from '../PurchasingProvider';
import { eventLabel, type Webhook, type WebhookDelivery } from './webhookEvents';

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

/** What the cells need from the log: Redeliver, and which delivery is being queued again. */
interface DeliveryMeta {
  redeliver(delivery: WebhookDelivery): void;
  redelivering: string | null;
}

const { features, column, actions } = listColumns<WebhookDelivery, DeliveryMeta>();

/**
 * The log's columns, through the list kit: a table on a wide screen, stacked cards on a phone (the
 * event as the card's title, its status top right, the rest as labelled fields, Redeliver at its foot).
 */
const columns = column.columns([
  column.accessor((delivery) => eventLabel(delivery.event_type), {
    id: 'event',
    header: 'Event',
    meta: { rowHeader: true },
    cell: (info) => (
      <>
        <Text as="div" weight="medium">
          {info.getValue()}
        </Text>
        <Text as="div" size="1" color="gray" weight="regular">
          {formatDateTime(info.row.original.created_at)}
        </Text>
      </>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { card: 'status' },
    cell: (info) => (
      <Badge color={STATUS[info.getValue()].color} variant="soft">
        {STATUS[info.getValue()].label}
      </Badge>
    ),
  }),
  column.accessor('attempts', { header: 'Attempts' }),
  column.display({
    id: 'outcome',
    header: 'Last attempt',
    meta: { minWidth: 160 },
    cell: (info) => (
      <Box maxWidth="280px" style={{ overflowWrap: 'anywhere' }}>
        {outcome(info.row.original)}
      </Box>
    ),
  }),
  column.accessor('next_attempt_at', {
    header: 'Next attempt',
    cell: (info) => {
      const next = info.getValue();
      return next ? formatDateTime(next) : '—';
    },
  }),
  actions((delivery, meta) => (
    <Button
      size="1"
      variant="secondary"
      loading={meta?.redelivering === delivery.id}
      onClick={() => meta?.redeliver(delivery)}
      aria-label={`Redeliver ${eventLabel(delivery.event_type)} of ${formatDateTime(delivery.created_at)}`}
    >
      <RotateCcw aria-hidden size={14} /> Redeliver
    </Button>
  )),
]);

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

  const deliveries = log.data?.deliveries ?? EMPTY;
  const total = log.data?.pagination.total ?? 0;
  const meta: DeliveryMeta = {
    redeliver: (delivery) => redeliver.mutate(delivery),
    redelivering: redeliver.isPending ? (redeliver.variables?.id ?? null) : null,
  };
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
          <ListTable
            features={features}
            columns={columns}
            meta={meta}
            rows={deliveries}
            caption={`Deliveries to ${webhook.url}`}
            rowHeaderPlaceholder="Requisition approved"
            busy={log.isPlaceholderData}
          />
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

/** A stable empty page (a fresh array each render would rebuild the table's row model). */
const EMPTY: WebhookDelivery[] = [];
