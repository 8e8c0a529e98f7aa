// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { queryKeys } from './queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';
import { WEBHOOK_DELIVERY_PAGE_SIZE, webhookKeys, webhookQueries } from './webhook-queries';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const ENDPOINT = '33333333-3333-4333-8333-333333333333';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

const delivery = (status: string) => ({
  id: '44444444-4444-4444-8444-444444444444',
  webhook_id: ENDPOINT,
  event_id: '55555555-5555-4555-8555-555555555555',
  event_type: 'webhook.test',
  status,
  attempts: 1,
  response_status: null,
  duration_ms: null,
  last_error: null,
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
});

beforeEach(async () => {
  server = await startTestServer();
  server.handle((call, res) =>
    call.path.startsWith('/api/webhooks?') || call.path === '/api/webhooks'
      ? json(res, 200, { webhooks: [] })
      : json(res, 200, {
          deliveries: [delivery('pending')],
          pagination: { total: 1, limit: WEBHOOK_DELIVERY_PAGE_SIZE, offset: 20 },
        }),
  );
  client = createPurchasingClient({
    baseUrl: server.baseUrl,
    store: createMemoryStore({ access_token: 'access-1', refresh_token: 'refresh-1' }),
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(async () => {
  queryClient.clear();
  await server.close();
});

describe('webhook queries', () => {
  it('keep the endpoints and their logs under their organisation, one root to invalidate', () => {
    const all = webhookKeys.all(ACME);
    expect(all.slice(0, 2)).toEqual(queryKeys.organization(ACME));
    expect(webhookKeys.list(ACME).slice(0, all.length)).toEqual(all);
    expect(webhookKeys.deliveries(ACME, ENDPOINT, 10).slice(0, all.length)).toEqual(all);
    expect(webhookKeys.list(ACME)).not.toEqual(webhookKeys.list(GLOBEX));
  });

  it('list the endpoints and read a page of a log with the organisation header', async () => {
    await queryClient.fetchQuery(webhookQueries.list(client, ACME));
    const log = await queryClient.fetchQuery(webhookQueries.deliveries(client, ACME, ENDPOINT, 20));
    expect(log.deliveries).toHaveLength(1);
    expect(server.calls.map((call) => [call.path, call.headers['x-organization-id']])).toEqual([
      ['/api/webhooks', ACME],
      [`/api/webhooks/${ENDPOINT}/deliveries?limit=${WEBHOOK_DELIVERY_PAGE_SIZE}&offset=20`, ACME],
    ]);
  });

  it('read a log again every 3 s while a delivery on it is pending or sending', () => {
    const options = webhookQueries.deliveries(client, ACME, ENDPOINT, 0);
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    expect(interval({ state: { data: { deliveries: [delivery('sending')] } } })).toBe(3000);
    expect(interval({ state: { data: { deliveries: [delivery('delivered')] } } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });
});
