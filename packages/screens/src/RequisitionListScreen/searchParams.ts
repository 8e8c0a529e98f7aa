import type { RequisitionListFilters, Schemas } from '@purchasing/api-client';
import { requisitionStatusBadges } from '@purchasing/ui';
import { isUuid, listOf, oneOf, type PagedListSearch, pagedListSearch } from '../kit/list/listSearch';
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
export interface RequisitionListSearch extends PagedListSearch {
  /** Text matched against the number, the justification and the requestor's name or email. */
  search?: string;
  /** Only these statuses. */
  status?: RequisitionStatus[];
  /** Only these categories. */
  category?: RequisitionCategory[];
  /** Only these cost centres (ids). */
  cost_center_id?: string[];
}

const listSearch = pagedListSearch<RequisitionListSearch>()(
  {
    status: listOf(oneOf(REQUISITION_STATUSES)),
    category: listOf(oneOf(CATEGORIES)),
    cost_center_id: listOf(isUuid),
  },
  REQUISITION_LIST_PAGE_SIZE,
);

/** The search without absent keys, so the URL and query keys carry only what is set. */
export const compactSearch = listSearch.compact;

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
export const requisitionListSearchSchema = listSearch.schema;

/** Whether a search text or any filter narrows the list (which empty state applies). */
export const hasActiveFilters = listSearch.hasActiveFilters;

/** The `GET /requisitions` filters of a search, without paging. */
export const toListFilters: (search: RequisitionListSearch) => RequisitionListFilters =
  listSearch.toListFilters;

/** The `GET /requisitions` query of one page of a search (10 rows, offset `(page - 1) * 10`). */
export const toPageQuery: (search: RequisitionListSearch) => RequisitionListFilters = listSearch.toPageQuery;
