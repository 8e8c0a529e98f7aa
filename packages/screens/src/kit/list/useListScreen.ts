/**
 * The mechanics of a list screen, written once: one page of a query-factory list kept in the host's
 * URL (search text, filters, page), the cursor of the page on screen sent with the next one, capped
 * totals, a page past the end moved back, CSV export of every matching row and a confirmed row action.
 * A list screen declares its resource and renders {@link ListScreen} with what this hook returns.
 */
import type { ListCursorHint, PurchasingClient } from '@purchasing/api-client';
import { type FilterValues, toast } from '@purchasing/ui';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePurchasing } from '../../PurchasingProvider';
import { downloadFile, type ExportFormat } from '../../shared/csv';
import { type SearchableListState, useDebouncedSearchText } from './useDebouncedSearchText';

/** One page of a list as the kit reads it from the query's answer. */
export interface ListPage<TRow> {
  /** The rows of the page. */
  rows: readonly TRow[];
  /** Every row matching the filters (`pagination.total`), or where the count stopped when capped. */
  total: number;
  /** The server stopped counting at `total` (`pagination.total_capped`): shown as '10,000+'. */
  totalCapped?: boolean;
  /** The page's `pagination.cursor`, sent back with the next page asked for (lists that have one). */
  cursor?: string;
  /**
   * The list holds nothing at all, whatever the search and filters (known to lists loaded whole). When
   * absent, a page with no rows is empty unless a search or filter is set, and then matches nothing.
   */
  empty?: boolean;
}

/**
 * What a list is, declared once per resource (see {@link defineListResource}): how its URL state reads
 * and tidies, which query answers a page, and where the rows and counts are in the answer.
 */
export interface ListResource<
  TSearch extends SearchableListState,
  TData,
  TRow,
  TKey extends QueryKey = QueryKey,
> {
  /** Rows per page (the first of `pageSizes` when the reader may choose). */
  pageSize: number;
  /** The page sizes the reader may choose from (the pager's size select); the search's `page_size`. */
  pageSizes?: readonly number[];
  /**
   * Keys of the search that choose a view of the list (a Pending | Completed toggle) rather than
   * narrow it: not in the filter panel's values, not a filter when choosing the empty state, and kept
   * when search and filters are cleared.
   */
  viewKeys?: readonly (keyof TSearch & string)[];
  /**
   * How long typing in the search box pauses before the search changes; 300 ms by default. 0 for a
   * list filtered in memory ({@link ListResource.page} reads the search), where each keystroke is free.
   */
  searchWaitMs?: number;
  /** The URL schema: turns loosely typed values (the filter panel's) into a valid search. */
  parse(value: unknown): TSearch;
  /** The search without absent keys, so the URL and query keys carry only what is set. */
  compact(search: TSearch): TSearch;
  /**
   * The query of the page `search` shows, from an api-client factory. `hint.cursor` answers the cursor
   * of the page on screen; lists whose factory takes no hint ignore it.
   */
  query(
    client: PurchasingClient,
    organizationId: string,
    search: TSearch,
    hint: ListCursorHint,
  ): UseQueryOptions<TData, Error, TData, TKey>;
  /**
   * The rows and counts of an answer. A list loaded whole (the query ignores the search) filters and
   * slices its rows here from `search`.
   */
  page(data: TData, search: TSearch): ListPage<TRow>;
}

/** Checks a {@link ListResource} and infers its types (an identity function). */
export function defineListResource<
  TSearch extends SearchableListState,
  TData,
  TRow,
  TKey extends QueryKey = QueryKey,
>(resource: ListResource<TSearch, TData, TRow, TKey>): ListResource<TSearch, TData, TRow, TKey> {
  return resource;
}

/**
 * The export of a list (the Export menu: CSV or Excel): every row of the current filters in one file,
 * which the server builds and streams (`GET /requisitions/export`, `GET /purchase-orders/export`).
 */
export interface ListCsvSpec<TSearch> {
  /**
   * The file for `search` in `format`, fetched with the client (its bearer token and organisation
   * header), stopping when `signal` aborts.
   */
  download(
    client: PurchasingClient,
    organizationId: string,
    search: TSearch,
    signal: AbortSignal,
    format: ExportFormat,
  ): Promise<Blob>;
  /** The downloaded file's name in `format`, e.g. `requisitions-2026-11-21.csv`. */
  fileName(format: ExportFormat): string;
  /** Toasted (and logged) when the export fails, e.g. 'Failed to export requisitions'. */
  failed: string;
}

