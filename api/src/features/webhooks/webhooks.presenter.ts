import type { components } from '@purchasing/contract';
import { secretHint } from './signature.js';

export type WebhookView = components['schemas']['Webhook'];
export type WebhookDeliveryView = components['schemas']['WebhookDelivery'];

export interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  is_active: boolean;
  secret: string;
  created_at: Date;
  updated_at: Date;
}

export const ENDPOINT_COLUMNS =
  'e.id, e.url, e.description, e.events, e.is_active, e.secret, e.created_at, e.updated_at';

/** An endpoint as the API shows it: the secret only as a hint. */
export function presentWebhook(row: EndpointRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookView['events'],
    is_active: row.is_active,
    secret_hint: secretHint(row.secret),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryView['status'];
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  next_attempt_at: Date;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}

export const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempts,
  d.response_status, d.duration_ms, d.next_attempt_at, d.last_error, d.delivered_at, d.created_at`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  const open = row.status === 'pending' || row.status === 'sending';
  return {
    id: row.id,
    webhook_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.response_status,
    duration_ms: row.duration_ms,
    next_attempt_at: open ? iso(row.next_attempt_at) : null,
    last_error: row.last_error,
    delivered_at: iso(row.delivered_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}
