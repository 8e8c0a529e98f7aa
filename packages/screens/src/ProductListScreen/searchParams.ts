import type { ProductListFilters } from '@purchasing/api-client';
import { lenient, listSearchSchema, pageNumber, searchCompactor, searchText } from '../kit/list/listSearch';

/** Rows per page of the product list (the list is loaded whole and paged on screen). */
export const PRODUCT_LIST_PAGE_SIZE = 25;

/** Which products the list shows: the active ones (the default, absent from the URL), the inactive ones, or all. */
export type ProductStatusFilter = 'active' | 'inactive' | 'all';

/**
 * The product list's state as it lives in the URL (`/products?search=paper&status=all&page=2`).
 * Absent keys mean "not narrowed": active products, page 1.
 */
export interface ProductListSearch {
  /** Text matched against the product's name, SKU and description. */
  search?: string;
  /** Inactive products only, or every product; absent for the active ones. */
  status?: 'inactive' | 'all';
  /** The page shown, from 1. */
  page?: number;
}

/** The search without absent keys, so the URL and query keys carry only what is set. */
export const compactProductSearch = searchCompactor<ProductListSearch>(['search', 'status', 'page']);

const statusOf = (value: unknown): ProductListSearch['status'] =>
  value === 'inactive' || value === 'all' ? value : undefined;

/**
 * Validates the product list's URL search into a {@link ProductListSearch}. It never fails: an unknown
 * status or a bad page is dropped, so an old or hand-edited bookmark still opens the list.
 */
export const productListSearchSchema = listSearchSchema(
  { search: lenient(searchText), status: lenient(statusOf), page: lenient(pageNumber) },
  compactProductSearch,
);

/** The `GET /products` filters of a search: the text, and inactive products too unless only active ones are shown. */
export function toProductFilters({ search, status }: ProductListSearch): ProductListFilters {
  return { ...(search ? { search } : {}), ...(status ? { include_inactive: true } : {}) };
}
