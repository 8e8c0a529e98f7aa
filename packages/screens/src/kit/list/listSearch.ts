/**
 * Building blocks of a list screen's URL state, read leniently: a bookmarked or hand-edited URL with an
 * unknown status, a malformed id or an impossible date still opens the list, without that value.
 */
// zod's tree-shakable build: these schemas load with the app's first screen (route search validation),
// where the full `z` API would add about 40 KB of gzipped JavaScript (issue 12).
import { z } from 'zod/mini';

/** The contract's longest search text (`Search` parameter). */
export const MAX_SEARCH_LENGTH = 200;

/** The highest page a URL may ask for; beyond it the list opens on its first page. */
export const MAX_PAGE = 100_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID as the API writes ids. */
export const isUuid = (value: string): value is string => UUID.test(value);

/** A real calendar day as `yyyy-MM-dd` (not 2026-02-31). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A search key read by `read`, which turns anything unusable into `undefined`. Optional, so an absent key
 * stays absent (zod would otherwise ask for the key that a transform may leave undefined).
 */
export function lenient<T>(read: (value: unknown) => T | undefined) {
  return z.optional(z.pipe(z.unknown(), z.transform(read)));
}

/**
 * A list filter read leniently: one value or many (routers parse a repeated key as an array, a single
 * one as a string), invalid or repeated items dropped, nothing left → absent.
 */
export function listOf<T extends string>(accept: (value: string) => value is T) {
  return lenient((value): T[] | undefined => {
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    const kept = [...new Set(items.filter((item): item is string => typeof item === 'string'))].filter(
      accept,
    );
    return kept.length > 0 ? kept : undefined;
  });
}

/** A `yyyy-MM-dd` day, or `undefined` for anything else. */
export function calendarDay(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDay(value) ? value : undefined;
}

/**
 * Search text: trimmed, at most {@link MAX_SEARCH_LENGTH} characters, blank → absent. A number (a router
 * reads `?search=2026` as one) is read back as text.
 */
export function searchText(value: unknown): string | undefined {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  return text === '' ? undefined : text.slice(0, MAX_SEARCH_LENGTH);
}

/** A page number above 1 (the first page is the absent key), or `undefined`. */
export function pageNumber(value: unknown): number | undefined {
  const page = typeof value === 'string' ? Number(value) : value;
  return typeof page === 'number' && Number.isInteger(page) && page > 1 && page <= MAX_PAGE
    ? page
    : undefined;
}

/** `value` in `allowed` (e.g. a status of an enum), narrowed to its type. */
export function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): value is T => (allowed as readonly string[]).includes(value);
}

/**
 * The keys the paged lists' URL searches share, read leniently: the search text, the creation day
 * range ('Date from', 'Date to') and the page. A list adds its own filters beside them.
 */
export const pagedListSearchKeys = {
  search: lenient(searchText),
  date_from: lenient(calendarDay),
  date_to: lenient(calendarDay),
  page: lenient(pageNumber),
};

/** What every paged list's URL search has besides its text and filters. */
interface PagedSearch {
  page?: number;
}

/** The keys of {@link pagedListSearchKeys} in a list's search type, which adds its own filters. */
export interface PagedListSearch extends PagedSearch {
  /** Text the server matches (each list says against what). */
  search?: string;
  /** Created on or after this day (`yyyy-MM-dd`). */
  date_from?: string;
  /** Created on or before this day (`yyyy-MM-dd`). */
  date_to?: string;
  /** The page shown, from 1. */
  page?: number;
}

/**
 * The compact form of a list's search, keeping `keys` in this order (the URL's): absent values, blank
 * text, empty lists and the first page are left out, so the URL and query keys carry only what is set.
 */
export function searchCompactor<T extends PagedSearch>(
  keys: readonly (keyof T & string)[],
): (search: T) => T {
  return (search) => {
    const compact: Partial<T> = {};
    for (const key of keys) {
      const value = search[key];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      if (key === 'page' && typeof value === 'number' && value <= 1) continue;
      compact[key] = value;
    }
    return compact as T;
  };
}

/**
 * The compact form of a paged list's search (see {@link searchCompactor}), in the URL's order: the text,
 * the list's own `filters`, the creation day range and the page.
 */
function pagedSearchCompactor<T extends PagedListSearch>(
  filters: readonly (keyof T & string)[],
): (search: T) => T {
  return searchCompactor<T>(['search', ...filters, 'date_from', 'date_to', 'page']);
}

/**
 * A list's URL search schema from its lenient keys (see {@link lenient}): it never fails (a search it
 * cannot read at all opens the list unfiltered) and hands back the compact form.
 */
export function listSearchSchema<S extends Readonly<Record<string, z.ZodMiniType>>, T>(
  shape: S,
  compact: (search: z.output<z.ZodMiniObject<S>>) => T,
) {
  const none = Object.fromEntries(Object.keys(shape).map((key) => [key, undefined]));
  return z.pipe(z.catch(z.object(shape), none as z.output<z.ZodMiniObject<S>>), z.transform(compact));
}

/**
 * What the list's query reads from its search: the filters without paging, whether any narrows the
 * list (which empty state applies), and one page's query (`pageSize` rows from `(page - 1) * pageSize`).
 */
export function pagedSearchQueries<T extends PagedSearch>(compact: (search: T) => T, pageSize: number) {
  const toListFilters = (search: T): Omit<T, 'page'> => {
    const { page: _page, ...filters } = compact(search);
    return filters;
  };
  return {
    toListFilters,
    hasActiveFilters: (search: T): boolean => Object.keys(toListFilters(search)).length > 0,
    toPageQuery: (search: T) => ({
      ...toListFilters(search),
      limit: pageSize,
      offset: ((search.page ?? 1) - 1) * pageSize,
    }),
  };
}

/**
 * A paged list's URL search, declared once: `pagedListSearch<TSearch>()(filters, pageSize)` with the
 * list's own filters' lenient keys (in the URL's order). Gives its compact form, its schema (the shared
 * keys of {@link pagedListSearchKeys} beside the filters) and what its query reads from it.
 */
export function pagedListSearch<T extends PagedListSearch>() {
  return <S extends Readonly<Record<string, z.ZodMiniType>>>(filters: S, pageSize: number) => {
    const compact = pagedSearchCompactor<T>(Object.keys(filters) as (keyof T & string)[]);
    return {
      compact,
      schema: listSearchSchema({ ...pagedListSearchKeys, ...filters }, compact as (search: unknown) => T),
      ...pagedSearchQueries(compact, pageSize),
    };
  };
}
