import {
  organizationQueries,
  requisitionKeys,
  requisitionQueries,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import {
  Button,
  Callout,
  ConfirmDialog,
  EmptyState,
  type FilterDefinition,
  type FilterValues,
  Pager,
  Spinner,
  toast,
} from '@purchasing/ui';
import { Flex, Button as RadixButton, Card as RadixCard, VisuallyHidden } from '@radix-ui/themes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FilePlus, FileText, Plus, SearchX } from 'lucide-react';
import { type ReactElement, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ListHeading } from '../kit/list/ListHeading';
import { ListSearchBar } from '../kit/list/ListSearchBar';
import { useDebouncedSearchText } from '../kit/list/useDebouncedSearchText';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { REQUISITION_CATEGORY_LABELS, statusLabel } from '../shared/display';
import { buildRequisitionsCsv, downloadCsv, fetchAllRequisitions, requisitionsCsvFileName } from './csv';
import { RequisitionTable } from './RequisitionTable';
import {
  compactSearch,
  hasActiveFilters,
  REQUISITION_LIST_PAGE_SIZE,
  REQUISITION_STATUSES,
  type RequisitionListSearch,
  requisitionListSearchSchema,
  toListFilters,
  toPageQuery,
} from './searchParams';

type RequisitionSummary = Schemas['RequisitionSummary'];

/** Product copy of the requisition list (document 1 §2 and §8, and the screen's own wording). */
export const requisitionListMessages = {
  title: 'Requisitions',
  noOrganization: 'Please select an organization from the header to view requisitions',
  loadFailed: 'Failed to load requisitions. Please try again.',
  noMatches: 'No requisitions match your current filters.',
  noRequisitions: "You haven't created any requisitions yet.",
  deleteConfirm: (number: string) =>
    `Are you sure you want to delete requisition ${number}? This action cannot be undone.`,
  deleted: 'Requisition deleted successfully',
  exportFailed: 'Failed to export requisitions',
} as const;

/** Statuses in which the requestor may still edit or delete (document 1 §4). */
const CHANGEABLE_STATUSES: ReadonlySet<string> = new Set(['draft', 'info_requested']);

/** Options of {@link RequisitionListScreenProps.onSearchChange}. */
export interface RequisitionListSearchChangeOptions {
  /** Replace the current history entry instead of adding one (used while typing a search). */
  replace?: boolean;
}

/** Props of {@link RequisitionListScreen}. */
export interface RequisitionListScreenProps {
  /**
   * The list's state from the URL, validated with `requisitionListSearchSchema`: search text, filters
   * and page. The screen shows exactly this state.
   */
  search: RequisitionListSearch;
  /**
   * Called with the whole next state when the user searches, filters or pages; write it to the URL
   * (the screen re-renders with it as `search`). Filters reset the page to 1; typing in the search box
   * is debounced (300 ms) and asks to `replace` the history entry.
   */
  onSearchChange(next: RequisitionListSearch, options?: RequisitionListSearchChangeOptions): void;
}

/**
 * The requisition list (document 1 §2 "Requisition list"): the current organisation's requisitions,
 * ten a page, with a debounced search, a collapsible filter panel (status, category, cost center,
 * created from and to), row actions (view; edit and delete for the requestor of a draft or
 * info-requested requisition), a CSV export of every matching requisition and a New Requisition
 * button. The state lives in the host's URL through `search` and `onSearchChange`, so a filtered view
 * can be bookmarked.
 */
export function RequisitionListScreen({ search, onSearchChange }: RequisitionListScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <ScreenLayout>
        <ListHeading title={requisitionListMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{requisitionListMessages.noOrganization}</Callout>
        )}
      </ScreenLayout>
    );
  }
  return (
    <RequisitionList
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
      organizationName={currentOrganization.name}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}

function ScreenLayout({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1400 }}>
      {children}
    </Flex>
  );
}

interface RequisitionListProps extends RequisitionListScreenProps {
  organizationId: string;
  organizationName: string;
}

