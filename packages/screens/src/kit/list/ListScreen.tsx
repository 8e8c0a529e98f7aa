import { isApiError } from '@purchasing/api-client';
import {
  Button,
  Callout,
  ConfirmDialog,
  type ConfirmDialogProps,
  EmptyState,
  type FilterDefinition,
  Pager,
} from '@purchasing/ui';
import { Flex, Card as RadixCard, VisuallyHidden } from '@radix-ui/themes';
import type { TableFeatures } from '@tanstack/react-table';
import { Download, SearchX } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { ListHeading } from './ListHeading';
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
export interface ListScreenProps<TRow extends { id: string }, TFeatures extends TableFeatures> {
  /** From `useListScreen`. */
  state: ListScreenState<TRow>;
  /** The heading, e.g. 'Requisitions'; the total follows it as a badge. */
  title: string;
  /** One line under the title saying what the list holds. */
  description?: string;
  /** Buttons after Export at the right of the heading (create). */
  actions?: ReactNode;
  /** The search box's accessible name and placeholder. */
  searchBox: { label: string; placeholder: string };
  /** The filter panel's select and multi-select filters; a date range (`date_from`, `date_to`) follows them. */
  filters: FilterDefinition[];
  /** The table: column definitions and their meta, caption and loading placeholder. */
  table: ListColumns<TFeatures, TRow>;
  /** Shown when the list holds nothing at all. */
  empty: ListEmptyState;
  /** Shown when a search or filter matches nothing, with a button that clears them. */
  noMatch: { title: string; description?: string };
  messages: {
    /** Read by screen readers while the first page loads, e.g. 'Loading requisitions'. */
    loading: string;
    /** The load failure, e.g. 'Failed to load requisitions. Please try again.' */
    loadFailed: string;
    /** The retry button's label; 'Retry' by default. */
    retry?: string;
    /** The pager's accessible name, e.g. 'Requisition pages'. */
    pager: string;
  };
  /** The confirmation of the row action, when `state.confirm` is set. */
  confirm?: ListConfirmDialog<TRow>;
}

/**
 * A list screen's body, from the state of `useListScreen`: the heading with the total and the actions
 * (Export when the list exports), the search box and filter panel, then one of: placeholder rows while
 * the first page loads, the load failure with a retry (a 403 shows the server's refusal instead, as
 * retrying cannot help), the empty or no-match state, or the table and its pager. A refresh that fails
 * under rows already on screen keeps them, with the failure above. Place it in a `ScreenFrame`.
 */
export function ListScreen<TRow extends { id: string }, TFeatures extends TableFeatures>({
  state,
  title,
  description,
  actions,
  searchBox,
  filters,
  table,
  empty,
  noMatch,
  messages,
  confirm,
}: ListScreenProps<TRow, TFeatures>): ReactElement {
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
      body = (
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
          {state.status === 'no-match' ? (
            <EmptyState
              icon={<SearchX size={32} />}
              title={noMatch.title}
              description={noMatch.description ?? 'Try other words or fewer filters.'}
              action={
                <Button variant="secondary" onClick={state.clear}>
                  Clear search and filters
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
        <Flex direction="column" gap="3">
          <ListTable {...table} rows={state.rows} busy={state.busy} />
          <Pager
            page={state.page}
            pageSize={state.pageSize}
            total={state.total ?? 0}
            totalCapped={state.totalCapped}
            pageRowCount={state.rows.length}
            label={messages.pager}
            onPageChange={state.setPage}
          />
        </Flex>
      );
      break;
  }

  return (
    <>
      <ListHeading
        title={title}
        total={state.total}
        totalCapped={state.totalCapped}
        description={description}
        actions={
          state.csv || actions ? (
            <>
              {state.csv ? <ExportButton {...state.csv} disabled={!state.total} /> : null}
              {actions}
            </>
          ) : undefined
        }
      />
      <ListSearchBar
        label={searchBox.label}
        placeholder={searchBox.placeholder}
        searchValue={state.searchText.value}
        onSearchChange={state.searchText.onChange}
        filters={filters}
        values={state.filterValues}
        onChange={state.setFilters}
      />
      {state.error && state.status !== 'error' && state.status !== 'pending' ? loadFailed : null}
      {body}
      {confirm && state.confirm ? (
        <ConfirmDialog
          open={state.confirm.row !== null}
          onOpenChange={(open) => {
            if (!open) state.confirm?.cancel();
          }}
          onConfirm={state.confirm.run}
          variant={confirm.variant}
          title={confirm.title}
          message={state.confirm.row === null ? '' : confirm.message(state.confirm.row)}
          confirmLabel={confirm.confirmLabel}
          loading={state.confirm.running}
        />
      ) : null}
    </>
  );
}

function ExportButton({
  exporting,
  run,
  disabled,
}: {
  exporting: boolean;
  run(): void;
  disabled: boolean;
}): ReactElement {
  return (
    <Button
      variant="secondary"
      loading={exporting}
      disabled={disabled}
      onClick={run}
      style={{ whiteSpace: 'nowrap' }}
    >
      {exporting ? null : <Download size={16} aria-hidden />}
      {exporting ? 'Exporting...' : 'Export'}
    </Button>
  );
}
