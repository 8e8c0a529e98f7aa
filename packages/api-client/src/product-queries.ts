import type { components, operations, paths } from '@purchasing/contract';
import { mutationOptions, type QueryClient, queryOptions, skipToken } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys, type SkippablePurchasingQueryOptions } from './queries';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

/** The filters of `GET /products` (search, vendor_id, category, include_inactive). */
export type ProductListFilters = NonNullable<operations['listProducts']['parameters']['query']>;
/** What `POST /products` and `PUT /products/{id}` take (`prices`, when given, replace every price). */
export type ProductInput = components['schemas']['ProductInput'];
/** One row of a product import, as text (`POST /products/import(/preview)`). */
export type ProductImportRow = components['schemas']['ProductImportRow'];

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/** Query keys of the catalogue, under `queryKeys.products(id)` (invalidate that after a change). */
export const productKeys = {
  /** `GET /products` with these filters (the catalogue screens). */
  catalogue: (organizationId: string, filters: ProductListFilters) =>
    [...queryKeys.products(organizationId), 'catalogue', filters] as const,
  /** `GET /products/{id}`. */
  detail: (organizationId: string, id: string) =>
    [...queryKeys.products(organizationId), 'detail', id] as const,
};

/** Shared queries about the product catalogue, for `useQuery` in screens and `ensureQueryData` in loaders. */
export const productQueries = {
  /**
   * `GET /products` of the store's current organisation (active products): the answer `{ products }`,
   * which the requisition form searches. The organisation is part of the key and sent as
   * `X-Organization-Id`; with no organisation chosen the query is skipped.
   */
  list: (
    client: PurchasingClient,
  ): SkippablePurchasingQueryOptions<GetBody<'/products'>, ReturnType<typeof queryKeys.productList>> => {
    const organizationId = client.store.getOrganizationId();
    return queryOptions({
      queryKey: queryKeys.productList(organizationId),
      queryFn:
        organizationId === null
          ? skipToken
          : ({ signal }) =>
              unwrap(
                client.api.GET('/products', {
                  params: { header: scoped(organizationId) },
                  signal,
                }),
              ),
    });
  },
  /** `GET /products` with filters (inactive ones only with `include_inactive: true`): `{ products }` by name. */
  catalogue: (
    client: PurchasingClient,
    organizationId: string,
    filters: ProductListFilters = {},
  ): PurchasingQueryOptions<GetBody<'/products'>, ReturnType<typeof productKeys.catalogue>> =>
    queryOptions({
      queryKey: productKeys.catalogue(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/products', { params: { query: filters, header: scoped(organizationId) }, signal }),
        ),
    }),
  /** `GET /products/{id}`: `{ product }` with its vendor prices, active or not; unknown ids reject with a 404 `ApiError`. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/products/{id}'>, ReturnType<typeof productKeys.detail>> =>
    queryOptions({
      queryKey: productKeys.detail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/products/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

type Product = components['schemas']['Product'];

/**
 * After a product change: the answered product replaces its cached detail, and every product list
 * (the catalogue screens' and the requisition form's) is refetched.
 */
export function refreshProducts(queryClient: QueryClient, organizationId: string, product?: Product): void {
  if (product) queryClient.setQueryData(productKeys.detail(organizationId, product.id), { product });
  void queryClient.invalidateQueries({ queryKey: queryKeys.products(organizationId) });
}

/**
 * The catalogue changes (need `product.manage`), as `mutationOptions` for `useMutation`; each write
 * refreshes the product queries ({@link refreshProducts}). A refusal rejects with an `ApiError` (409
 * `PRODUCT_NAME_TAKEN` / `PRODUCT_SKU_TAKEN` on `name` / `sku`; 400 naming `prices.<i>.<field>`).
 */
export const productMutations = {
  /** `POST /products`: a new active product; answers `{ product }`. */
  create: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.products(organizationId), 'create'] as const,
      mutationFn: (input: ProductInput) =>
        unwrap(client.api.POST('/products', { params: { header: scoped(organizationId) }, body: input })),
      onSuccess: ({ product }, _input, _result, context) =>
        refreshProducts(context.client, organizationId, product),
    }),
  /** `PUT /products/{id}`: replaces the fields (`is_active: true` reactivates); answers `{ product }`. */
  update: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.products(organizationId), 'update'] as const,
      mutationFn: ({ id, input }: { id: string; input: ProductInput }) =>
        unwrap(
          client.api.PUT('/products/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            body: input,
          }),
        ),
      onSuccess: ({ product }, _input, _result, context) =>
        refreshProducts(context.client, organizationId, product),
    }),
  /** `DELETE /products/{id}`: deactivates the product (lines keep their copy). */
  deactivate: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.products(organizationId), 'deactivate'] as const,
      mutationFn: async (id: string) => {
        await unwrap(
          client.api.DELETE('/products/{id}', { params: { path: { id }, header: scoped(organizationId) } }),
        );
      },
      onSuccess: (_nothing, _id, _result, context) => refreshProducts(context.client, organizationId),
    }),
  /** `POST /products/import/preview`: each row's errors; writes nothing. */
  previewImport: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.products(organizationId), 'preview-import'] as const,
      mutationFn: (rows: ProductImportRow[]) =>
        unwrap(
          client.api.POST('/products/import/preview', {
            params: { header: scoped(organizationId) },
            body: { rows },
          }),
        ),
    }),
  /** `POST /products/import`: creates every row or none (400 naming `rows.<n>.<column>`); `{ created_count }`. */
  import: (client: PurchasingClient, organizationId: string) =>
    mutationOptions({
      mutationKey: [...queryKeys.products(organizationId), 'import'] as const,
      mutationFn: (rows: ProductImportRow[]) =>
        unwrap(
          client.api.POST('/products/import', { params: { header: scoped(organizationId) }, body: { rows } }),
        ),
      onSuccess: (_result, _rows, _context, context) => refreshProducts(context.client, organizationId),
    }),
};
