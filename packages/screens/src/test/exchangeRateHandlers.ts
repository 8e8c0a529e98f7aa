/**
 * Typed MSW handlers for the Exchange Rates screen: one `createExchangeRateApi()` keeps its own
 * in-memory rates (base currency AUD), so adding, editing or deleting a rate shows on the next read;
 * a second rate of a currency on one day answers 409 naming `effective_from`, as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type ExchangeRate = Schemas['ExchangeRate'];

const rateId = (n: number) => `00000000-0000-4000-8000-${String(7000 + n).padStart(12, '0')}`;

/** Three EUR rates (one superseded, one in effect, one scheduled) and a USD rate. */
export function exchangeRateFixtures(): ExchangeRate[] {
  const stamp = '2026-11-01T09:00:00.000Z';
  return [
    {
      id: rateId(1),
      currency: 'EUR',
      rate: 1.72,
      effective_from: '2027-01-01',
      status: 'scheduled',
      created_at: stamp,
      updated_at: stamp,
    },
    {
      id: rateId(2),
      currency: 'EUR',
      rate: 1.65,
      effective_from: '2026-11-01',
      status: 'in_effect',
      created_at: stamp,
      updated_at: stamp,
    },
    {
      id: rateId(3),
      currency: 'EUR',
      rate: 1.61,
      effective_from: '2026-07-01',
      status: 'superseded',
      created_at: stamp,
      updated_at: stamp,
    },
    {
      id: rateId(4),
      currency: 'USD',
      rate: 1.53,
      effective_from: '2026-10-01',
      status: 'in_effect',
      created_at: stamp,
      updated_at: stamp,
    },
  ];
}

/** A change the API received, for tests to assert what was sent. */
export interface ExchangeRateApiCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** The in-memory exchange-rate API; `rates` is the starting list (default {@link exchangeRateFixtures}). */
export function createExchangeRateApi(rates: ExchangeRate[] = exchangeRateFixtures()) {
  const calls: ExchangeRateApiCall[] = [];
  let next = 100;
  const sorted = () =>
    [...rates].sort((a, b) =>
      a.currency === b.currency
        ? b.effective_from.localeCompare(a.effective_from)
        : a.currency.localeCompare(b.currency),
    );
  const taken = (currency: string, day: string, except?: string) =>
    rates.some((rate) => rate.currency === currency && rate.effective_from === day && rate.id !== except);
  const dayTaken = (currency: string, day: string): Schemas['ErrorResponse'] => ({
    message: `${currency} already has a rate from ${day}: change that one instead`,
    code: 'CONFLICT',
    details: [{ field: 'effective_from', message: `${currency} already has a rate from ${day}` }],
  });
  const handlers = [
    http.get('/exchange-rates', ({ response }) =>
      response(200).json({ base_currency: 'AUD', exchange_rates: sorted() }),
    ),
    http.post('/exchange-rates', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/exchange-rates', body });
      if (taken(body.currency, body.effective_from)) {
        return response(409).json(dayTaken(body.currency, body.effective_from));
      }
      next += 1;
      const stamp = new Date().toISOString();
      const rate: ExchangeRate = {
        id: rateId(next),
        ...body,
        status: 'in_effect',
        created_at: stamp,
        updated_at: stamp,
      };
      rates.push(rate);
      return response(201).json({ exchange_rate: rate });
    }),
    http.put('/exchange-rates/{id}', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: `/exchange-rates/${params.id}`, body });
      const rate = rates.find((entry) => entry.id === params.id);
      if (!rate)
        return response(404).json({ message: 'Exchange rate not found', code: 'NOT_FOUND', details: [] });
      if (taken(rate.currency, body.effective_from, rate.id)) {
        return response(409).json(dayTaken(rate.currency, body.effective_from));
      }
      Object.assign(rate, body);
      return response(200).json({ exchange_rate: rate });
    }),
    http.delete('/exchange-rates/{id}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/exchange-rates/${params.id}` });
      const index = rates.findIndex((entry) => entry.id === params.id);
      if (index < 0)
        return response(404).json({ message: 'Exchange rate not found', code: 'NOT_FOUND', details: [] });
      rates.splice(index, 1);
      return response(204).empty();
    }),
  ];
  return { handlers, calls, rates };
}

/** `GET /exchange-rates` never answers (the loading state). */
export const exchangeRatesPendingHandler = () =>
  http.get('/exchange-rates', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ base_currency: 'AUD', exchange_rates: [] });
  });

/** `GET /exchange-rates` fails. */
export const exchangeRatesFailureHandler = () =>
  http.get('/exchange-rates', ({ response }) =>
    response(500).json({ message: 'Internal server error', code: 'INTERNAL_ERROR', details: [] }),
  );
