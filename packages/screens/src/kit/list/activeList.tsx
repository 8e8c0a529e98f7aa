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
import {
  type ActiveListFilters,
  type ActiveListSearch,
  type ActiveStatusFilter,
  activeListPage,
  activeListSearchSchema,
  compactActiveListSearch,
  toActiveListFilters,
} from './activeListSearch';
import { ListScreen, type ListScreenProps } from './ListScreen';
import { defineListResource, type ListResource } from './useListScreen';

// The URL search lives in its own module (the route tree loads it without the list); its helpers are
// read here too.
export { activeListPage, activeListSearchSchema, toActiveListFilters } from './activeListSearch';

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