/** A row action that asks first (delete, send): what it does once confirmed. */
export interface ListConfirmSpec<TRow> {
  /** Does the action; the dialog closes when it resolves. Success and failure messages are its own. */
  run(row: TRow): Promise<unknown>;
  /** Keep the dialog open when `run` rejects (to try again); by default it closes. */
  keepOpenOnError?: boolean;
}

/** Props of a list screen that the kit reads: its URL state and the host's way to change it. */
export interface ListScreenProps<TSearch> {
  /** The list's state from the URL (validated by the resource's schema); the screen shows exactly it. */
  search: TSearch;
  /**
   * Called with the whole next state when the user searches, filters or pages. Filters go back to page
   * 1; typing is debounced and asks to `replace` the history entry.
   */
  onSearchChange(next: TSearch, options?: { replace?: boolean }): void;
}

/** Which of its states the list is in; {@link ListScreen} renders one body for each. */
export type ListStatus = 'pending' | 'error' | 'empty' | 'no-match' | 'rows';

/** Everything {@link ListScreen} renders, from {@link useListScreen} (`TData`: the query's answer). */
export interface ListScreenState<TRow, TData = unknown> {
  status: ListStatus;
  /** The rows on screen (the previous page's while the next one loads); empty until the first page. */
  rows: readonly TRow[];
  /** Every row matching the filters; `undefined` until the first answer. */
  total: number | undefined;
  totalCapped: boolean;
  /** The page shown, from 1, and the rows per page. */
  page: number;
  pageSize: number;
  /** The page sizes the reader may choose from, when the list offers a choice. */
  pageSizes?: readonly number[];
  /** Shows `size` rows a page, from the first page. */
  setPageSize(size: number): void;
  /** The query's last answer (all of it, e.g. every user of a list loaded whole), once there is one. */
  data: TData | undefined;
  /** Another page or filter is loading over the rows on screen. */
  busy: boolean;
  /** Why the list failed to load (`status` 'error'), or why a refresh of the rows on screen failed. */
  error: Error | null;
  /** A retry (or any refresh) is under way. */
  retrying: boolean;
  retry(): void;
  /** The search box: its text at once, written to the URL once typing pauses. */
  searchText: { value: string; onChange(text: string): void };
  /** The filter panel's values: every key of the search but the text and the page. */
  filterValues: FilterValues;
  /** Applies the filter panel's values (back to page 1, keeping the search text). */
  setFilters(values: FilterValues): void;
  setPage(page: number): void;
  /** Clears the search text and every filter (the view and the page size stay). */
  clear(): void;
  /** The export (CSV or Excel), when the list has one. */
  csv?: { exporting: boolean; run(format?: ExportFormat): void };
  /** The row action awaiting confirmation, when the list has one. */
  confirm?: { row: TRow | null; ask(row: TRow): void; cancel(): void; run(): void; running: boolean };
}

/** Options of {@link useListScreen}. */
export interface UseListScreenOptions<TSearch, TRow> {
  csv?: ListCsvSpec<TSearch>;
  confirm?: ListConfirmSpec<TRow>;
}

const NO_ROWS: readonly never[] = [];

/**
 * The state of a list screen for `resource` in `organizationId`, driven by the host's URL state
 * (`search`, `onSearchChange`). Paging keeps the previous page on screen, dimmed, until the next
 * arrives; a bookmarked page past the end (or the last row of the last page removed) moves to the last
 * page, replacing the history entry, except past a capped count, where the last page is unknown.
 */
