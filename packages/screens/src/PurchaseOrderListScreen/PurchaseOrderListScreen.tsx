import { isApiError, purchaseOrderQueries, type Schemas, vendorQueries } from '@purchasing/api-client';
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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, PackagePlus, Plus, SearchX, ShoppingCart } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ListHeading } from '../kit/list/ListHeading';
import { ListSearchBar } from '../kit/list/ListSearchBar';
import { useDebouncedSearchText } from '../kit/list/useDebouncedSearchText';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { downloadCsv } from '../shared/csv';
import { usePurchaseOrderActions } from '../shared/purchaseOrderActions';
import {
  PURCHASE_ORDER_STATUSES,
  purchaseOrderMessages,
  purchaseOrderStatusLabel,
  sendConfirmation,
} from '../shared/purchaseOrders';
import { buildPurchaseOrdersCsv, fetchAllPurchaseOrders, purchaseOrdersCsvFileName } from './csv';
import { PurchaseOrderTable } from './PurchaseOrderTable';
import {
  compactPurchaseOrderSearch,
  hasActiveFilters,
  PURCHASE_ORDER_LIST_PAGE_SIZE,
  type PurchaseOrderListSearch,
  purchaseOrderListSearchSchema,
  toListFilters,
  toPageQuery,
} from './searchParams';

type PurchaseOrderSummary = Schemas['PurchaseOrderSummary'];

/** Product copy of the purchase order list (document 2 §2 and §8, and the screen's own wording). */
export const purchaseOrderListMessages = {
  title: purchaseOrderMessages.listTitle,
  loadFailed: purchaseOrderMessages.loadFailed,
  tryAgain: purchaseOrderMessages.tryAgain,
  noOrganization: purchaseOrderMessages.noOrganization,
  noMatches: purchaseOrderMessages.noMatches,
  noOrders: purchaseOrderMessages.noOrders,
  exportFailed: purchaseOrderMessages.exportFailed,
  createButton: 'Create Purchase Order',
} as const;

/** Options of {@link PurchaseOrderListScreenProps.onSearchChange}. */
export interface PurchaseOrderListSearchChangeOptions {
  /** Replace the current history entry instead of adding one (used while typing a search). */
  replace?: boolean;
}

/** Props of {@link PurchaseOrderListScreen}. */
export interface PurchaseOrderListScreenProps {
  /**
   * The list's state from the URL, validated with `purchaseOrderListSearchSchema`: search text, filters
   * and page. The screen shows exactly this state.
   */
  search: PurchaseOrderListSearch;
  /**
   * Called with the whole next state when the user searches, filters or pages; write it to the URL (the
   * screen re-renders with it as `search`). Filters return to page 1; typing in the search box is
   * debounced (300 ms) and asks to `replace` the history entry.
   */
  onSearchChange(next: PurchaseOrderListSearch, options?: PurchaseOrderListSearchChangeOptions): void;
}

/**
 * The purchase order list (document 2 §2 "Purchase order list"): the current organisation's orders,
 * ten a page, with a debounced search (PO number or vendor), a collapsible filter panel (status,
 * vendor, created from and to), row actions (view; edit and send on drafts for holders of
 * `purchase_order.manage`), a CSV export of every matching order and a Create Purchase Order button.
 * The state lives in the host's URL through `search` and `onSearchChange`, so a filtered view can be
 * bookmarked.
 */
