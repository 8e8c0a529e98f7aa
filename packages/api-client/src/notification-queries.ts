import type { components, paths } from '@purchasing/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { ApiError, unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

type NotificationPage = components['schemas']['NotificationPage'];
type NotificationCount = components['schemas']['NotificationCount'];
type NotificationPreferences = components['schemas']['NotificationPreferences'];
type ListQuery = NonNullable<paths['/notifications']['get']['parameters']['query']>;

/**
 * Query keys of the signed-in user's notifications in an organisation (the bell). Invalidate
 * `notificationKeys.all(org)` after marking read.
 */
export const notificationKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'notifications'] as const,
  /** `GET /notifications` with its filters. */
  list: (organizationId: string, query: ListQuery = {}) =>
    [...notificationKeys.all(organizationId), 'list', query] as const,
  /**
   * `GET /notifications` page after page by `next_cursor` (the notifications page's "Load more"):
   * under `list`, so whatever refreshes the lists refreshes it.
   */
  pages: (organizationId: string, query: Omit<ListQuery, 'cursor'> = {}) =>
    [...notificationKeys.all(organizationId), 'list', 'pages', query] as const,
  /** `GET /notifications/unread-count`. */
  unreadCount: (organizationId: string) => [...notificationKeys.all(organizationId), 'unread-count'] as const,
  /** `GET /users/me/notification-preferences`. */
  preferences: (organizationId: string) =>
    [...queryKeys.organization(organizationId), 'notification-preferences'] as const,
};

/** The last count answered per client and organisation, with its entity tag (for `If-None-Match`). */
const lastCounts = new WeakMap<PurchasingClient, Map<string, { etag: string; data: NotificationCount }>>();

/** How often the bell asks for the unread count (milliseconds): cheap, 304 while nothing changed. */
export const NOTIFICATION_POLL_MS = 30_000;

/** The signed-in user's notifications and preferences. */
export const notificationQueries = {
  /** `GET /notifications`: a page, newest first, with the unread count. */
  list: (
    client: PurchasingClient,
    organizationId: string,
    query: ListQuery = {},
  ): PurchasingQueryOptions<NotificationPage, ReturnType<typeof notificationKeys.list>> =>
    queryOptions({
      queryKey: notificationKeys.list(organizationId, query),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/notifications', {
            params: { header: { 'X-Organization-Id': organizationId }, query },
            signal,
          }),
        ),
    }),
  /**
   * `GET /notifications` as an infinite query: the first page, then each next one from the previous
   * page's `next_cursor` (`fetchNextPage`), until the server answers none.
   */
  pages: (client: PurchasingClient, organizationId: string, query: Omit<ListQuery, 'cursor'> = {}) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.pages(organizationId, query),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }): Promise<NotificationPage> =>
        unwrap(
          client.api.GET('/notifications', {
            params: {
              header: { 'X-Organization-Id': organizationId },
              query: pageParam === null ? query : { ...query, cursor: pageParam },
            },
            signal,
          }),
        ),
      getNextPageParam: (last: NotificationPage) => last.next_cursor ?? null,
    }),
  /**
   * `GET /notifications/unread-count`, sending the entity tag of the last answer: a `304 Not
   * Modified` keeps the previous count (same object, so nothing re-renders).
   */
  unreadCount: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<NotificationCount, ReturnType<typeof notificationKeys.unreadCount>> =>
    queryOptions({
      queryKey: notificationKeys.unreadCount(organizationId),
      queryFn: async ({ signal }) => {
        let byOrganization = lastCounts.get(client);
        if (!byOrganization) {
          byOrganization = new Map();
          lastCounts.set(client, byOrganization);
        }
        const last = byOrganization.get(organizationId);
        const header: { 'X-Organization-Id': string; 'If-None-Match'?: string } = {
          'X-Organization-Id': organizationId,
        };
        if (last) header['If-None-Match'] = last.etag;
        const result = await client.api.GET('/notifications/unread-count', {
          params: { header },
          signal,
          cache: 'no-store',
        });
        if (result.response.status === 304 && last) return last.data;
        if (!result.response.ok || !result.data) throw ApiError.fromResponse(result.response, result.error);
        const etag = result.response.headers.get('ETag');
        if (etag) byOrganization.set(organizationId, { etag, data: result.data });
        return result.data;
      },
    }),
  /** `GET /users/me/notification-preferences`: per kind in-app and email, and the daily digest. */
  preferences: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<NotificationPreferences, ReturnType<typeof notificationKeys.preferences>> =>
    queryOptions({
      queryKey: notificationKeys.preferences(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/users/me/notification-preferences', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
};
