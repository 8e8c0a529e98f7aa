// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { currencyKeys, exchangeRateQueries } from './currency-queries';
import { queryKeys } from './queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startTestServer();
  server.handle((_call, res) =>
    json(res, 200, {
      base_currency: 'AUD',
      exchange_rates: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          currency: 'EUR',
          rate: 1.65,
          effective_from: '2026-11-01',
          status: 'in_effect',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      ],
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

describe('exchange rate queries', () => {
  it('keep the rates under their organisation', () => {
    expect(currencyKeys.rates(ACME).slice(0, 2)).toEqual(queryKeys.organization(ACME));
    expect(currencyKeys.rates(ACME).slice(0, currencyKeys.all(ACME).length)).toEqual(currencyKeys.all(ACME));
    expect(currencyKeys.rates(ACME)).not.toEqual(currencyKeys.rates(GLOBEX));
  });

  it('list the rates with the organisation header', async () => {
    const data = await queryClient.fetchQuery(exchangeRateQueries.list(client, ACME));
    expect(data.base_currency).toBe('AUD');
    expect(data.exchange_rates.map((rate) => rate.currency)).toEqual(['EUR']);
    expect(server.calls.map((call) => [call.path, call.headers['x-organization-id']])).toEqual([
      ['/api/exchange-rates', ACME],
    ]);
  });
});
