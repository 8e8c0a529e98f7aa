import { purchaseOrderQueries, vendorQueries } from '@purchasing/api-client';
import type { FilterDefinition } from '@purchasing/ui';
import { Button as RadixButton } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { PackagePlus, Plus, ShoppingCart } from 'lucide-react';
import { type ReactElement, useMemo } from 'react';
import { multiselectFilter } from '../kit/list/filters';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, type ListCsvSpec, useListScreen } from '../kit/list/useListScreen';
import { ScreenFrame } from '../kit/ScreenFrame';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { usePurchaseOrderActions } from '../shared/purchaseOrderActions';
import {
  PURCHASE_ORDER_STATUSES,
  purchaseOrderMessages,
  purchaseOrderStatusLabel,
  sendConfirmation,
} from '../shared/purchaseOrders';
import { downloadPurchaseOrdersCsv, purchaseOrdersCsvFileName } from './csv';
import { purchaseOrderTable } from './purchaseOrder.columns';
import {
  compactPurchaseOrderSearch,
  PURCHASE_ORDER_LIST_PAGE_SIZE,
  type PurchaseOrderListSearch,
  purchaseOrderListSearchSchema,
  toListFilters,
  toPageQuery,
} from './searchParams';

/** Product copy of the purchase order list (document 2 §2 and §8, and the screen's own wording). */
export const purchaseOrderListMessages = {
  title: purchaseOrderMessages.listTitle,
  loadFailed: purchaseOrderMessages.loadFailed,
  tryAgain: purchaseOrderMessages.tryAgain,
  noOrganization: purchaseOrderMessages.noOrganization,
  noMatches: purchaseOrderMessages.noMatches,
  noOrders: purchaseOrderMessages.noOrders,
  exportFailed: purchaseOrderMessages.exportFailed,
  createButton: 'Create PO',
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
 * `purchase_order.manage`), a CSV export of every matching order and a Create PO button (document 2 §2).
 * The state lives in the host's URL through `search` and `onSearchChange`, so a filtered view can be
 * bookmarked.
 */
export function PurchaseOrderListScreen({
  search,
  onSearchChange,
}: PurchaseOrderListScreenProps): ReactElement {
  return (
    <ScreenFrame
      title={purchaseOrderListMessages.title}
      noOrganization={purchaseOrderListMessages.noOrganization}
    >
      {(organization) => (
        <PurchaseOrderList organizationId={organization.id} search={search} onSearchChange={onSearchChange} />
      )}
    </ScreenFrame>
  );
}

/** The purchase order list: `GET /purchase-orders`, ten a page (document 2 §7). */
const purchaseOrderList = defineListResource({
  pageSize: PURCHASE_ORDER_LIST_PAGE_SIZE,
  parse: (value) => purchaseOrderListSearchSchema.parse(value),
  compact: compactPurchaseOrderSearch,
  query: (client, organizationId, search: PurchaseOrderListSearch) =>
    purchaseOrderQueries.list(client, organizationId, toPageQuery(search)),
  page: ({ data, pagination }) => ({ rows: data, total: pagination.total }),
});

const csv = {
  download: (client, organizationId, search, signal, format) =>
    downloadPurchaseOrdersCsv(client, organizationId, toListFilters(search), signal, format),
  fileName: (format) => purchaseOrdersCsvFileName(new Date(), format),
  failed: purchaseOrderListMessages.exportFailed,
} satisfies ListCsvSpec<PurchaseOrderListSearch>;

const statusOptions = PURCHASE_ORDER_STATUSES.map((status) => ({
  value: status,
  label: purchaseOrderStatusLabel(status),
}));

interface PurchaseOrderListProps extends PurchaseOrderListScreenProps {
  organizationId: string;
}

function PurchaseOrderList({ organizationId, search, onSearchChange }: PurchaseOrderListProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const createLink = useLinkProps(navigation.hrefs.purchaseOrderCreate());
  const canManage = hasPermission('purchase_order.manage');
  const actions = usePurchaseOrderActions(organizationId);
  // A refused send is toasted by the mutation; the dialog closes so the list (refetched) shows the
  // order as it now is.
  const list = useListScreen(
    purchaseOrderList,
    { search, onSearchChange, organizationId },
    { csv, confirm: { run: actions.send.mutateAsync } },
  );

  // Past orders may be to vendors since deactivated, so the filter offers those too.
  const vendors = useQuery(vendorQueries.list(client, organizationId, { include_inactive: true }));
  const filters = useMemo<FilterDefinition[]>(
    () => [
      multiselectFilter('status', 'Status', 'Any status', statusOptions),
      multiselectFilter(
        'vendor_id',
        'Vendor',
        'Any vendor',
        (vendors.data?.vendors ?? []).map((vendor) => ({
          value: vendor.id,
          label: vendor.is_active ? vendor.name : `${vendor.name} (inactive)`,
        })),
        vendors.isPending,
      ),
    ],
    [vendors.isPending, vendors.data],
  );

  return (
    <ListScreen
      state={list}
      title={purchaseOrderListMessages.title}
      description="Orders raised from approved requisitions, newest first."
      actions={
        canManage ? (
          <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
            <a {...createLink}>
              <Plus size={16} aria-hidden />
              {purchaseOrderListMessages.createButton}
            </a>
          </RadixButton>
        ) : null
      }
      searchBox={{ label: 'Search purchase orders', placeholder: 'Search by PO number or vendor...' }}
      filters={filters}
      table={{ ...purchaseOrderTable, meta: { canManage, onSend: (order) => list.confirm?.ask(order) } }}
      empty={{
        icon: <ShoppingCart size={32} />,
        title: purchaseOrderListMessages.noOrders,
        description:
          'Orders raised from approved requisitions appear here, with their vendor, delivery date and status.',
        action: canManage ? (
          <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
            <a {...createLink}>
              <PackagePlus size={16} aria-hidden />
              Create your first purchase order
            </a>
          </RadixButton>
        ) : undefined,
      }}
      noMatch={{ title: purchaseOrderListMessages.noMatches }}
      messages={{
        loading: 'Loading purchase orders',
        loadFailed: purchaseOrderListMessages.loadFailed,
        retry: purchaseOrderListMessages.tryAgain,
        pager: 'Purchase order pages',
      }}
      confirm={{
        title: 'Send to vendor?',
        message: (order) => sendConfirmation(order.po_number, order.vendor),
        confirmLabel: 'Send to Vendor',
        variant: 'info',
      }}
    />
  );
}
