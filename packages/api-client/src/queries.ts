import type { paths } from '@purchasing/contract';
import {
  type DefaultError,
  mutationOptions,
  type QueryClientConfig,
  type QueryKey,
  type QueryKeyWithDataTag,
  queryOptions,
  type UndefinedInitialDataOptions,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { isApiError, unwrap } from './errors';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

/**
 * What the query factories return: options for `useQuery`, `useSuspenseQuery`, `ensureQueryData` or
 * `prefetchQuery`, whose key carries the data type (so `getQueryData(key)` is typed too).
 */
export type PurchasingQueryOptions<TData, TKey extends QueryKey> = UnusedSkipTokenOptions<
  TData,
  DefaultError,
  TData,
  TKey
> &
  QueryKeyWithDataTag<TKey, TData, DefaultError>;

/** Like {@link PurchasingQueryOptions}, for a query that may be skipped (`queryFn` is `skipToken`). */
export type SkippablePurchasingQueryOptions<TData, TKey extends QueryKey> = UndefinedInitialDataOptions<
  TData,
  DefaultError,
  TData,
  TKey
> &
  QueryKeyWithDataTag<TKey, TData, DefaultError>;

/**
 * The query keys of the shared queries, hierarchical so that whole groups can be invalidated:
 * everything of one organisation lives under `queryKeys.organization(id)`, so data fetched for one
 * organisation is never served for another.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: queryKeys.organization(organizationId) });
 */
export const queryKeys = {
  /** Everything about the signed-in user. */
  auth: ['auth'] as const,
  /** `GET /auth/me`. */
  me: () => [...queryKeys.auth, 'me'] as const,
  /** `GET /organizations` (the user's organisations; not scoped to one). */
  organizations: () => ['organizations'] as const,
  /** Root of everything scoped to one organisation. */
  organization: (organizationId: string | null) => ['organization', organizationId] as const,
  /** `GET /organizations/{id}/summary`. */
  organizationSummary: (organizationId: string) =>
    [...queryKeys.organization(organizationId), 'summary'] as const,
  /** `GET /organizations/{id}/cost-centers`. */
  costCenters: (organizationId: string) =>
    [...queryKeys.organization(organizationId), 'cost-centers'] as const,
  /** `GET /organizations/{id}/gl-accounts`. */
  glAccounts: (organizationId: string) => [...queryKeys.organization(organizationId), 'gl-accounts'] as const,
  /** `GET /organizations/{id}/settings`. */
  organizationSettings: (organizationId: string) =>
    [...queryKeys.organization(organizationId), 'settings'] as const,
  /** Root of the product catalogue of one organisation. */
  products: (organizationId: string | null) =>
    [...queryKeys.organization(organizationId), 'products'] as const,
  /** `GET /products` of one organisation. */
  productList: (organizationId: string | null) => [...queryKeys.products(organizationId), 'list'] as const,
};

/**
 * Whether a failed query is tried again: once (the specification's one retry) when the server could
 * not answer or failed (network, 5xx), never when it refused the request (4xx: a bad or unknown id,
 * a missing permission, an expired session), which asking again cannot change.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The QueryClient defaults the specification asks for (data fresh for 5 minutes, one retry, see
 * {@link retryOnce}), for hosts to pass to their own QueryClient.
 *
 * @example
 * const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });
 */
export const defaultQueryClientOptions = {
  queries: { staleTime: 5 * 60 * 1000, retry: retryOnce },
} as const satisfies NonNullable<QueryClientConfig['defaultOptions']>;

/** Shared queries about the signed-in user, for `useQuery` in screens and `ensureQueryData` in loaders. */
export const authQueries = {
  /** `GET /auth/me`: the answer `{ user }`. */
  me: (
    client: PurchasingClient,
  ): PurchasingQueryOptions<GetBody<'/auth/me'>, ReturnType<typeof queryKeys.me>> =>
    queryOptions({
      queryKey: queryKeys.me(),
      queryFn: ({ signal }) => unwrap(client.api.GET('/auth/me', { signal })),
    }),
};

/** Shared queries about organisations, for `useQuery` in screens and `ensureQueryData` in loaders. */
export const organizationQueries = {
  /** `GET /organizations`: the answer `{ organizations }` (the user's active memberships). */
  list: (
    client: PurchasingClient,
  ): PurchasingQueryOptions<GetBody<'/organizations'>, ReturnType<typeof queryKeys.organizations>> =>
    queryOptions({
      queryKey: queryKeys.organizations(),
      queryFn: ({ signal }) => unwrap(client.api.GET('/organizations', { signal })),
    }),

  /** `GET /organizations/{id}/summary`: the answer `{ summary }` (the four dashboard tiles). */
  summary: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<
    GetBody<'/organizations/{id}/summary'>,
    ReturnType<typeof queryKeys.organizationSummary>
  > =>
    queryOptions({
      queryKey: queryKeys.organizationSummary(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/summary', {
            params: { path: { id: organizationId }, header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),

  /** `GET /organizations/{id}/cost-centers`: the answer `{ cost_centers }`. */
  costCenters: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<
    GetBody<'/organizations/{id}/cost-centers'>,
    ReturnType<typeof queryKeys.costCenters>
  > =>
    queryOptions({
      queryKey: queryKeys.costCenters(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/cost-centers', {
            params: { path: { id: organizationId }, header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),

  /** `GET /organizations/{id}/gl-accounts`: the answer `{ gl_accounts }`. */
  glAccounts: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<
    GetBody<'/organizations/{id}/gl-accounts'>,
    ReturnType<typeof queryKeys.glAccounts>
  > =>
    queryOptions({
      queryKey: queryKeys.glAccounts(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/gl-accounts', {
            params: { path: { id: organizationId }, header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
};

type OrganizationSettingsChange = NonNullable<
  paths['/organizations/{id}/settings']['patch']['requestBody']
>['content']['application/json'];

/** Shared queries and changes of an organisation's settings. */
export const organizationSettingsQueries = {
  /** `GET /organizations/{id}/settings`: the answer `{ settings }`, with the `version` a change names. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<
    GetBody<'/organizations/{id}/settings'>,
    ReturnType<typeof queryKeys.organizationSettings>
  > =>
    queryOptions({
      queryKey: queryKeys.organizationSettings(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/organizations/{id}/settings', {
            params: { path: { id: organizationId }, header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),

  /**
   * `PATCH /organizations/{id}/settings`: changes the fields sent, from `version` (409 when another
   * change came first). The answer replaces the cached settings; the user's organisations (name,
   * currency, fiscal year) and the dashboard summary are fetched again.
   */
  update: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.organizationSettings(organizationId), 'update'] as const,
      mutationFn: (change: OrganizationSettingsChange) =>
        unwrap(
          client.api.PATCH('/organizations/{id}/settings', {
            params: { path: { id: organizationId }, header: { 'X-Organization-Id': organizationId } },
            body: change,
          }),
        ),
      onSuccess: async (answer, _change, _result, context) => {
        context.client.setQueryData(queryKeys.organizationSettings(organizationId), answer);
        await Promise.all([
          context.client.invalidateQueries({ queryKey: queryKeys.organizations() }),
          context.client.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) }),
        ]);
      },
    }),
};
