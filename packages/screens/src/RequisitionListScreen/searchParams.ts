import type { RequisitionListFilters, Schemas } from '@purchasing/api-client';
import { requisitionStatusBadges } from '@purchasing/ui';
import { z } from 'zod/mini';
import { calendarDay, isUuid, lenient, listOf, oneOf, pageNumber, searchText } from '../kit/list/listSearch';
import { REQUISITION_CATEGORY_LABELS } from '../shared/display';

type RequisitionStatus = Schemas['RequisitionStatus'];
type RequisitionCategory = Schemas['RequisitionCategory'];

/** Rows per page of the requisition list (document 1 §9). */
export const REQUISITION_LIST_PAGE_SIZE = 10;

/** Every requisition status, in the order of its lifecycle (document 1 §4). */
export const REQUISITION_STATUSES = Object.keys(requisitionStatusBadges) as RequisitionStatus[];

const CATEGORIES = Object.keys(REQUISITION_CATEGORY_LABELS) as RequisitionCategory[];

/**
 * The list's state as it lives in the URL, so a filtered view can be bookmarked and shared. Absent keys
 * mean "not filtered"; `page` is 1-based and absent on the first page.
 */
export interface RequisitionListSearch {
  /** Text matched against the number, the justification and the requestor's name or email. */
  search?: string;
  /** Only these statuses. */
  status?: RequisitionStatus[];
  /** Only these categories. */
  category?: RequisitionCategory[];
  /** Only these cost centres (ids). */
  cost_center_id?: string[];
  /** Created on or after this day (`yyyy-MM-dd`). */
  date_from?: string;
  /** Created on or before this day (`yyyy-MM-dd`). */
  date_to?: string;
  /** The page shown, from 1. */
  page?: number;
}

/**
 * Validates the requisition list's URL search (`?search=…&status=…&page=2`) into a
 * {@link RequisitionListSearch}. It never fails: unknown keys, unknown statuses or categories, malformed
 * ids, impossible dates and bad page numbers are dropped, so an old or hand-edited bookmark still opens
 * the list. Search text that a router parsed as a number (`?search=2026`) is read back as text.
 *
 * @example
 * // TanStack Router
 * createRoute({ path: 'requisitions', validateSearch: requisitionListSearchSchema, … })
 */
export const requisitionListSearchSchema = z.pipe(
  z.catch(
    z.object({
      search: lenient(searchText),
      status: listOf(oneOf(REQUISITION_STATUSES)),
      category: listOf(oneOf(CATEGORIES)),
      cost_center_id: listOf(isUuid),
      date_from: lenient(calendarDay),
      date_to: lenient(calendarDay),
      page: lenient(pageNumber),
    }),
    {
      search: undefined,
      status: undefined,
      category: undefined,
      cost_center_id: undefined,
      date_from: undefined,
      date_to: undefined,
      page: undefined,
    },
  ),
  z.transform(compactSearch),
);

/** The search without absent keys, so the URL and query keys carry only what is set. */
export function compactSearch(search: RequisitionListSearch): RequisitionListSearch {
  const compact: RequisitionListSearch = {};
  if (search.search) compact.search = search.search;
  if (search.status?.length) compact.status = search.status;
  if (search.category?.length) compact.category = search.category;
  if (search.cost_center_id?.length) compact.cost_center_id = search.cost_center_id;
  if (search.date_from) compact.date_from = search.date_from;
  if (search.date_to) compact.date_to = search.date_to;
  if (search.page !== undefined && search.page > 1) compact.page = search.page;
  return compact;
}

/** Whether a search text or any filter narrows the list (which empty state applies). */
export function hasActiveFilters(search: RequisitionListSearch): boolean {
  const { page: _page, ...filters } = compactSearch(search);
  return Object.keys(filters).length > 0;
}

/** The `GET /requisitions` filters of a search, without paging. */
export function toListFilters(search: RequisitionListSearch): RequisitionListFilters {
  const { page: _page, ...filters } = compactSearch(search);
  return filters;
}

/** The `GET /requisitions` query of one page of a search (10 rows, offset `(page - 1) * 10`). */
export function toPageQuery(search: RequisitionListSearch): RequisitionListFilters {
  const page = search.page ?? 1;
  return {
    ...toListFilters(search),
    limit: REQUISITION_LIST_PAGE_SIZE,
    offset: (page - 1) * REQUISITION_LIST_PAGE_SIZE,
  };
}
