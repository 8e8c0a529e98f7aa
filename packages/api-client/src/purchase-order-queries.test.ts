// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { ApiError } from './errors';
import { purchaseOrderKeys, purchaseOrderQueries, vendorQueries } from './purchase-order-queries';
import { queryKeys } from './queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const ORDER = '33333333-3333-4333-8333-333333333333';
const VENDOR_A = '44444444-4444-4444-8444-444444444444';
const VENDOR_B = '55555555-5555-4555-8555-555555555555';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startTestServer();
  server.handle((call, res) => {
    if (call.path.startsWith('/api/purchase-orders/')) {
      return json(res, 404, { message: 'Purchase order not found', code: 'NOT_FOUND', details: [] });
    }
    if (call.path.startsWith('/api/purchase-orders')) {
      return json(res, 200, { data: [], pagination: { limit: 10, offset: 20, total: 0 } });
    }
    return json(res, 200, { vendors: [] });
  });
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

describe('purchaseOrderKeys', () => {
  it('put purchase orders and vendors under their organisation', () => {
    for (const key of [
      purchaseOrderKeys.all(ACME),
      purchaseOrderKeys.list(ACME, { status: ['draft'] }),
      purchaseOrderKeys.detail(ACME, ORDER),
      purchaseOrderKeys.vendors(ACME),
      purchaseOrderKeys.vendorList(ACME, {}),
    ]) {
      expect(key.slice(0, 2)).toEqual(queryKeys.organization(ACME));
    }
    expect(purchaseOrderKeys.list(ACME, {})).not.toEqual(purchaseOrderKeys.list(GLOBEX, {}));
  });

  it('keep lists and details under one root, so one invalidation refreshes both', () => {
    const root = purchaseOrderKeys.all(ACME);
    expect(purchaseOrderKeys.list(ACME, {}).slice(0, root.length)).toEqual(root);
    expect(purchaseOrderKeys.detail(ACME, ORDER).slice(0, root.length)).toEqual(root);
  });
});

describe('purchaseOrderQueries', () => {
  it('send the list filters with repeated keys and the organisation header', async () => {
    await queryClient.fetchQuery(
      purchaseOrderQueries.list(client, ACME, {
        search: 'PO-2026',
        status: ['draft', 'sent'],
        vendor_id: [VENDOR_A, VENDOR_B],
        date_from: '2026-11-01',
        date_to: '2026-11-30',
        limit: 10,
        offset: 20,
      }),
    );
    const [call] = server.calls;
    const url = new URL(call?.path ?? '', 'http://localhost');
    expect(url.pathname).toBe('/api/purchase-orders');
    expect(url.searchParams.getAll('status')).toEqual(['draft', 'sent']);
    expect(url.searchParams.getAll('vendor_id')).toEqual([VENDOR_A, VENDOR_B]);
    expect(url.searchParams.get('search')).toBe('PO-2026');
    expect(url.searchParams.get('offset')).toBe('20');
    expect(call?.headers['x-organization-id']).toBe(ACME);
  });

  it('reject a missing order with the server message and a 404 status', async () => {
    const failure = await queryClient
      .fetchQuery(purchaseOrderQueries.detail(client, ACME, ORDER))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'Purchase order not found' });
    expect(server.calls[0]?.path).toBe(`/api/purchase-orders/${ORDER}`);
  });
});

describe('vendorQueries', () => {
  it('list active vendors by default and inactive ones only when asked', async () => {
    await queryClient.fetchQuery(vendorQueries.list(client, ACME));
    await queryClient.fetchQuery(vendorQueries.list(client, ACME, { include_inactive: true }));
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/vendors',
      '/api/vendors?include_inactive=true',
    ]);
    expect(vendorQueries.list(client, ACME).queryKey).not.toEqual(
      vendorQueries.list(client, ACME, { include_inactive: true }).queryKey,
    );
  });
});
