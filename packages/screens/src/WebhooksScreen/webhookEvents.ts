import type { Schemas } from '@purchasing/api-client';

export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookEventType = Schemas['WebhookEventType'];

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
