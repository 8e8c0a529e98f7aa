import { type ActiveListSearch, activeListSearchSchema } from '../kit/list/activeListSearch';

/** Rows per page of the product list (the list is loaded whole and paged on screen). */
export const PRODUCT_LIST_PAGE_SIZE = 25;

/**
 * The product list's state as it lives in the URL (`/products?search=paper&status=all&page=2`): the search
 * text (matched against the product's name, SKU and description), Inactive or All (absent: the active
 * products) and the page.
 */
export type ProductListSearch = ActiveListSearch;

/**
 * Validates the product list's URL search into a {@link ProductListSearch}. It never fails: an unknown
 * status or a bad page is dropped, so an old or hand-edited bookmark still opens the list.
 */
export const productListSearchSchema = activeListSearchSchema;
