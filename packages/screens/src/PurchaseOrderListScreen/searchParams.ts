import type { PurchaseOrderListFilters, Schemas } from '@purchasing/api-client';
import { isUuid, listOf, oneOf, type PagedListSearch, pagedListSearch } from '../kit/list/listSearch';
import { PURCHASE_ORDER_STATUSES } from '../shared/purchaseOrders';

type PurchaseOrderStatus = Schemas['PurchaseOrderStatus'];

/** Rows per page of the purchase order list (document 2 §9). */
export const PURCHASE_ORDER_LIST_PAGE_SIZE = 10;

/**
 * The purchase order list's state as it lives in the URL, so a filtered view can be bookmarked and
 * shared. Absent keys mean "not filtered"; `page` is 1-based and absent on the first page.
 */
export interface PurchaseOrderListSearch extends PagedListSearch {
  /** Text matched against the PO number and the vendor's name. */
  search?: string;
  /** Only these statuses. */
  status?: PurchaseOrderStatus[];
  /** Only orders to these vendors (ids). */
  vendor_id?: string[];
}

const listSearch = pagedListSearch<PurchaseOrderListSearch>()(
  { status: listOf(oneOf(PURCHASE_ORDER_STATUSES)), vendor_id: listOf(isUuid) },
  PURCHASE_ORDER_LIST_PAGE_SIZE,
);

/** The search without absent keys, so the URL and query keys carry only what is set. */
export const compactPurchaseOrderSearch = listSearch.compact;

/**
 * Validates the purchase order list's URL search (`?status=draft&status=sent&vendor_id=…&page=2`) into
 * a {@link PurchaseOrderListSearch}. It never fails: unknown keys and statuses, malformed vendor ids,
 * impossible dates and bad page numbers are dropped, so an old or hand-edited bookmark still opens the
 * list. Search text that a router parsed as a number (`?search=2026`) is read back as text.
 *
 * @example
 * // TanStack Router
 * createRoute({ path: 'purchase-orders', validateSearch: purchaseOrderListSearchSchema, … })
 */
export const purchaseOrderListSearchSchema = listSearch.schema;

/** Whether a search text or any filter narrows the list (which empty state applies). */
export const hasActiveFilters = listSearch.hasActiveFilters;

/** The `GET /purchase-orders` filters of a search, without paging. */
export const toListFilters: (search: PurchaseOrderListSearch) => PurchaseOrderListFilters =
  listSearch.toListFilters;

/** The `GET /purchase-orders` query of one page of a search: 10 rows, offset `(page - 1) * 10` (document 2 §7). */
export const toPageQuery: (search: PurchaseOrderListSearch) => PurchaseOrderListFilters =
  listSearch.toPageQuery;
