/**
 * Typed MSW handlers for the Webhooks screen: one `createWebhookApi()` keeps its own in-memory
 * endpoints and delivery log, so adding, editing, testing or redelivering shows on the next read.
 * A URL on a private address answers 400 naming `url`, as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type Webhook = Schemas['Webhook'];
type WebhookDelivery = Schemas['WebhookDelivery'];

const id = (n: number) => `00000000-0000-4000-8000-${String(8000 + n).padStart(12, '0')}`;
const stamp = '2026-11-27T09:00:00.000Z';

/** The ERP endpoint, told about orders. */
export function webhookFixtures(): Webhook[] {
  return [
    {
      id: id(1),
      url: 'https://erp.example.com/hooks/purchasing',
      description: 'ERP',
      events: ['purchase_order.sent', 'purchase_order.received'],
      is_active: true,
      secret_hint: '…3f9a',
      created_at: stamp,
      updated_at: stamp,
    },
  ];
}

/** A delivered event, a retry waiting and a failed one. */
export function deliveryFixtures(webhookId = id(1)): WebhookDelivery[] {
  const base = { webhook_id: webhookId, duration_ms: 84, delivered_at: null, last_error: null };
  return [
    {
      ...base,
      id: id(101),
      event_id: id(201),
      event_type: 'purchase_order.received',
      status: 'pending',
      attempts: 2,
      response_status: 503,
      last_error: 'The endpoint answered 503',
      next_attempt_at: '2026-11-27T10:06:40.000Z',
      created_at: '2026-11-27T10:04:40.000Z',
    },
    {
      ...base,
      id: id(102),
      event_id: id(202),
      event_type: 'purchase_order.sent',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      next_attempt_at: null,
      delivered_at: '2026-11-27T09:02:11.410Z',
      created_at: '2026-11-27T09:02:11.120Z',
    },
    {
      ...base,
      id: id(103),
      event_id: id(203),
      event_type: 'webhook.test',
      status: 'failed',
      attempts: 8,
      response_status: null,
      duration_ms: 10000,
      last_error: 'No answer within 10 s',
      next_attempt_at: null,
      created_at: '2026-11-26T09:00:00.000Z',
    },
  ];
}

/** A change the API received, for tests to assert what was sent. */
export interface WebhookApiCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export const NEW_SECRET = 'whsec_Jq2w9Yb7m1VQfQ0m4r8Tz3kL5pN6xC2dNEW1';

/** The in-memory webhook API. */
export function createWebhookApi(
  webhooks: Webhook[] = webhookFixtures(),
  deliveries: WebhookDelivery[] = [],
) {
  const calls: WebhookApiCall[] = [];
  let next = 10;
  const notFound = { message: 'Webhook not found', code: 'NOT_FOUND' as const, details: [] };
  const queue = (webhookId: string, eventType: string, eventId: string): WebhookDelivery => {
    next += 1;
    const delivery: WebhookDelivery = {
      id: id(300 + next),
      webhook_id: webhookId,
      event_id: eventId,
      event_type: eventType,
      status: 'pending',
      attempts: 0,
      response_status: null,
      duration_ms: null,
      next_attempt_at: new Date().toISOString(),
      last_error: null,
      delivered_at: null,
      created_at: new Date().toISOString(),
    };
    deliveries.unshift(delivery);
    return delivery;
  };
  const handlers = [
    http.get('/webhooks', ({ response }) => response(200).json({ webhooks })),
    http.post('/webhooks', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/webhooks', body });
      if (/127\.0\.0\.1|localhost|10\.\d/.test(body.url)) {
        const message = 'The URL must not point to a private or local address';
        return response(400).json({
          message,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'url', message }],
        });
      }
      next += 1;
      const now = new Date().toISOString();
      const webhook: Webhook = {
        id: id(next),
        url: body.url,
        description: body.description ?? null,
        events: body.events,
        is_active: true,
        secret_hint: `…${NEW_SECRET.slice(-4)}`,
        created_at: now,
        updated_at: now,
      };
      webhooks.unshift(webhook);
      return response(201).json({ webhook, secret: NEW_SECRET });
    }),
    http.put('/webhooks/{id}', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: `/webhooks/${params.id}`, body });
      const webhook = webhooks.find((entry) => entry.id === params.id);
      if (!webhook) return response(404).json(notFound);
      Object.assign(webhook, { ...body, description: body.description ?? null });
      return response(200).json({ webhook });
    }),
    http.delete('/webhooks/{id}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/webhooks/${params.id}` });
      const index = webhooks.findIndex((entry) => entry.id === params.id);
      if (index < 0) return response(404).json(notFound);
      webhooks.splice(index, 1);
      return response(204).empty();
    }),
    http.post('/webhooks/{id}/rotate-secret', ({ params, response }) => {
      calls.push({ method: 'POST', path: `/webhooks/${params.id}/rotate-secret` });
      const webhook = webhooks.find((entry) => entry.id === params.id);
      if (!webhook) return response(404).json(notFound);
      webhook.secret_hint = `…${NEW_SECRET.slice(-4)}`;
      return response(200).json({ webhook, secret: NEW_SECRET });
    }),
    http.post('/webhooks/{id}/test', ({ params, response }) => {
      calls.push({ method: 'POST', path: `/webhooks/${params.id}/test` });
      return response(202).json({ delivery: queue(String(params.id), 'webhook.test', id(900 + next)) });
    }),
    http.get('/webhooks/{id}/deliveries', ({ params, request, response }) => {
      const query = new URL(request.url).searchParams;
      const limit = Number(query.get('limit') ?? 10);
      const offset = Number(query.get('offset') ?? 0);
      const own = deliveries.filter((delivery) => delivery.webhook_id === params.id);
      return response(200).json({
        deliveries: own.slice(offset, offset + limit),
        pagination: { limit, offset, total: own.length },
      });
    }),
    http.post('/webhooks/deliveries/{id}/redeliver', ({ params, response }) => {
      calls.push({ method: 'POST', path: `/webhooks/deliveries/${params.id}/redeliver` });
      const original = deliveries.find((entry) => entry.id === params.id);
      if (!original) return response(404).json({ ...notFound, message: 'Delivery not found' });
      return response(202).json({
        delivery: queue(original.webhook_id, original.event_type, original.event_id),
      });
    }),
  ];
  return { handlers, calls, webhooks, deliveries };
}

/** `GET /webhooks` never answers (the loading state). */
export const webhooksPendingHandler = () =>
  http.get('/webhooks', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ webhooks: [] });
  });
