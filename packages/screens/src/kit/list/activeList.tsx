/**
 * The list of things an organisation deactivates rather than deletes (vendors, products): loaded whole
 * by name, searched on the server, with an Active | Inactive | All switch (Active, the default, is absent
 * from the URL) and paged on screen. One URL state, one filter mapping, one page cut and one switch, so
 * each such list is only its own columns and copy.
 */
import type { PurchasingClient } from '@purchasing/api-client';
import { SegmentedControl } from '@radix-ui/themes';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { TableFeatures } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { ListScreen, type ListScreenProps } from './ListScreen';
import { lenient, listSearchSchema, pageNumber, searchCompactor, searchText } from './listSearch';
import { defineListResource, type ListResource } from './useListScreen';

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

/**
 * The list resource of such a list: `query` answers every row matching the filters (an api-client
 * factory), `rows` finds them in the answer; the Inactive view and the pages are cut here.
 */
export function defineActiveListResource<TData, TRow extends { is_active: boolean }, TKey extends QueryKey>({
  pageSize,
  query,
  rows,
}: {
  pageSize: number;
  query(
    client: PurchasingClient,
    organizationId: string,
    filters: ActiveListFilters,
  ): UseQueryOptions<TData, Error, TData, TKey>;
  rows(data: TData): readonly TRow[];
}): ListResource<ActiveListSearch, TData, TRow, TKey> {
  return defineListResource({
    pageSize,
    parse: (value) => activeListSearchSchema.parse(value),
    compact: compactActiveListSearch,
    query: (client, organizationId, search: ActiveListSearch) =>
      query(client, organizationId, toActiveListFilters(search)),
    page: (data: TData, search: ActiveListSearch) => activeListPage(rows(data), search, pageSize),
  });
}

/** Props of {@link ActiveListScreen}: those of {@link ListScreen} but the ones it sets. */
export type ActiveListScreenProps<TRow extends { id: string }, TFeatures extends TableFeatures> = Omit<
  ListScreenProps<TRow, TFeatures>,
  'toolbar' | 'dateRange' | 'pagerOnlyWhenPaged'
> & {
  /** The search's status (the switch's position). */
  status: ActiveListSearch['status'];
};

/**
 * The {@link ListScreen} of such a list: the Active | Inactive | All switch above the search box, no
 * date range in the filters, and a pager only when the rows fill more than a page.
 */
export function ActiveListScreen<
  TRow extends { id: string },
  TFeatures extends TableFeatures = TableFeatures,
>({ status, ...props }: ActiveListScreenProps<TRow, TFeatures>): ReactElement {
  return (
    <ListScreen
      {...props}
      toolbar={
        <ActiveStatusSwitch status={status} onChange={(next) => props.state.setFilters({ status: next })} />
      }
      dateRange={false}
      pagerOnlyWhenPaged
    />
  );
}

const STATUS_LABELS: Record<ActiveStatusFilter, string> = {
  active: 'Active',
  inactive: 'Inactive',
  all: 'All',
};

/** The Active | Inactive | All switch; `onChange` gets the search's `status` (undefined for Active). */
export function ActiveStatusSwitch({
  status,
  onChange,
}: {
  status: ActiveListSearch['status'];
  onChange(status: ActiveListSearch['status']): void;
}): ReactElement {
  return (
    <SegmentedControl.Root
      size="2"
      value={status ?? 'active'}
      onValueChange={(value) =>
        onChange(value === 'active' ? undefined : (value as ActiveListSearch['status']))
      }
      aria-label="Status"
      style={{ alignSelf: 'start' }}
    >
      {(Object.keys(STATUS_LABELS) as ActiveStatusFilter[]).map((key) => (
        <SegmentedControl.Item key={key} value={key}>
          {STATUS_LABELS[key]}
        </SegmentedControl.Item>
      ))}
    </SegmentedControl.Root>
  );
}
