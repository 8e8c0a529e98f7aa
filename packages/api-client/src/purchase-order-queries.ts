import type { components, operations, paths } from '@purchasing/contract';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
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

/** What `POST /vendors` takes: the name and the optional details (null clears one). */
export type VendorInput = components['schemas']['VendorInput'];
/** What `PUT /vendors/{id}` takes: every field (omitted ones are cleared) and `is_active`. */
export type VendorUpdateInput = components['schemas']['VendorUpdateInput'];

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
  /** `GET /purchase-orders/{id}/receipts` (under the orders' root: every order change refreshes it). */
  receipts: (organizationId: string, id: string) =>
    [...purchaseOrderKeys.all(organizationId), 'receipts', id] as const,
  /** Root of the vendors of one organisation (invalidate after a vendor change). */
  vendors: (organizationId: string) => [...queryKeys.organization(organizationId), 'vendors'] as const,
  /** `GET /vendors` with these filters. */
  vendorList: (organizationId: string, filters: VendorListFilters) =>
    [...purchaseOrderKeys.vendors(organizationId), 'list', filters] as const,
  /** `GET /vendors/{id}`. */
  vendorDetail: (organizationId: string, id: string) =>
    [...purchaseOrderKeys.vendors(organizationId), 'detail', id] as const,
  /**
   * `GET /vendors/{id}/spend`: under the purchase orders' root, since it counts orders, so every
   * change to an order refreshes it too.
   */
  vendorSpend: (organizationId: string, id: string) =>
    [...purchaseOrderKeys.all(organizationId), 'vendor-spend', id] as const,
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

  /** `GET /purchase-orders/{id}/receipts`: the answer `{ data }`, the order's receipts oldest first. */
  receipts: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<
    GetBody<'/purchase-orders/{id}/receipts'>,
    ReturnType<typeof purchaseOrderKeys.receipts>
  > =>
    queryOptions({
      queryKey: purchaseOrderKeys.receipts(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/purchase-orders/{id}/receipts', {
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

  /** `GET /vendors/{id}`: the answer `{ vendor }`, active or not; an unknown id rejects with a 404 `ApiError`. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/vendors/{id}'>, ReturnType<typeof purchaseOrderKeys.vendorDetail>> =>
    queryOptions({
      queryKey: purchaseOrderKeys.vendorDetail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/vendors/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /**
   * `GET /vendors/{id}/spend`: the answer `{ spend }`, what the organisation ordered from the vendor in
   * its base currency (orders, open orders, committed, received, last order). Needs
   * `purchase_order.view`; the orders themselves are `purchaseOrderQueries.list` with `vendor_id`.
   */
  spend: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<
    GetBody<'/vendors/{id}/spend'>,
    ReturnType<typeof purchaseOrderKeys.vendorSpend>
  > =>
    queryOptions({
      queryKey: purchaseOrderKeys.vendorSpend(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/vendors/{id}/spend', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

type Vendor = components['schemas']['Vendor'];

/**
 * After a vendor change: the answered vendor replaces its cached detail at once, and every vendor list
 * (the vendor screens', the order form's choices and the order list's filter) is refetched.
 */
export function refreshVendors(queryClient: QueryClient, organizationId: string, vendor?: Vendor): void {
  if (vendor) queryClient.setQueryData(purchaseOrderKeys.vendorDetail(organizationId, vendor.id), { vendor });
  void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.vendors(organizationId) });
}

/**
 * The vendor changes (need `vendor.manage`), as `mutationOptions` for `useMutation`: each refreshes
 * the vendor queries once it succeeds ({@link refreshVendors}). A refusal rejects with an `ApiError`
 * (a name already used in the organisation: 409 `VENDOR_NAME_TAKEN` with a detail on `name`). A
 * screen that adds its own `onSuccess` calls this one's too.
 *
 * @example
 * const base = vendorMutations.create(client, organizationId);
 * useMutation({ ...base, onSuccess: async (...args) => { await base.onSuccess?.(...args); toast('Saved'); } });
 */
export const vendorMutations = {
  /** `POST /vendors`: a new active vendor; answers `{ vendor }`. */
  create: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...purchaseOrderKeys.vendors(organizationId), 'create'] as const,
      mutationFn: (input: VendorInput) =>
        unwrap(client.api.POST('/vendors', { params: { header: scoped(organizationId) }, body: input })),
      onSuccess: ({ vendor }, _input, _result, context) =>
        refreshVendors(context.client, organizationId, vendor),
    }),

  /** `PUT /vendors/{id}`: replaces every field (also `is_active`, which reactivates); answers `{ vendor }`. */
  update: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...purchaseOrderKeys.vendors(organizationId), 'update'] as const,
      mutationFn: ({ id, input }: { id: string; input: VendorUpdateInput }) =>
        unwrap(
          client.api.PUT('/vendors/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            body: input,
          }),
        ),
      onSuccess: ({ vendor }, _input, _result, context) =>
        refreshVendors(context.client, organizationId, vendor),
    }),

  /**
   * `DELETE /vendors/{id}`: deactivates the vendor (no new orders or products; orders already raised
   * keep it). Its detail is refetched with the lists.
   */
  deactivate: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...purchaseOrderKeys.vendors(organizationId), 'deactivate'] as const,
      mutationFn: async (id: string) => {
        await unwrap(
          client.api.DELETE('/vendors/{id}', { params: { path: { id }, header: scoped(organizationId) } }),
        );
      },
      onSuccess: (_nothing, _id, _result, context) => refreshVendors(context.client, organizationId),
    }),
};
