import {
  organizationQueries,
  requisitionKeys,
  requisitionQueries,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { type FilterDefinition, toast } from '@purchasing/ui';
import { Button as RadixButton } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FilePlus, FileText, Plus } from 'lucide-react';
import { type ReactElement, useCallback, useMemo } from 'react';
import { multiselectFilter } from '../kit/list/filters';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, type ListCsvSpec, useListScreen } from '../kit/list/useListScreen';
import { ScreenFrame } from '../kit/ScreenFrame';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { REQUISITION_CATEGORY_LABELS, statusLabel } from '../shared/display';
import { downloadRequisitionsCsv, requisitionsCsvFileName } from './csv';
import { requisitionTable } from './requisition.columns';
import {
  compactSearch,
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
  return (
    <ScreenFrame
      title={requisitionListMessages.title}
      noOrganization={requisitionListMessages.noOrganization}
    >
      {(organization) => (
        <RequisitionList
          organizationId={organization.id}
          organizationName={organization.name}
          search={search}
          onSearchChange={onSearchChange}
        />
      )}
    </ScreenFrame>
  );
}

/** The requisition list: `GET /requisitions`, ten a page, sought from the cursor of the page shown. */
const requisitionList = defineListResource({
  pageSize: REQUISITION_LIST_PAGE_SIZE,
  parse: (value) => requisitionListSearchSchema.parse(value),
  compact: compactSearch,
  query: (client, organizationId, search: RequisitionListSearch, hint) =>
    requisitionQueries.list(client, organizationId, toPageQuery(search), hint),
  page: ({ requisitions, pagination }) => ({
    rows: requisitions,
    total: pagination.total,
    totalCapped: pagination.total_capped ?? false,
    ...(pagination.cursor ? { cursor: pagination.cursor } : {}),
  }),
});

const csv = {
  download: (client, organizationId, search, signal, format) =>
    downloadRequisitionsCsv(client, organizationId, toListFilters(search), signal, format),
  fileName: (format) => requisitionsCsvFileName(new Date(), format),
  failed: requisitionListMessages.exportFailed,
} satisfies ListCsvSpec<RequisitionListSearch>;

const statusOptions = REQUISITION_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));
const categoryOptions = Object.entries(REQUISITION_CATEGORY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

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
  const createLink = useLinkProps(navigation.hrefs.requisitionCreate());
  const canCreate = hasPermission('requisition.create');
  const remove = useDeleteRequisition(organizationId);
  const list = useListScreen(
    requisitionList,
    { search, onSearchChange, organizationId },
    // Document 1 §8: a failed delete from the list is only logged, and the dialog stays open.
    { csv, confirm: { run: remove.mutateAsync, keepOpenOnError: true } },
  );

  const canChange = useCallback(
    (requisition: RequisitionSummary) =>
      user !== null &&
      requisition.requestor.id === user.id &&
      CHANGEABLE_STATUSES.has(requisition.status) &&
      hasPermission('requisition.create'),
    [user, hasPermission],
  );

  const costCenters = useQuery(organizationQueries.costCenters(client, organizationId));
  const filters = useMemo<FilterDefinition[]>(
    () => [
      multiselectFilter('status', 'Status', 'Any status', statusOptions),
      multiselectFilter('category', 'Category', 'Any category', categoryOptions),
      multiselectFilter(
        'cost_center_id',
        'Cost center',
        'Any cost center',
        (costCenters.data?.cost_centers ?? []).map((center) => ({
          value: center.id,
          label: `${center.code} - ${center.name}`,
        })),
        costCenters.isPending,
      ),
    ],
    [costCenters.isPending, costCenters.data],
  );

  return (
    <ListScreen
      state={list}
      title={requisitionListMessages.title}
      description={
        hasPermission('requisition.view_all')
          ? `Every requisition raised at ${organizationName}, newest first.`
          : 'Requisitions you raised or have an approval step on, newest first.'
      }
      actions={
        canCreate ? (
          <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
            <a {...createLink}>
              <Plus size={16} aria-hidden />
              New Requisition
            </a>
          </RadixButton>
        ) : null
      }
      searchBox={{
        label: 'Search requisitions',
        placeholder: 'Search by number, justification or requestor...',
      }}
      filters={filters}
      table={{ ...requisitionTable, meta: { canChange, onDelete: (row) => list.confirm?.ask(row) } }}
      empty={{
        icon: <FileText size={32} />,
        title: requisitionListMessages.noRequisitions,
        description: 'Requisitions you raise appear here with their approval status.',
        action: canCreate ? (
          <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
            <a {...createLink}>
              <FilePlus size={16} aria-hidden />
              Create your first requisition
            </a>
          </RadixButton>
        ) : undefined,
      }}
      noMatch={{ title: requisitionListMessages.noMatches }}
      messages={{
        loading: 'Loading requisitions',
        loadFailed: requisitionListMessages.loadFailed,
        pager: 'Requisition pages',
      }}
      confirm={{
        title: 'Delete requisition',
        message: (requisition) => requisitionListMessages.deleteConfirm(requisition.requisition_number),
        confirmLabel: 'Delete',
        variant: 'danger',
      }}
    />
  );
}

/** Deletes a requisition, says so, and refreshes the requisitions; a failure is only logged (document 1 §8). */
function useDeleteRequisition(organizationId: string) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requisition: RequisitionSummary) =>
      unwrap(
        client.api.DELETE('/requisitions/{id}', {
          params: { path: { id: requisition.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => toast.success(requisitionListMessages.deleted),
    onError: (error) => console.error('Failed to delete requisition', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) }),
  });
}
