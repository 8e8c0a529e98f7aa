import { isApiError } from '@purchasing/api-client';
import {
  Button,
  Callout,
  ConfirmDialog,
  type ConfirmDialogProps,
  EmptyState,
  type FilterDefinition,
  Pager,
  Spinner,
} from '@purchasing/ui';
import { Flex, Card as RadixCard, VisuallyHidden } from '@radix-ui/themes';
import type { TableFeatures } from '@tanstack/react-table';
import { SearchX } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { ExportMenu } from './ExportMenu';
import { ListHeading, type ListHeadingProps } from './ListHeading';
import { ListSearchBar } from './ListSearchBar';
import { type ListColumns, ListTable } from './ListTable';
import type { ListScreenState } from './useListScreen';

/** An empty state of a list: an icon, a title, a line of help and at most one action. */
export interface ListEmptyState {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** Texts of the confirmation a row action asks for (see `confirm` of `useListScreen`). */
export interface ListConfirmDialog<TRow> {
  title: string;
  /** What the dialog says about `row`. */
  message(row: TRow): ReactNode;
  confirmLabel: string;
  variant?: ConfirmDialogProps['variant'];
}

/** Props of {@link ListScreen}. */
export interface ListScreenProps<
  TRow extends { id: string },
  TFeatures extends TableFeatures = TableFeatures,
> {
  /** From `useListScreen`. */
  state: ListScreenState<TRow>;
  /** The heading, e.g. 'Requisitions' (the page's h1 and the breadcrumb's last step); the total follows it as a badge. */
  title: string;
  /** The screens above the list in the breadcrumb; the dashboard by default. */
  trail?: ListHeadingProps['trail'];
  /**
   * The heading's badge when it counts something other than the rows listed (e.g. what awaits
   * approval, whichever view is shown): the number, whether it is capped, and what it counts.
   */
  count?: { value: number | undefined; capped?: boolean; label: NonNullable<ListHeadingProps['countLabel']> };
  /** One line under the title saying what the list holds. */
  description?: string;
  /** Buttons after Export at the right of the heading (create). */
  actions?: ReactNode;
  /**
   * The search box's accessible name and placeholder. Without it the list has no search bar, hence no
   * search or filters (a short list shown whole).
   */
  searchBox?: { label: string; placeholder: string };
  /** The filter panel's select and multi-select filters; a date range (`date_from`, `date_to`) follows them. */
  filters?: FilterDefinition[];
  /** Whether the filter panel ends with the date range; true by default. */
  dateRange?: boolean;
  /** Controls between the heading and the search bar that choose what is listed (a fiscal year). */
  toolbar?: ReactNode;
  /** The table: column definitions and their meta, caption and loading placeholder. */
  table?: ListColumns<TFeatures, TRow>;
  /**
   * The rows drawn by the screen instead of a table (cards in a grid), dimmed while `busy`. The first
   * page then loads under a spinner named `messages.loading`.
   */
  renderRows?(rows: readonly TRow[], options: { busy: boolean }): ReactNode;
  /** Shown when the list holds nothing at all (in the view shown). */
  empty: ListEmptyState;
  /**
   * Shown when a search or filter matches nothing, with a button that clears them ('Clear search and
   * filters' unless `clearLabel` says otherwise) under a search icon unless `icon` is given.
   */
  noMatch?: { title: string; description?: string; icon?: ReactNode; clearLabel?: string };
  /** Hides the pager while every row fits on one page (a list whose pager is mostly its size select). */
  pagerOnlyWhenPaged?: boolean;
  messages: {
    /** Read by screen readers while the first page loads, e.g. 'Loading requisitions'. */
    loading: string;
    /** The load failure, e.g. 'Failed to load requisitions. Please try again.' */
    loadFailed: string;
    /** The retry button's label; 'Retry' by default. */
    retry?: string;
    /** The pager's accessible name, e.g. 'Requisition pages'. */
    pager: string;
    /** The label of the pager's size select, e.g. 'Cards per page' (lists with `pageSizes`). */
    pageSize?: string;
  };
  /** The confirmation of the row action, when `state.confirm` is set. */
  confirm?: ListConfirmDialog<TRow>;
  /** More of the screen after the list: other dialogs (a second confirmation, an import). */
  children?: ReactNode;
}

/**
 * A list screen's body, from the state of `useListScreen`: the page head (breadcrumb, h1 with the
 * total, description) and the actions
 * (Export when the list exports), the search box and filter panel, then one of: placeholder rows while
 * the first page loads, the load failure with a retry (a 403 shows the server's refusal instead, as
 * retrying cannot help), the empty or no-match state, or the table and its pager. A refresh that fails
 * under rows already on screen keeps them, with the failure above. Place it in a `ScreenFrame`.
 */
export function ListScreen<TRow extends { id: string }, TFeatures extends TableFeatures = TableFeatures>({
  state,
  title,
  trail,
  count,
  description,
  actions,
  searchBox,
  filters = [],
  dateRange,
  toolbar,
  table,
  renderRows,
  empty,
  noMatch,
  pagerOnlyWhenPaged = false,
  messages,
  confirm,
  children,
}: ListScreenProps<TRow, TFeatures>): ReactElement {
  const rows = (busy: boolean) =>
    renderRows ? (
      renderRows(state.rows, { busy })
    ) : table ? (
      <ListTable {...table} rows={state.rows} busy={busy} />
    ) : null;
  const loadFailed = (
    <Callout
      variant="error"
      action={
        <Button size="1" variant="secondary" loading={state.retrying} onClick={state.retry}>
          {messages.retry ?? 'Retry'}
        </Button>
      }
    >
      {messages.loadFailed}
    </Callout>
  );

  let body: ReactNode;
  switch (state.status) {
    case 'error':
      body =
        isApiError(state.error) && state.error.status === 403 ? (
          <Callout variant="warning">{state.error.message}</Callout>
        ) : (
          loadFailed
        );
      break;
    case 'pending':
      body =
        renderRows || !table ? (
          <Flex justify="center" py="9">
            <Spinner label={messages.loading} />
          </Flex>
        ) : (
          <>
            <VisuallyHidden role="status">{messages.loading}</VisuallyHidden>
            <ListTable {...table} rows={state.rows} loading />
          </>
        );
      break;
    case 'empty':
    case 'no-match':
      body = (
        <RadixCard size="3">
          {state.status === 'no-match' && noMatch ? (
            <EmptyState
              icon={noMatch.icon ?? <SearchX size={32} />}
              title={noMatch.title}
              description={noMatch.description ?? 'Try other words or fewer filters.'}
              action={
                <Button variant="secondary" onClick={state.clear}>
                  {noMatch.clearLabel ?? 'Clear search and filters'}
                </Button>
              }
            />
          ) : (
            <EmptyState {...empty} />
          )}
        </RadixCard>
      );
      break;
    case 'rows':
      body = (
        <Flex direction="column" gap={renderRows ? '4' : '3'}>
          {rows(state.busy)}
          {pagerOnlyWhenPaged && !state.totalCapped && (state.total ?? 0) <= state.pageSize ? null : (
            <Pager
              page={state.page}
              pageSize={state.pageSize}
              total={state.total ?? 0}
              totalCapped={state.totalCapped}
              pageRowCount={state.rows.length}
              label={messages.pager}
              onPageChange={state.setPage}
              {...(state.pageSizes
                ? {
                    onPageSizeChange: state.setPageSize,
                    pageSizeOptions: state.pageSizes,
                    pageSizeLabel: messages.pageSize,
                  }
                : {})}
            />
          )}
        </Flex>
      );
      break;
  }

  return (
    <>
      <ListHeading
        title={title}
        trail={trail}
        total={count ? count.value : state.total}
        totalCapped={count ? count.capped : state.totalCapped}
        countLabel={count?.label}
        description={description}
        actions={
          state.csv || actions ? (
            <>
              {state.csv ? <ExportMenu {...state.csv} disabled={!state.total} /> : null}
              {actions}
            </>
          ) : undefined
        }
      />
      {toolbar}
      {searchBox ? (
        <ListSearchBar
          label={searchBox.label}
          placeholder={searchBox.placeholder}
          searchValue={state.searchText.value}
          onSearchChange={state.searchText.onChange}
          filters={filters}
          values={state.filterValues}
          onChange={state.setFilters}
          dateRange={dateRange}
        />
      ) : null}
      {state.error && state.status !== 'error' && state.status !== 'pending' ? loadFailed : null}
      {body}
      {confirm && state.confirm ? <RowConfirmDialog state={state.confirm} dialog={confirm} /> : null}
      {children}
    </>
  );
}

/**
 * The confirmation a row action asks for, from a confirmed action's state (`state.confirm` of
 * `useListScreen`, or `useConfirmedAction` for a second action on the same rows).
 */
export function RowConfirmDialog<TRow>({
  state,
  dialog,
}: {
  state: NonNullable<ListScreenState<TRow>['confirm']>;
  dialog: ListConfirmDialog<TRow>;
}): ReactElement {
  return (
    <ConfirmDialog
      open={state.row !== null}
      onOpenChange={(open) => {
        if (!open) state.cancel();
      }}
      onConfirm={state.run}
      variant={dialog.variant}
      title={dialog.title}
      message={state.row === null ? '' : dialog.message(state.row)}
      confirmLabel={dialog.confirmLabel}
      loading={state.running}
    />
  );
}
