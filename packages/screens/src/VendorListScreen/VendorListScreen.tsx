import { vendorQueries } from '@purchasing/api-client';
import { Button as RadixButton } from '@radix-ui/themes';
import { Plus, Store } from 'lucide-react';
import type { ReactElement } from 'react';
import { ActiveListScreen, defineActiveListResource } from '../kit/list/activeList';
import { useListScreen } from '../kit/list/useListScreen';
import { ScreenFrame } from '../kit/ScreenFrame';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { vendorMessages } from '../shared/vendors';
import { VENDOR_LIST_PAGE_SIZE, type VendorListSearch } from './searchParams';
import { vendorTable } from './vendor.columns';

/** Product copy of the vendor list (issue 16 item 1). */
export const vendorListMessages = {
  title: vendorMessages.listTitle,
  noOrganization: vendorMessages.noOrganization,
  loadFailed: vendorMessages.loadFailed,
  noVendors: vendorMessages.noVendors,
  noMatches: vendorMessages.noMatches,
  newVendor: vendorMessages.newVendor,
} as const;

/** Options of {@link VendorListScreenProps.onSearchChange}. */
export interface VendorListSearchChangeOptions {
  /** Replace the current history entry instead of adding one (used while typing a search). */
  replace?: boolean;
}

/** Props of {@link VendorListScreen}. */
export interface VendorListScreenProps {
  /** The list's state from the URL, validated with `vendorListSearchSchema`: search text, status and page. */
  search: VendorListSearch;
  /**
   * Called with the whole next state when the user searches, switches the status or pages; write it
   * to the URL (the screen re-renders with it as `search`). Typing is debounced and asks to `replace`.
   */
  onSearchChange(next: VendorListSearch, options?: VendorListSearchChangeOptions): void;
}

/**
 * `GET /vendors` by name: the server searches name and email and adds inactive vendors when asked;
 * the Inactive view keeps only those, and the pages are cut here (the answer holds every vendor).
 */
const vendorList = defineActiveListResource({
  pageSize: VENDOR_LIST_PAGE_SIZE,
  query: vendorQueries.list,
  rows: ({ vendors }) => vendors,
});

/**
 * The vendor list (issue 16 item 1): the current organisation's vendors by name, 25 a page, with a
 * search over name and email, an Active | Inactive | All switch, and per vendor its contact, email,
 * city and country, payment terms, currency and status. Every member may see it; New Vendor and Edit
 * show only with `vendor.manage`. The state lives in the host's URL through `search` and
 * `onSearchChange`. On a phone each vendor is a card.
 */
export function VendorListScreen({ search, onSearchChange }: VendorListScreenProps): ReactElement {
  return (
    <ScreenFrame title={vendorListMessages.title} noOrganization={vendorListMessages.noOrganization}>
      {(organization) => (
        <VendorList
          organizationId={organization.id}
          baseCurrency={organization.currency}
          search={search}
          onSearchChange={onSearchChange}
        />
      )}
    </ScreenFrame>
  );
}

interface VendorListProps extends VendorListScreenProps {
  organizationId: string;
  baseCurrency: string;
}

function VendorList({ organizationId, baseCurrency, search, onSearchChange }: VendorListProps): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const canManage = hasPermission('vendor.manage');
  const createLink = useLinkProps(navigation.hrefs.vendorCreate());
  const list = useListScreen(vendorList, { search, onSearchChange, organizationId });

  const newVendor = canManage ? (
    <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
      <a {...createLink}>
        <Plus size={16} aria-hidden />
        {vendorListMessages.newVendor}
      </a>
    </RadixButton>
  ) : null;

  return (
    <ActiveListScreen
      state={list}
      title={vendorListMessages.title}
      description="The suppliers your organization orders from, with their contacts and terms."
      actions={newVendor}
      status={search.status}
      searchBox={{ label: 'Search vendors', placeholder: 'Search by name or email...' }}
      table={{ ...vendorTable, meta: { canManage, baseCurrency } }}
      empty={{
        icon: <Store size={32} />,
        title: vendorListMessages.noVendors,
        description:
          'The vendors you order from appear here, with their contacts, payment terms and currency.',
        action: newVendor ?? undefined,
      }}
      noMatch={{
        title: vendorListMessages.noMatches,
        description: 'Try another name or email, or another status.',
      }}
      messages={{
        loading: 'Loading vendors',
        loadFailed: vendorListMessages.loadFailed,
        pager: 'Vendor pages',
      }}
    />
  );
}