function RequisitionList({
  organizationId,
  organizationName,
  search,
  onSearchChange,
}: RequisitionListProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const { user, hasPermission } = useSession();
  const queryClient = useQueryClient();
  const createLink = useLinkProps(navigation.hrefs.requisitionCreate());
  const canCreate = hasPermission('requisition.create');

  // The cursor of the page on screen: the next page asked for is found by seeking from it, which
  // costs the server the same at any depth (issue 12). Read when that page is fetched, outside the key.
  const shownCursor = useRef<string | undefined>(undefined);
  const list = useQuery({
    ...requisitionQueries.list(client, organizationId, toPageQuery(search), {
      cursor: () => shownCursor.current,
    }),
    // Paging keeps the previous page on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    shownCursor.current = list.data?.pagination.cursor;
  }, [list.data]);
  const total = list.data?.pagination.total;
  const totalCapped = list.data?.pagination.total_capped ?? false;
  const page = search.page ?? 1;
  const filtered = hasActiveFilters(search);

  // A bookmarked page past the end (or the last row of the last page deleted) moves to the last page.
  // Past a capped count the last page is unknown, so the page stays (an empty page, with Previous).
  const lastPage = total === undefined ? 1 : Math.max(1, Math.ceil(total / REQUISITION_LIST_PAGE_SIZE));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && !totalCapped && page > lastPage) {
      onSearchChange(compactSearch({ ...search, page: lastPage }), { replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, totalCapped, page, lastPage, search, onSearchChange]);

  const [pendingDelete, setPendingDelete] = useState<RequisitionSummary | null>(null);
  const remove = useMutation({
    mutationFn: (requisition: RequisitionSummary) =>
      unwrap(
        client.api.DELETE('/requisitions/{id}', {
          params: { path: { id: requisition.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => {
      toast.success(requisitionListMessages.deleted);
      setPendingDelete(null);
    },
    // Document 1 §8: a failed delete from the list is only logged, and the dialog stays open.
    onError: (error) => console.error('Failed to delete requisition', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) }),
  });

  const canChange = useCallback(
    (requisition: RequisitionSummary) =>
      user !== null &&
      requisition.requestor.id === user.id &&
      CHANGEABLE_STATUSES.has(requisition.status) &&
      hasPermission('requisition.create'),
    [user, hasPermission],
  );

  const [exporting, setExporting] = useState(false);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  const exportCsv = async () => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(true);
    try {
      const rows = await fetchAllRequisitions(
        client,
        organizationId,
        toListFilters(search),
        controller.signal,
      );
      downloadCsv(buildRequisitionsCsv(rows), requisitionsCsvFileName());
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to export requisitions', error);
      toast.error(requisitionListMessages.exportFailed);
    } finally {
      if (!controller.signal.aborted) setExporting(false);
    }
  };

  const actions = (
    <>
      <Button
        variant="secondary"
        loading={exporting}
        disabled={!total}
        onClick={() => void exportCsv()}
        style={{ whiteSpace: 'nowrap' }}
      >
        {exporting ? null : <Download size={16} aria-hidden />}
        {exporting ? 'Exporting...' : 'Export'}
      </Button>
      {canCreate ? (
        <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
          <a {...createLink}>
            <Plus size={16} aria-hidden />
            New Requisition
          </a>
        </RadixButton>
      ) : null}
    </>
  );

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        {requisitionListMessages.loadFailed}
      </Callout>
    );
  } else if (list.isPending) {
    body = (
      <>
        <VisuallyHidden role="status">Loading requisitions</VisuallyHidden>
        <RequisitionTable requisitions={[]} canChange={canChange} onDelete={setPendingDelete} loading />
      </>
    );
  } else if (list.data.requisitions.length === 0 && list.data.pagination.total === 0) {
    body = (
      <RadixCard size="3">
        {filtered ? (
          <EmptyState
            icon={<SearchX size={32} />}
            title={requisitionListMessages.noMatches}
            description="Try other words or fewer filters."
            action={
              <Button variant="secondary" onClick={() => onSearchChange({})}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<FileText size={32} />}
            title={requisitionListMessages.noRequisitions}
            description="Requisitions you raise appear here with their approval status."
            action={
              canCreate ? (
                <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
                  <a {...createLink}>
                    <FilePlus size={16} aria-hidden />
                    Create your first requisition
                  </a>
                </RadixButton>
              ) : undefined
            }
          />
        )}
      </RadixCard>
    );
  } else {
    body = (
      <Flex direction="column" gap="3">
        <RequisitionTable
          requisitions={list.data.requisitions}
          canChange={canChange}
          onDelete={setPendingDelete}
          busy={list.isPlaceholderData}
        />
        <Pager
          page={page}
          pageSize={REQUISITION_LIST_PAGE_SIZE}
          total={list.data.pagination.total}
          totalCapped={totalCapped}
          pageRowCount={list.data.requisitions.length}
          label="Requisition pages"
          onPageChange={(next) => onSearchChange(compactSearch({ ...search, page: next }))}
        />
      </Flex>
    );
  }

  return (
    <ScreenLayout>
      <ListHeading
        title={requisitionListMessages.title}
        total={total}
        totalCapped={totalCapped}
        description={
          hasPermission('requisition.view_all')
            ? `Every requisition raised at ${organizationName}, newest first.`
            : 'Requisitions you raised or have an approval step on, newest first.'
        }
        actions={actions}
      />
      <ListFilters organizationId={organizationId} search={search} onSearchChange={onSearchChange} />
      {body}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onConfirm={() => {
          if (pendingDelete) remove.mutate(pendingDelete);
        }}
        variant="danger"
        title="Delete requisition"
        message={pendingDelete ? requisitionListMessages.deleteConfirm(pendingDelete.requisition_number) : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
      />
    </ScreenLayout>
  );
}

const statusOptions = REQUISITION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
const categoryOptions = Object.entries(REQUISITION_CATEGORY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/**
 * The search box (debounced into the URL) and the collapsible filter panel. Every filter change goes
 * back to page 1.
 */
function ListFilters({
  organizationId,
  search,
  onSearchChange,
}: {
  organizationId: string;
  search: RequisitionListSearch;
  onSearchChange: RequisitionListScreenProps['onSearchChange'];
}): ReactElement {
  const { client } = usePurchasing();
  const costCenters = useQuery(organizationQueries.costCenters(client, organizationId));
  const text = useDebouncedSearchText(search, onSearchChange, compactSearch);

  const filters = useMemo<FilterDefinition[]>(
    () => [
      {
        key: 'status',
        label: 'Status',
        type: 'multiselect',
        placeholder: 'Any status',
        options: statusOptions,
      },
      {
        key: 'category',
        label: 'Category',
        type: 'multiselect',
        placeholder: 'Any category',
        options: categoryOptions,
      },
      {
        key: 'cost_center_id',
        label: 'Cost center',
        type: 'multiselect',
        placeholder: costCenters.isPending ? 'Loading...' : 'Any cost center',
        options: (costCenters.data?.cost_centers ?? []).map((center) => ({
          value: center.id,
          label: `${center.code} - ${center.name}`,
        })),
      },
    ],
    [costCenters.isPending, costCenters.data],
  );

  const values: FilterValues = {
    ...(search.status ? { status: search.status } : {}),
    ...(search.category ? { category: search.category } : {}),
    ...(search.cost_center_id ? { cost_center_id: search.cost_center_id } : {}),
    ...(search.date_from ? { date_from: search.date_from } : {}),
    ...(search.date_to ? { date_to: search.date_to } : {}),
  };

  // The panel hands back loosely typed values; the URL schema turns them into a valid search again.
  const applyFilters = (next: FilterValues) =>
    onSearchChange(requisitionListSearchSchema.parse({ ...next, search: search.search }));

  return (
    <ListSearchBar
      label="Search requisitions"
      placeholder="Search by number, justification or requestor..."
      searchValue={text.value}
      onSearchChange={text.onChange}
      filters={filters}
      values={values}
      onChange={applyFilters}
    />
  );
}
