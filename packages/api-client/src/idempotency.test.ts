// @vitest-environment node

import type { paths } from '@purchasing/contract';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { unwrap } from './errors';
import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations';
import { type IdempotentOperation, newIdempotencyKey, takesIdempotencyKey } from './idempotency';
import { createMemoryStore, type SessionStore } from './store';
import { json, type RecordedCall, startTestServer, type TestServer } from './test/server';

const ORG = '11111111-1111-4111-8111-111111111111';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const unauthorized = { message: 'Authentication required', code: 'UNAUTHORIZED', details: [] };
const product = { name: 'A4 paper', unit_price: 12.5, unit_of_measure: 'box' as const, sku: 'PAP-A4' };

let server: TestServer;
let store: SessionStore;
let client: PurchasingClient;

beforeEach(async () => {
  server = await startTestServer();
  store = createMemoryStore({ organization_id: ORG });
  store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  client = createPurchasingClient({ baseUrl: server.baseUrl, store });
});

afterEach(async () => {
  await server.close();
  vi.unstubAllGlobals();
});

const keysOf = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.headers['idempotency-key']);

/** Accepts `access-2` only, and rotates `refresh-1` into it: the first call of each test gets a 401. */
function expiringSession() {
  server.handle((call, res) => {
    if (call.path === '/api/auth/refresh') {
      return json(res, 200, {
        session: {
          access_token: 'access-2',
          refresh_token: 'refresh-2',
          token_type: 'Bearer',
          expires_in: 900,
        },
      });
    }
    if (call.headers.authorization !== 'Bearer access-2') return json(res, 401, unauthorized);
    if (call.path === '/api/products') return json(res, 201, { product: { id: 'p1', ...product } });
    return json(res, 409, { message: 'Not a draft', code: 'CONFLICT', details: [] });
  });
}

describe('Idempotency-Key', () => {
  it('sends a fresh key on every call that declares it, and none on the others', async () => {
    server.handle((call, res) =>
      call.method === 'GET'
        ? json(res, 200, { requisitions: [], pagination: { limit: 10, offset: 0, total: 0 } })
        : json(res, 201, { product: { id: 'p1', ...product } }),
    );
    await client.api.POST('/products', { params: { header: { 'X-Organization-Id': ORG } }, body: product });
    await client.api.POST('/products', { params: { header: { 'X-Organization-Id': ORG } }, body: product });
    await client.api.GET('/requisitions', { params: { header: { 'X-Organization-Id': ORG } } });
    await client.api.POST('/auth/login', { body: { email: 'a@b.test', password: 'x' } });

    const [first, second] = keysOf(server.calls, '/api/products');
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(keysOf(server.calls, '/api/requisitions')).toEqual([undefined]);
    expect(keysOf(server.calls, '/api/auth/login')).toEqual([undefined]);
  });

  it('keeps a key the caller gives, so that a retry of their own is the same request', async () => {
    server.handle((_call, res) => json(res, 201, { product: { id: 'p1', ...product } }));
    const header = { 'X-Organization-Id': ORG, 'Idempotency-Key': 'my-own-key-1' };
    await client.api.POST('/products', { params: { header }, body: product });
    await client.api.POST('/products', { params: { header }, body: product });
    expect(keysOf(server.calls, '/api/products')).toEqual(['my-own-key-1', 'my-own-key-1']);
  });

  it('sends the same key again when it retries a call after refreshing the session', async () => {
    expiringSession();
    const data = await unwrap(
      client.api.POST('/products', { params: { header: { 'X-Organization-Id': ORG } }, body: product }),
    );
    expect(data.product.id).toBe('p1');
    const keys = keysOf(server.calls, '/api/products');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends the same key again when it retries a call without a body (a decision)', async () => {
    expiringSession();
    const id = '33333333-3333-4333-8333-333333333333';
    await client.api.POST('/purchase-orders/{id}/send', {
      params: { path: { id }, header: { 'X-Organization-Id': ORG } },
    });
    const keys = keysOf(server.calls, `/api/purchase-orders/${id}/send`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('makes version-4 UUIDs where crypto.randomUUID is missing (pages over plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => real.getRandomValues(array) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID);
  });

  it('knows the operations from the contract: the generated list is exactly those whose types take the header', () => {
    type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
    type TakesKey<Op> = Op extends { parameters: { header?: infer H } }
      ? [NonNullable<H>] extends [never]
        ? false
        : 'Idempotency-Key' extends keyof NonNullable<H>
          ? true
          : false
      : false;
    type FromTypes = {
      [P in keyof paths]: {
        [M in Method]: TakesKey<paths[P][M]> extends true ? `${Uppercase<M>} ${P & string}` : never;
      }[Method];
    }[keyof paths];
    expectTypeOf<IdempotentOperation>().toEqualTypeOf<FromTypes>();
    expect(IDEMPOTENT_OPERATIONS).toContain('POST /requisitions');
    expect(takesIdempotencyKey('post', '/requisitions/{id}/submit')).toBe(true);
    expect(takesIdempotencyKey('PUT', '/requisitions/{id}')).toBe(false);
  });
});
