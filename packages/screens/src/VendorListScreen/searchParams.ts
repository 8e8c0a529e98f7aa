import type { VendorListFilters } from '@purchasing/api-client';
import { lenient, listSearchSchema, pageNumber, searchCompactor, searchText } from '../kit/list/listSearch';

/** Rows per page of the vendor list (the list is loaded whole and paged on screen). */
export const VENDOR_LIST_PAGE_SIZE = 25;

/** Which vendors the list shows: the active ones (the default, absent from the URL), the inactive ones, or all. */
export type VendorStatusFilter = 'active' | 'inactive' | 'all';

/**
 * The vendor list's state as it lives in the URL (`/vendors?search=dell&status=all&page=2`), so a
 * search can be bookmarked and shared. Absent keys mean "not narrowed": active vendors, page 1.
 */
export interface VendorListSearch {
  /** Text matched against the vendor's name and email address. */
  search?: string;
  /** Inactive vendors only, or every vendor; absent for the active ones. */
  status?: 'inactive' | 'all';
  /** The page shown, from 1. */
  page?: number;
}

/** The search without absent keys, so the URL and query keys carry only what is set. */
export const compactVendorSearch = searchCompactor<VendorListSearch>(['search', 'status', 'page']);

const statusOf = (value: unknown): VendorListSearch['status'] =>
  value === 'inactive' || value === 'all' ? value : undefined;

/**
 * Validates the vendor list's URL search into a {@link VendorListSearch}. It never fails: an unknown
 * status or a bad page is dropped, so an old or hand-edited bookmark still opens the list.
 *
 * @example
 * // TanStack Router
 * createRoute({ path: 'vendors', validateSearch: vendorListSearchSchema, … })
 */
export const vendorListSearchSchema = listSearchSchema(
  { search: lenient(searchText), status: lenient(statusOf), page: lenient(pageNumber) },
  compactVendorSearch,
);

/** The `GET /vendors` filters of a search: the text, and inactive vendors too unless only active ones are shown. */
export function toVendorFilters({ search, status }: VendorListSearch): VendorListFilters {
  return { ...(search ? { search } : {}), ...(status ? { include_inactive: true } : {}) };
}
