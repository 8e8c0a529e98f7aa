import type { paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

type ExchangeRateList = paths['/exchange-rates']['get']['responses'][200]['content']['application/json'];

/**
 * Query keys of an organisation's currency data, under `queryKeys.organization(id)` like every
 * organisation-scoped key. Invalidate `currencyKeys.all(org)` after an exchange rate changes.
 */
export const currencyKeys = {
  /** Root of the organisation's base currency and exchange rates. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'currency'] as const,
  /** `GET /exchange-rates`. */
  rates: (organizationId: string) => [...currencyKeys.all(organizationId), 'rates'] as const,
};

/** Shared queries about exchange rates (every member may read them), for `useQuery` and loaders. */
export const exchangeRateQueries = {
  /**
   * `GET /exchange-rates`: `{ base_currency, exchange_rates }`, the rates into the base currency by
   * currency, newest effective day first.
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<ExchangeRateList, ReturnType<typeof currencyKeys.rates>> =>
    queryOptions({
      queryKey: currencyKeys.rates(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/exchange-rates', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
};
