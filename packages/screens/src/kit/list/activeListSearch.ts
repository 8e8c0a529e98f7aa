/**
 * The URL state of a list of things an organisation deactivates rather than deletes (vendors,
 * products): its search, the Active | Inactive | All switch and the page, with the filter mapping and the
 * page cut. On its own (zod/mini and the list kit's parsers only): the host's route tree imports the
 * schema, and `activeList.tsx`'s screen and table would otherwise join the app's first load.
 */
import { lenient, listSearchSchema, pageNumber, searchCompactor, searchText } from './listSearch';

/** Which rows the list shows: the active ones (the default, absent from the URL), the inactive ones, or all. */
export type ActiveStatusFilter = 'active' | 'inactive' | 'all';

/**
 * The list's state as it lives in the URL (`/vendors?search=dell&status=all&page=2`), so a search can be
 * bookmarked and shared. Absent keys mean "not narrowed": active rows, page 1.
 */
export interface ActiveListSearch {
  /** Text the server matches (each list says against what). */
  search?: string;
  /** Inactive rows only, or every row; absent for the active ones. */
  status?: 'inactive' | 'all';
  /** The page shown, from 1. */
  page?: number;
}

/** The search without absent keys, so the URL and query keys carry only what is set. */
export const compactActiveListSearch = searchCompactor<ActiveListSearch>(['search', 'status', 'page']);

const statusOf = (value: unknown): ActiveListSearch['status'] =>
  value === 'inactive' || value === 'all' ? value : undefined;

/**
 * Validates the list's URL search into an {@link ActiveListSearch}. It never fails: an unknown status or a
 * bad page is dropped, so an old or hand-edited bookmark still opens the list.
 */
export const activeListSearchSchema = listSearchSchema(
  { search: lenient(searchText), status: lenient(statusOf), page: lenient(pageNumber) },
  compactActiveListSearch,
);

/** The list endpoint's filters: the text, and inactive rows too unless only active ones are shown. */
export interface ActiveListFilters {
  search?: string;
  include_inactive?: boolean;
}

/** The list endpoint's filters of a search: the text, and inactive rows too unless only active ones are shown. */
export function toActiveListFilters({ search, status }: ActiveListSearch): ActiveListFilters {
  return { ...(search ? { search } : {}), ...(status ? { include_inactive: true } : {}) };
}

/** One page of the whole answer: the Inactive view keeps only the inactive rows; `total` counts the view. */
export function activeListPage<T extends { is_active: boolean }>(
  all: readonly T[],
  search: ActiveListSearch,
  pageSize: number,
): { rows: T[]; total: number } {
  const rows = search.status === 'inactive' ? all.filter((row) => !row.is_active) : all;
  const start = ((search.page ?? 1) - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), total: rows.length };
}
