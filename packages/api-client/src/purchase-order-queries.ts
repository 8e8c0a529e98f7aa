import type { operations, paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

/** The filters of `GET /purchase-orders` (search, status[], vendor_id[], dates, paging). */
export type PurchaseOrderListFilters = NonNullable<operations['listPurchaseOrders']['parameters']['query']>;

/** The filters of `GET /vendors` (search, include_inactive). */
export type VendorListFilters = NonNullable<operations['listVendors']['parameters']['query']>;

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/**
 * Query keys of purchase orders and vendors, under `queryKeys.organization(id)` like every
 * organisation-scoped key. Invalidate `purchaseOrderKeys.all(org)` after any purchase-order change
 * (lists and details live under it); raising or cancelling an order also moves its requisition, so
 * invalidate `requisitionKeys.all(org)` then too.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all(organizationId) });
 */
export const purchaseOrderKeys = {
  /** Root of everything about the purchase orders of one organisation. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'purchase-orders'] as const,
  /** `GET /purchase-orders` with these filters. */
  list: (organizationId: string, filters: PurchaseOrderListFilters) =>
    [...purchaseOrderKeys.all(organizationId), 'list', filters] as const,
  /** `GET /purchase-orders/{id}`. */
  detail: (organizationId: string, id: string) =>
    [...purchaseOrderKeys.all(organizationId), 'detail', id] as const,
  /** Root of the vendors of one organisation (invalidate after a vendor change). */
  vendors: (organizationId: string) => [...queryKeys.organization(organizationId), 'vendors'] as const,
  /** `GET /vendors` with these filters. */
  vendorList: (organizationId: string, filters: VendorListFilters) =>
    [...purchaseOrderKeys.vendors(organizationId), 'list', filters] as const,
};

/** Shared queries about purchase orders, for `useQuery` in screens and `ensureQueryData` in loaders. */
export const purchaseOrderQueries = {
  /**
   * `GET /purchase-orders`: the answer `{ data, pagination }`, newest first. The client derives page,
   * page count and whether there is a next page from `pagination` (document 2 §7).
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
    filters: PurchaseOrderListFilters,
  ): PurchasingQueryOptions<GetBody<'/purchase-orders'>, ReturnType<typeof purchaseOrderKeys.list>> =>
    queryOptions({
      queryKey: purchaseOrderKeys.list(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/purchase-orders', {
            params: { query: filters, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /**
   * `GET /purchase-orders/{id}`: the answer `{ purchase_order }` with its vendor, lines, requisition and
   * attachments. A missing order (or one the caller may not see) rejects with a 404 `ApiError`.
   */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/purchase-orders/{id}'>, ReturnType<typeof purchaseOrderKeys.detail>> =>
    queryOptions({
      queryKey: purchaseOrderKeys.detail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/purchase-orders/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

/** Shared queries about vendors. */
export const vendorQueries = {
  /**
   * `GET /vendors`: the answer `{ vendors }` by name. Only active vendors unless
   * `include_inactive: true` (which a filter over past orders wants, and an order form does not).
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
    filters: VendorListFilters = {},
  ): PurchasingQueryOptions<GetBody<'/vendors'>, ReturnType<typeof purchaseOrderKeys.vendorList>> =>
    queryOptions({
      queryKey: purchaseOrderKeys.vendorList(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/vendors', {
            params: { query: filters, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};