export function useListScreen<TSearch extends SearchableListState, TData, TRow, TKey extends QueryKey>(
  resource: ListResource<TSearch, TData, TRow, TKey>,
  { search, onSearchChange, organizationId }: ListScreenProps<TSearch> & { organizationId: string },
  // The resource alone decides the types; the options are checked against them.
  options: UseListScreenOptions<NoInfer<TSearch>, NoInfer<TRow>> = {},
): ListScreenState<TRow, TData> {
  const { client } = usePurchasing();
  const { compact, parse, viewKeys = [] } = resource;
  const pageSize = search.page_size ?? resource.pageSize;
  // The search as last changed here: the pager changes the size, then the page, in one event, and
  // the second change must build on the first rather than on the search this render was given.
  const latest = useRef(search);
  latest.current = search;
  const change = useCallback(
    (next: TSearch, options?: { replace?: boolean }) => {
      latest.current = next;
      onSearchChange(next, options);
    },
    [onSearchChange],
  );
  // What every change keeps: the view and the page size.
  const kept = () => {
    const keep: Record<string, unknown> = {};
    for (const key of [...viewKeys, 'page_size']) {
      const value = (latest.current as Record<string, unknown>)[key];
      if (value !== undefined) keep[key] = value;
    }
    return keep as Partial<TSearch>;
  };

  // The cursor of the page on screen: the next page asked for is found by seeking from it, which
  // costs the server the same at any depth (issue 12). Read when that page is fetched, outside the key.
  const shownCursor = useRef<string | undefined>(undefined);
  const list = useQuery({
    ...resource.query(client, organizationId, search, { cursor: () => shownCursor.current }),
    placeholderData: keepPreviousData,
  });
  const current = list.data === undefined ? undefined : resource.page(list.data, search);
  useEffect(() => {
    shownCursor.current = current?.cursor;
  }, [current?.cursor]);

  const total = current?.total;
  const totalCapped = current?.totalCapped ?? false;
  const page = search.page ?? 1;
  const { search: text, page: _page, page_size: _size, ...rest } = compact(search);
  const filters = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !(viewKeys as readonly string[]).includes(key)),
  );
  // Which empty state applies: nothing at all, or nothing matching a search or filter.
  const filtered = text !== undefined || Object.keys(filters).length > 0;

  const lastPage = total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && !totalCapped && page > lastPage) {
      change(compact({ ...search, page: lastPage }), { replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, totalCapped, page, lastPage, search, change, compact]);

  const searchText = useDebouncedSearchText(search, change, compact, resource.searchWaitMs);

  let status: ListStatus;
  if (current === undefined) status = list.isError ? 'error' : 'pending';
  else if (current.empty) status = 'empty';
  else if (current.rows.length === 0 && current.total === 0) status = filtered ? 'no-match' : 'empty';
  else status = 'rows';

  return {
    status,
    rows: current?.rows ?? NO_ROWS,
    total,
    totalCapped,
    page,
    pageSize,
    pageSizes: resource.pageSizes,
    setPageSize: (size) => change(compact({ ...latest.current, page_size: size, page: undefined })),
    data: list.data,
    busy: list.isPlaceholderData,
    error: list.error,
    retrying: list.isFetching,
    retry: () => void list.refetch(),
    searchText,
    filterValues: filters as FilterValues,
    // The panel hands back loosely typed values; the URL schema turns them into a valid search again,
    // without a page (filters return to page 1).
    setFilters: (values) => change(parse({ ...values, ...kept(), search: latest.current.search })),
    setPage: (next) => change(compact({ ...latest.current, page: next })),
    clear: () => change(compact(kept() as TSearch)),
    csv: useCsvExport(options.csv, organizationId, search),
    confirm: useConfirmedAction(options.confirm),
  };
}

function useCsvExport<TSearch, TRow>(
  spec: ListCsvSpec<TSearch> | undefined,
  organizationId: string,
  search: TSearch,
): ListScreenState<TRow>['csv'] {
  const { client } = usePurchasing();
  const [exporting, setExporting] = useState(false);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  if (!spec) return undefined;

  const run = async (format: ExportFormat) => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(true);
    try {
      const file = await spec.download(client, organizationId, search, controller.signal, format);
      downloadFile(file, spec.fileName(format));
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(spec.failed, error);
      toast.error(spec.failed);
    } finally {
      if (!controller.signal.aborted) setExporting(false);
    }
  };
  return { exporting, run: (format = 'csv') => void run(format) };
}

/**
 * A row action that asks first: the row awaiting confirmation, `ask`, `cancel`, and `run` once
 * confirmed. `useListScreen` holds one (its `confirm` option); a screen with a second such action on
 * its rows holds that one here and shows it with `RowConfirmDialog`.
 */
export function useConfirmedAction<TRow>(
  spec: ListConfirmSpec<TRow> | undefined,
): ListScreenState<TRow>['confirm'] {
  const [row, setRow] = useState<TRow | null>(null);
  const [running, setRunning] = useState(false);
  const cancel = useCallback(() => setRow(null), []);
  if (!spec) return undefined;

  const run = async () => {
    if (row === null) return;
    setRunning(true);
    try {
      await spec.run(row);
      setRow(null);
    } catch {
      // The action reports its own failure (a toast, a log); the dialog closes unless asked to stay.
      if (!spec.keepOpenOnError) setRow(null);
    } finally {
      setRunning(false);
    }
  };
  return { row, ask: setRow, cancel, run: () => void run(), running };
}