export function PurchaseOrderListScreen({
  search,
  onSearchChange,
}: PurchaseOrderListScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <ScreenLayout>
        <ListHeading title={purchaseOrderListMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{purchaseOrderListMessages.noOrganization}</Callout>
        )}
      </ScreenLayout>
    );
  }
  return (
    <PurchaseOrderList
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
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

interface PurchaseOrderListProps extends PurchaseOrderListScreenProps {
  organizationId: string;
}

function PurchaseOrderList({ organizationId, search, onSearchChange }: PurchaseOrderListProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const createLink = useLinkProps(navigation.hrefs.purchaseOrderCreate());
  const canManage = hasPermission('purchase_order.manage');
  const actions = usePurchaseOrderActions(organizationId);

  const list = useQuery({
    ...purchaseOrderQueries.list(client, organizationId, toPageQuery(search)),
    // Paging keeps the previous page on screen (dimmed) until the next one arrives.
    placeholderData: keepPreviousData,
  });
  const total = list.data?.pagination.total;
  const page = search.page ?? 1;
  const filtered = hasActiveFilters(search);

  // A bookmarked page past the end moves to the last page.
  const lastPage = total === undefined ? 1 : Math.max(1, Math.ceil(total / PURCHASE_ORDER_LIST_PAGE_SIZE));
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData && page > lastPage) {
      onSearchChange(compactPurchaseOrderSearch({ ...search, page: lastPage }), { replace: true });
    }
  }, [list.isSuccess, list.isPlaceholderData, page, lastPage, search, onSearchChange]);

  const [pendingSend, setPendingSend] = useState<PurchaseOrderSummary | null>(null);
  const confirmSend = async () => {
    if (!pendingSend) return;
    try {
      await actions.send.mutateAsync(pendingSend);
      setPendingSend(null);
    } catch {
      // Toasted by the mutation; the dialog closes so the list (refetched) shows the current state.
      setPendingSend(null);
    }
  };

  const [exporting, setExporting] = useState(false);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  const exportCsv = async () => {
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(true);
    try {
      const rows = await fetchAllPurchaseOrders(
        client,
        organizationId,
        toListFilters(search),
        controller.signal,
      );
      downloadCsv(buildPurchaseOrdersCsv(rows), purchaseOrdersCsvFileName());
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to export purchase orders', error);
      toast.error(purchaseOrderListMessages.exportFailed);
    } finally {
      if (!controller.signal.aborted) setExporting(false);
    }
  };

  const createButton = (label: string) => (
    <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
      <a {...createLink}>
        <Plus size={16} aria-hidden />
        {label}
      </a>
    </RadixButton>
  );

  const headingActions = (
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
      {canManage ? createButton(purchaseOrderListMessages.createButton) : null}
    </>
  );

  let body: ReactNode;
  if (list.isError && !list.data) {
    const forbidden = isApiError(list.error) && list.error.status === 403;
    body = forbidden ? (
      <Callout variant="warning">{list.error.message}</Callout>
    ) : (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            {purchaseOrderListMessages.tryAgain}
          </Button>
        }
      >
        {purchaseOrderListMessages.loadFailed}
      </Callout>
    );
  } else if (list.isPending) {
    body = (
      <>
        <VisuallyHidden role="status">Loading purchase orders</VisuallyHidden>
        <PurchaseOrderTable orders={[]} canManage={canManage} onSend={setPendingSend} loading />
      </>
    );
  } else if (list.data.data.length === 0 && list.data.pagination.total === 0) {
    body = (
      <RadixCard size="3">
        {filtered ? (
          <EmptyState
            icon={<SearchX size={32} />}
            title={purchaseOrderListMessages.noMatches}
            description="Try other words or fewer filters."
            action={
              <Button variant="secondary" onClick={() => onSearchChange({})}>
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<ShoppingCart size={32} />}
            title={purchaseOrderListMessages.noOrders}
            description="Orders raised from approved requisitions appear here, with their vendor, delivery date and status."
            action={
              canManage ? (
                <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
                  <a {...createLink}>
                    <PackagePlus size={16} aria-hidden />
                    Create your first purchase order
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
        <PurchaseOrderTable
          orders={list.data.data}
          canManage={canManage}
          onSend={setPendingSend}
          busy={list.isPlaceholderData}
        />
        <Pager
          page={page}
          pageSize={PURCHASE_ORDER_LIST_PAGE_SIZE}
          total={list.data.pagination.total}
          label="Purchase order pages"
          onPageChange={(next) => onSearchChange(compactPurchaseOrderSearch({ ...search, page: next }))}
        />
      </Flex>
    );
  }

  return (
    <ScreenLayout>
      <ListHeading
        title={purchaseOrderListMessages.title}
        total={total}
        description="Orders raised from approved requisitions, newest first."
        actions={headingActions}
      />
      <ListFilters organizationId={organizationId} search={search} onSearchChange={onSearchChange} />
      {body}
      <ConfirmDialog
        open={pendingSend !== null}
        onOpenChange={(open) => {
          if (!open) setPendingSend(null);
        }}
        onConfirm={() => void confirmSend()}
        variant="info"
        title="Send to vendor?"
        message={pendingSend ? sendConfirmation(pendingSend.po_number, pendingSend.vendor) : ''}
        confirmLabel="Send to Vendor"
        loading={actions.send.isPending}
      />
    </ScreenLayout>
  );
}

const statusOptions = PURCHASE_ORDER_STATUSES.map((status) => ({
  value: status,
  label: purchaseOrderStatusLabel(status),
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
  search: PurchaseOrderListSearch;
  onSearchChange: PurchaseOrderListScreenProps['onSearchChange'];
}): ReactElement {
  const { client } = usePurchasing();
  // Past orders may be to vendors since deactivated, so the filter offers those too.
  const vendors = useQuery(vendorQueries.list(client, organizationId, { include_inactive: true }));
  const text = useDebouncedSearchText(search, onSearchChange, compactPurchaseOrderSearch);

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
        key: 'vendor_id',
        label: 'Vendor',
        type: 'multiselect',
        placeholder: vendors.isPending ? 'Loading...' : 'Any vendor',
        options: (vendors.data?.vendors ?? []).map((vendor) => ({
          value: vendor.id,
          label: vendor.is_active ? vendor.name : `${vendor.name} (inactive)`,
        })),
      },
    ],
    [vendors.isPending, vendors.data],
  );

  const values: FilterValues = {
    ...(search.status ? { status: search.status } : {}),
    ...(search.vendor_id ? { vendor_id: search.vendor_id } : {}),
    ...(search.date_from ? { date_from: search.date_from } : {}),
    ...(search.date_to ? { date_to: search.date_to } : {}),
  };

  // The panel hands back loosely typed values; the URL schema turns them into a valid search again,
  // without a page (filters return to page 1).
  const applyFilters = (next: FilterValues) =>
    onSearchChange(purchaseOrderListSearchSchema.parse({ ...next, search: search.search }));

  return (
    <ListSearchBar
      label="Search purchase orders"
      placeholder="Search by PO number or vendor..."
      searchValue={text.value}
      onSearchChange={text.onChange}
      filters={filters}
      values={values}
      onChange={applyFilters}
    />
  );
}
