import type { PurchaseOrderListFilters, Schemas } from '@purchasing/api-client';
import { z } from 'zod/mini';
import { calendarDay, isUuid, lenient, listOf, oneOf, pageNumber, searchText } from '../kit/list/listSearch';
import { PURCHASE_ORDER_STATUSES } from '../shared/purchaseOrders';

type PurchaseOrderStatus = Schemas['PurchaseOrderStatus'];

/** Rows per page of the purchase order list (document 2 §9). */
export const PURCHASE_ORDER_LIST_PAGE_SIZE = 10;

/**
 * The purchase order list's state as it lives in the URL, so a filtered view can be bookmarked and
 * shared. Absent keys mean "not filtered"; `page` is 1-based and absent on the first page.
 */
export interface PurchaseOrderListSearch {
  /** Text matched against the PO number and the vendor's name. */
  search?: string;
  /** Only these statuses. */
  status?: PurchaseOrderStatus[];
  /** Only orders to these vendors (ids). */
  vendor_id?: string[];
  /** Created on or after this day (`yyyy-MM-dd`). */
  date_from?: string;
  /** Created on or before this day (`yyyy-MM-dd`). */
  date_to?: string;
  /** The page shown, from 1. */
  page?: number;
}

/** The search without absent keys, so the URL and query keys carry only what is set. */
export function compactPurchaseOrderSearch(search: PurchaseOrderListSearch): PurchaseOrderListSearch {
  const compact: PurchaseOrderListSearch = {};
  if (search.search) compact.search = search.search;
  if (search.status?.length) compact.status = search.status;
  if (search.vendor_id?.length) compact.vendor_id = search.vendor_id;
  if (search.date_from) compact.date_from = search.date_from;
  if (search.date_to) compact.date_to = search.date_to;
  if (search.page !== undefined && search.page > 1) compact.page = search.page;
  return compact;
}

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
export const purchaseOrderListSearchSchema = z.pipe(
  z.catch(
    z.object({
      search: lenient(searchText),
      status: listOf(oneOf(PURCHASE_ORDER_STATUSES)),
      vendor_id: listOf(isUuid),
      date_from: lenient(calendarDay),
      date_to: lenient(calendarDay),
      page: lenient(pageNumber),
    }),
    {
      search: undefined,
      status: undefined,
      vendor_id: undefined,
      date_from: undefined,
      date_to: undefined,
      page: undefined,
    },
  ),
  z.transform(compactPurchaseOrderSearch),
);

/** Whether a search text or any filter narrows the list (which empty state applies). */
export function hasActiveFilters(search: PurchaseOrderListSearch): boolean {
  const { page: _page, ...filters } = compactPurchaseOrderSearch(search);
  return Object.keys(filters).length > 0;
}

/** The `GET /purchase-orders` filters of a search, without paging. */
export function toListFilters(search: PurchaseOrderListSearch): PurchaseOrderListFilters {
  const { page: _page, ...filters } = compactPurchaseOrderSearch(search);
  return filters;
}

/** The `GET /purchase-orders` query of one page of a search: 10 rows, offset `(page - 1) * 10` (document 2 §7). */
export function toPageQuery(search: PurchaseOrderListSearch): PurchaseOrderListFilters {
  const page = search.page ?? 1;
  return {
    ...toListFilters(search),
    limit: PURCHASE_ORDER_LIST_PAGE_SIZE,
    offset: (page - 1) * PURCHASE_ORDER_LIST_PAGE_SIZE,
  };
}
