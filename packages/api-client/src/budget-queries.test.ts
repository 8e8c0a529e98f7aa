// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { budgetKeys, budgetQueries } from './budget-queries';
import { createPurchasingClient, type PurchasingClient } from './client';
import { requisitionKeys } from './purchasing-queries';
import { queryKeys } from './queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const COST_CENTER = '33333333-3333-4333-8333-333333333333';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startTestServer();
  server.handle((call, res) => {
    const path = call.path.split('?')[0];
    if (path === '/api/budgets/policy') return json(res, 200, { budget_policy: 'block' });
    if (path === '/api/budgets/check')
      return json(res, 200, {
        allocated: 10_000,
        spent: 2_000,
        committed: 3_000,
        available: 5_000,
        within_budget: true,
        fiscal_year: 2026,
        currency: 'AUD',
      });
    return json(res, 200, {
      budgets: [],
      fiscal_year: 2025,
      pagination: { total: 0, limit: 20, offset: 20 },
    });
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

describe('budget queries', () => {
  it('keep lists, policy and checks under the budgets of their organisation', () => {
    const keys = [
      budgetKeys.list(ACME, { fiscal_year: 2025 }),
      budgetKeys.policy(ACME),
      budgetKeys.check(ACME, COST_CENTER, 500),
    ];
    for (const key of keys) {
      expect(key.slice(0, 2)).toEqual(queryKeys.organization(ACME));
      expect(key.slice(0, budgetKeys.all(ACME).length)).toEqual(budgetKeys.all(ACME));
    }
    expect(budgetKeys.list(ACME, { fiscal_year: 2025 })).not.toEqual(
      budgetKeys.list(ACME, { fiscal_year: 2026 }),
    );
    expect(budgetKeys.policy(ACME)).not.toEqual(budgetKeys.policy(GLOBEX));
  });

  it('answer the deprecated requisition budget-check key with the budget one', () => {
    expect(requisitionKeys.budgetCheck(ACME, COST_CENTER, 500)).toEqual(
      budgetKeys.check(ACME, COST_CENTER, 500),
    );
  });

  it('list a page of a fiscal year with the organisation header', async () => {
    const data = await queryClient.fetchQuery(
      budgetQueries.list(client, ACME, { fiscal_year: 2025, limit: 20, offset: 20 }),
    );
    expect(data.fiscal_year).toBe(2025);
    expect(server.calls.map((call) => [call.path, call.headers['x-organization-id']])).toEqual([
      ['/api/budgets?fiscal_year=2025&limit=20&offset=20', ACME],
    ]);
  });

  it('read the policy and check a cost centre with the organisation header', async () => {
    const policy = await queryClient.fetchQuery(budgetQueries.policy(client, ACME));
    const check = await queryClient.fetchQuery(budgetQueries.check(client, ACME, COST_CENTER, 500));
    await queryClient.fetchQuery(budgetQueries.check(client, ACME, COST_CENTER, 500, 'EUR'));
    expect(policy.budget_policy).toBe('block');
    expect(check.within_budget).toBe(true);
    expect(server.calls.map((call) => [call.path, call.headers['x-organization-id']])).toEqual([
      ['/api/budgets/policy', ACME],
      [`/api/budgets/check?cost_center_id=${COST_CENTER}&amount=500`, ACME],
      // Another currency is a check of its own, sent with the amount.
      [`/api/budgets/check?cost_center_id=${COST_CENTER}&amount=500&currency=EUR`, ACME],
    ]);
  });
});
