import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { queryKeys } from './queries';

/**
 * Query keys of an organisation's webhooks, under `queryKeys.organization(id)` like every
 * organisation-scoped key. Invalidate `webhookKeys.all(org)` after an endpoint or a delivery changes.
 */
export const webhookKeys = {
  /** Root of the organisation's endpoints and their delivery logs. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'webhooks'] as const,
  /** `GET /webhooks`. */
  list: (organizationId: string) => [...webhookKeys.all(organizationId), 'list'] as const,
  /** `GET /webhooks/{id}/deliveries`, one page from `offset`. */
  deliveries: (organizationId: string, id: string, offset: number) =>
    [...webhookKeys.all(organizationId), 'deliveries', id, offset] as const,
};

/** Rows of a delivery log page. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 10;

/** Queries of the webhooks screen (`org.settings`), for `useQuery` and loaders. */
export const webhookQueries = {
  /** `GET /webhooks`: the organisation's endpoints (never their secrets). */
  list: (client: PurchasingClient, organizationId: string) =>
    queryOptions({
      queryKey: webhookKeys.list(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/webhooks', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
  /**
   * `GET /webhooks/{id}/deliveries`: one page of an endpoint's delivery log, newest first. The last
   * page stays shown while the next loads, and the log is read again every 3 s while a delivery on
   * it is pending or sending.
   */
  deliveries: (client: PurchasingClient, organizationId: string, id: string, offset: number) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(organizationId, id, offset),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/webhooks/{id}/deliveries', {
            params: {
              path: { id },
              query: { limit: WEBHOOK_DELIVERY_PAGE_SIZE, offset },
              header: { 'X-Organization-Id': organizationId },
            },
            signal,
          }),
        ),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((d) => d.status === 'pending' || d.status === 'sending')
          ? 3000
          : false,
    }),
};
