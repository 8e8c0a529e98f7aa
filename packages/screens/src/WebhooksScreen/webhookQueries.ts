import { type PurchasingClient, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEventType = Schemas['WebhookEventType'];

/** Query keys of the organisation's webhooks; invalidate `webhookKeys.all(org)` after a change. */
export const webhookKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'webhooks'] as const,
  list: (organizationId: string) => [...webhookKeys.all(organizationId), 'list'] as const,
  deliveries: (organizationId: string, id: string, offset: number) =>
    [...webhookKeys.all(organizationId), 'deliveries', id, offset] as const,
};

/** Rows of the delivery log per page. */
export const DELIVERY_PAGE_SIZE = 10;

/** `GET /webhooks` and `GET /webhooks/{id}/deliveries`. */
export const webhookQueries = {
  list: (client: PurchasingClient, organizationId: string) =>
    queryOptions({
      queryKey: webhookKeys.list(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/webhooks', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
  deliveries: (client: PurchasingClient, organizationId: string, id: string, offset: number) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(organizationId, id, offset),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/webhooks/{id}/deliveries', {
            params: {
              path: { id },
              query: { limit: DELIVERY_PAGE_SIZE, offset },
              header: { 'X-Organization-Id': organizationId },
            },
            signal,
          }),
        ),
      placeholderData: keepPreviousData,
      // The log moves while deliveries are pending: look again every few seconds.
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'sending')
          ? 3000
          : false,
    }),
};

/** The events an endpoint may subscribe to, with how the screen names them. */
export const WEBHOOK_EVENTS: readonly { value: WebhookEventType; label: string }[] = [
  { value: 'requisition.submitted', label: 'Requisition submitted' },
  { value: 'requisition.approved', label: 'Requisition approved' },
  { value: 'requisition.rejected', label: 'Requisition rejected' },
  { value: 'purchase_order.sent', label: 'Order sent' },
  { value: 'purchase_order.received', label: 'Order received' },
  { value: 'purchase_order.cancelled', label: 'Order cancelled' },
];

export const eventLabel = (type: string) =>
  type === 'webhook.test'
    ? 'Test event'
    : (WEBHOOK_EVENTS.find((event) => event.value === type)?.label ?? type);
