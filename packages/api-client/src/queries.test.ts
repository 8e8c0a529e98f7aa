// @vitest-environment node

import type { components } from '@purchasing/contract';
import { QueryClient, skipToken } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { ApiError } from './errors';
import { productQueries } from './product-queries';
import { requisitionQueries } from './purchasing-queries';
import { authQueries, defaultQueryClientOptions, organizationQueries, queryKeys, retryOnce } from './queries';
import { createMemoryStore, type SessionStore } from './store';
import { buildUser, json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

let server: TestServer;
let store: SessionStore;
let client: PurchasingClient;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startTestServer();
  // Answers with the organisation it was asked about, so a cache mix-up shows.
  server.handle((call, res) => {
    const organization = call.headers['x-organization-id'];
    if (call.path === '/api/auth/me') return json(res, 200, { user: buildUser() });
    if (call.path === '/api/products')
      return json(res, 200, { products: [{ id: `product-of-${organization}` }] });
    if (call.path.endsWith('/summary')) {
      return json(res, 200, {
        summary: {
          pending_approvals: organization === ACME ? 1 : 2,
          my_requisitions: 0,
          total_spend_this_month: 0,
          budget_utilization: 0,
        },
      });
    }
    if (call.path.endsWith('/cost-centers')) return json(res, 200, { cost_centers: [] });
    if (call.path.endsWith('/gl-accounts')) return json(res, 200, { gl_accounts: [] });
    return json(res, 200, { organizations: [] });
  });
  store = createMemoryStore({ access_token: 'access-1', refresh_token: 'refresh-1' });
  client = createPurchasingClient({ baseUrl: server.baseUrl, store });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(async () => {
  queryClient.clear();
  await server.close();
});

describe('query keys', () => {
  it('put every organisation-scoped query under its organisation', () => {
    for (const options of [
      organizationQueries.summary(client, ACME),
      organizationQueries.costCenters(client, ACME),
      organizationQueries.glAccounts(client, ACME),
    ]) {
      expect(options.queryKey.slice(0, 2)).toEqual(queryKeys.organization(ACME));
    }
    store.setOrganizationId(ACME);
    expect(productQueries.list(client).queryKey.slice(0, 2)).toEqual(queryKeys.organization(ACME));
  });

  it('differ between organisations for the same data', () => {
    expect(organizationQueries.summary(client, ACME).queryKey).not.toEqual(
      organizationQueries.summary(client, GLOBEX).queryKey,
    );
    store.setOrganizationId(ACME);
    const acmeProducts = productQueries.list(client).queryKey;
    store.setOrganizationId(GLOBEX);
    expect(productQueries.list(client).queryKey).not.toEqual(acmeProducts);
  });

  it('keep user-level queries outside any organisation', () => {
    expect(authQueries.me(client).queryKey).toEqual(['auth', 'me']);
    expect(organizationQueries.list(client).queryKey).toEqual(['organizations']);
  });
});

describe('query definitions', () => {
  it("fetch the signed-in user's answer from /auth/me", async () => {
    const data = await queryClient.fetchQuery(authQueries.me(client));

    expect(data.user.email).toBe('user@acme.test');
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/me']);
    expectTypeOf(data).toEqualTypeOf<{ user: components['schemas']['User'] }>();
    expectTypeOf(queryClient.getQueryData(authQueries.me(client).queryKey)).toEqualTypeOf<
      { user: components['schemas']['User'] } | undefined
    >();
  });

  it('never serve one organisation the products cached for another after a switch', async () => {
    store.setOrganizationId(ACME);
    const acme = await queryClient.fetchQuery(productQueries.list(client));
    store.setOrganizationId(GLOBEX);
    const globexOptions = productQueries.list(client);

    expect(queryClient.getQueryData(globexOptions.queryKey)).toBeUndefined();
    const globex = await queryClient.fetchQuery(globexOptions);

    expect(acme.products[0]?.id).toBe(`product-of-${ACME}`);
    expect(globex.products[0]?.id).toBe(`product-of-${GLOBEX}`);
    expect(server.calls.map((call) => call.headers['x-organization-id'])).toEqual([ACME, GLOBEX]);
  });

  it('skip the product list while no organisation is chosen', () => {
    expect(productQueries.list(client).queryFn).toBe(skipToken);
  });

  it('ask about the organisation of the path, whatever the stored organisation', async () => {
    store.setOrganizationId(ACME);

    const summary = await queryClient.fetchQuery(organizationQueries.summary(client, GLOBEX));
    await queryClient.fetchQuery(organizationQueries.costCenters(client, GLOBEX));
    await queryClient.fetchQuery(organizationQueries.glAccounts(client, GLOBEX));

    expect(summary.summary.pending_approvals).toBe(2);
    expect(server.calls.map((call) => `${call.path} ${call.headers['x-organization-id']}`)).toEqual([
      `/api/organizations/${GLOBEX}/summary ${GLOBEX}`,
      `/api/organizations/${GLOBEX}/cost-centers ${GLOBEX}`,
      `/api/organizations/${GLOBEX}/gl-accounts ${GLOBEX}`,
    ]);
  });

  it("invalidate one organisation's data without touching another's", async () => {
    await queryClient.fetchQuery(organizationQueries.summary(client, ACME));
    await queryClient.fetchQuery(organizationQueries.summary(client, GLOBEX));

    await queryClient.invalidateQueries({ queryKey: queryKeys.organization(ACME) });

    expect(queryClient.getQueryState(organizationQueries.summary(client, ACME).queryKey)?.isInvalidated).toBe(
      true,
    );
    expect(
      queryClient.getQueryState(organizationQueries.summary(client, GLOBEX).queryKey)?.isInvalidated,
    ).toBe(false);
  });
});

describe('defaultQueryClientOptions', () => {
  it('keeps data fresh for 5 minutes and retries once, as the specification says', () => {
    expect(defaultQueryClientOptions).toEqual({ queries: { staleTime: 300_000, retry: retryOnce } });
    const host = new QueryClient({ defaultOptions: defaultQueryClientOptions });
    expect(host.getDefaultOptions().queries).toMatchObject({ staleTime: 300_000, retry: retryOnce });
  });

  it('retries a network failure or a 5xx once, and never a refusal (4xx)', () => {
    const failed = (status: number) => new ApiError('x', { code: 'X', status });
    expect(retryOnce(0, failed(0))).toBe(true);
    expect(retryOnce(0, failed(503))).toBe(true);
    expect(retryOnce(0, new TypeError('fetch failed'))).toBe(true);
    expect(retryOnce(1, failed(503))).toBe(false);
    for (const status of [400, 401, 403, 404, 409]) expect(retryOnce(0, failed(status))).toBe(false);
  });

  it('asks for an unknown record once', async () => {
    let calls = 0;
    server.handle((_call, res) => {
      calls += 1;
      json(res, 404, { message: 'Requisition not found', code: 'NOT_FOUND', details: [] });
    });
    const host = new QueryClient({ defaultOptions: defaultQueryClientOptions });
    await expect(host.fetchQuery(requisitionQueries.detail(client, ACME, GLOBEX))).rejects.toMatchObject({
      status: 404,
    });
    expect(calls).toBe(1);
  });
});
