/**
 * A list read page after page by the server's cursor and shown as one growing list with a "Load more"
 * button (the notifications page), instead of numbered pages: the same {@link ListScreenState} the
 * list kit renders (loading, failure with retry, empty, rows), plus what the button needs.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListScreenState } from './useListScreen';

/** The "Load more" button's state: whether there is more, whether it is loading, and loading it. */
export interface LoadMoreState {
  hasMore: boolean;
  loading: boolean;
  /** Loading the next page failed (the rows on screen stay; the button tries again). */
  failed: boolean;
  load(): void;
}

const NO_SEARCH = { value: '', onChange: () => undefined };
const nothing = () => undefined;

/**
 * The state of a cursor-paged list from its infinite query (`useInfiniteQuery` of a factory with
 * `initialPageParam` and `getNextPageParam`): `rows` picks each page's rows (a stable function); the pages are joined in order, a row already
 * listed (by `id`) left out. The list has no search, filters or page numbers: its pager stays hidden
 * (`pagerOnlyWhenPaged`) and `more` drives the button after the rows.
 */
export function useCursorList<TPage, TRow extends { id: string }, TParam>(
  query: UseInfiniteQueryResult<InfiniteData<TPage, TParam>, Error>,
  rows: (page: TPage) => readonly TRow[],
): ListScreenState<TRow, InfiniteData<TPage, TParam>> & { more: LoadMoreState } {
  const listed = useMemo(() => {
    const seen = new Set<string>();
    const joined: TRow[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const row of rows(page)) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        joined.push(row);
      }
    }
    return joined;
  }, [query.data, rows]);
  const status: ListScreenState<TRow>['status'] =
    query.data === undefined ? (query.isError ? 'error' : 'pending') : listed.length === 0 ? 'empty' : 'rows';
  return {
    status,
    rows: listed,
    // Known once every page is loaded; until then the heading shows no count rather than a wrong one.
    total: query.data === undefined || query.hasNextPage ? undefined : listed.length,
    totalCapped: false,
    page: 1,
    // Every row loaded is on the one page: the kit's pager stays hidden.
    pageSize: Math.max(listed.length, 1),
    setPageSize: nothing,
    data: query.data,
    busy: false,
    // A failed "Load more" is the button's to show; a failed refresh of the rows on screen is the list's.
    error: query.isFetchNextPageError ? null : query.error,
    retrying: query.isFetching && !query.isFetchingNextPage,
    retry: () => void query.refetch(),
    searchText: NO_SEARCH,
    filterValues: {},
    setFilters: nothing,
    setPage: nothing,
    clear: nothing,
    more: {
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      failed: query.isFetchNextPageError,
      load: () => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      },
    },
  };
}
