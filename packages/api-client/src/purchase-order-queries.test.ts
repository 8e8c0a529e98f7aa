// @vitest-environment node
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { ApiError } from './errors';
import {
  purchaseOrderKeys,
  purchaseOrderQueries,
  vendorMutations,
  vendorQueries,
} from './purchase-order-queries';
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

const dell = {
  id: VENDOR_A,
  name: 'Dell Technologies Australia',
  contact_name: null,
  email: 'au-orders@dell-tech.example',
  phone: null,
  website: null,
  address: null,
  city: null,
  state_province: null,
  postal_code: null,
  country: null,
  payment_terms: 'Net 45',
  tax_number: null,
  currency: null,
  is_active: true,
  created_at: '2026-11-27T03:58:41.270Z',
};

describe('vendor details and spend', () => {
  it('read one vendor under the vendors root, and its spend under the orders root', async () => {
    server.handle((call, res) =>
      call.path.endsWith('/spend')
        ? json(res, 200, {
            spend: {
              currency: 'AUD',
              order_count: 2,
              open_order_count: 1,
              committed_amount: 8915.71,
              received_amount: 2420,
              last_order_at: null,
            },
          })
        : json(res, 200, { vendor: dell }),
    );
    const { vendor } = await queryClient.fetchQuery(vendorQueries.detail(client, ACME, VENDOR_A));
    const { spend } = await queryClient.fetchQuery(vendorQueries.spend(client, ACME, VENDOR_A));
    expect(vendor.name).toBe('Dell Technologies Australia');
    expect(spend.committed_amount).toBe(8915.71);
    expect(server.calls.map((call) => call.path)).toEqual([
      `/api/vendors/${VENDOR_A}`,
      `/api/vendors/${VENDOR_A}/spend`,
    ]);
    expect(server.calls[1]?.headers['x-organization-id']).toBe(ACME);
    const vendorsRoot = purchaseOrderKeys.vendors(ACME);
    expect(purchaseOrderKeys.vendorDetail(ACME, VENDOR_A).slice(0, vendorsRoot.length)).toEqual(vendorsRoot);
    // An order sent, received or cancelled changes the figures: the orders' invalidation reaches them.
    const ordersRoot = purchaseOrderKeys.all(ACME);
    expect(purchaseOrderKeys.vendorSpend(ACME, VENDOR_A).slice(0, ordersRoot.length)).toEqual(ordersRoot);
  });
});

describe('vendorMutations', () => {
  /** Runs a mutation's options as useMutation would, with this test's QueryClient. */
  function run<TData, TVariables>(
    options: ConstructorParameters<typeof MutationObserver<TData, Error, TVariables>>[1],
    variables: TVariables,
  ) {
    return new MutationObserver(queryClient, options).mutate(variables);
  }

  /** A cached vendor list (active ones) and the order list, to see what a change makes stale. */
  async function cacheLists() {
    server.handle((call, res) =>
      call.path.startsWith('/api/purchase-orders')
        ? json(res, 200, { data: [], pagination: { limit: 10, offset: 0, total: 0 } })
        : json(res, 200, { vendors: [dell] }),
    );
    await queryClient.fetchQuery(vendorQueries.list(client, ACME));
    await queryClient.fetchQuery(purchaseOrderQueries.list(client, ACME, {}));
    server.calls.length = 0;
  }
  const listState = () => queryClient.getQueryState(purchaseOrderKeys.vendorList(ACME, {}));

  it('create a vendor with an idempotency key, cache it and make the vendor lists stale', async () => {
    await cacheLists();
    server.handle((_call, res) => json(res, 201, { vendor: dell }));
    const answer = await run(vendorMutations.create(client, ACME), {
      name: dell.name,
      payment_terms: 'Net 45',
    });
    expect(answer.vendor.id).toBe(VENDOR_A);
    const [call] = server.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/api/vendors');
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ name: dell.name, payment_terms: 'Net 45' });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers['x-organization-id']).toBe(ACME);
    expect(queryClient.getQueryData(purchaseOrderKeys.vendorDetail(ACME, VENDOR_A))).toEqual({
      vendor: dell,
    });
    expect(listState()?.isInvalidated).toBe(true);
    // Orders are not about the vendor's fields: their list stays as it was.
    expect(queryClient.getQueryState(purchaseOrderKeys.list(ACME, {}))?.isInvalidated).toBe(false);
  });

  it('reject a name already taken with the 409 and its detail on the name, leaving the lists alone', async () => {
    await cacheLists();
    server.handle((_call, res) =>
      json(res, 409, {
        message: 'A vendor named Dell Technologies Australia already exists',
        code: 'VENDOR_NAME_TAKEN',
        details: [{ field: 'name', message: 'A vendor named Dell Technologies Australia already exists' }],
      }),
    );
    const failure = await run(vendorMutations.create(client, ACME), { name: dell.name }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'VENDOR_NAME_TAKEN', details: [{ field: 'name' }] });
    expect(listState()?.isInvalidated).toBe(false);
  });

  it('update a vendor with PUT and deactivate one with DELETE, each refreshing the lists', async () => {
    await cacheLists();
    server.handle((call, res) => {
      if (call.method === 'DELETE') res.writeHead(204).end();
      else json(res, 200, { vendor: { ...dell, city: 'Perth' } });
    });
    const { vendor } = await run(vendorMutations.update(client, ACME), {
      id: VENDOR_A,
      input: { name: dell.name, city: 'Perth', is_active: true },
    });
    expect(vendor.city).toBe('Perth');
    expect(listState()?.isInvalidated).toBe(true);
    await queryClient.refetchQueries({ queryKey: purchaseOrderKeys.vendorList(ACME, {}) });
    expect(listState()?.isInvalidated).toBe(false);
    await run(vendorMutations.deactivate(client, ACME), VENDOR_A);
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT /api/vendors/${VENDOR_A}`,
      'GET /api/vendors',
      `DELETE /api/vendors/${VENDOR_A}`,
    ]);
    expect(JSON.parse(server.calls[0]?.body ?? '{}')).toEqual({
      name: dell.name,
      city: 'Perth',
      is_active: true,
    });
    expect(listState()?.isInvalidated).toBe(true);
  });
});
