import { type ActiveListSearch, activeListSearchSchema } from '../kit/list/activeListSearch';

/** Rows per page of the vendor list (the list is loaded whole and paged on screen). */
export const VENDOR_LIST_PAGE_SIZE = 25;

/**
 * The vendor list's state as it lives in the URL (`/vendors?search=dell&status=all&page=2`): the search
 * text (matched against the vendor's name and email), Inactive or All (absent: the active vendors) and the page.
 */
export type VendorListSearch = ActiveListSearch;

/**
 * Validates the vendor list's URL search into a {@link VendorListSearch}. It never fails: an unknown
 * status or a bad page is dropped, so an old or hand-edited bookmark still opens the list.
 *
 * @example
 * // TanStack Router
 * createRoute({ path: 'vendors', validateSearch: vendorListSearchSchema, … })
 */
export const vendorListSearchSchema = activeListSearchSchema;
