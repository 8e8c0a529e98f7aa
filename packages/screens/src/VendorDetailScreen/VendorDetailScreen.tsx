import { type Schemas, vendorQueries } from '@purchasing/api-client';
import { Button as RadixButton } from '@radix-ui/themes';
import { Pencil } from 'lucide-react';
import type { ReactElement } from 'react';
import { DetailLayout, DetailScreen } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { vendorMessages } from '../shared/vendors';
import { VendorStatusBadge } from '../VendorListScreen/vendor.columns';
import { RecentOrdersPanel, SpendPanel } from './VendorOrders';
import { AddressPanel, ContactPanel, TermsPanel } from './VendorPanels';

type Vendor = Schemas['Vendor'];

/** Props of {@link VendorDetailScreen}. */
export interface VendorDetailScreenProps {
  /** The vendor's id, from the route (`/vendors/{vendorId}`). */
  vendorId: string;
}

/** Product copy of the vendor's page (issue 16 item 1). */
export const vendorDetailMessages = {
  notFound: vendorMessages.notFound,
  notFoundDescription: vendorMessages.notFoundDescription,
  loadFailed: vendorMessages.detailLoadFailed,
  noOrganization: 'Please select an organization to view this vendor.',
  backToList: vendorMessages.backToList,
} as const;

/**
 * A vendor's page (issue 16 item 1): its name and status with Edit (with `vendor.manage`); contact
 * (email as a mail link, phone, website), address, and terms (payment terms, currency, tax number);
 * with `purchase_order.view`, what was ordered from it in the base currency and its latest orders,
 * each a link, with a link to the order list narrowed to it. Every member may see it. A missing
 * vendor shows 'Vendor not found' with a way back to the list.
 */
export function VendorDetailScreen({ vendorId }: VendorDetailScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  const state = useDetailScreen({ query: vendorQueries.detail, pick: (body) => body.vendor, id: vendorId });
  return (
    <DetailScreen
      state={state}
      backTo={{
        label: vendorMessages.listTitle,
        href: navigation.hrefs.vendors(),
        backLabel: vendorDetailMessages.backToList,
      }}
      crumb={(vendor) => vendor.name}
      messages={{
        loading: 'Loading vendor',
        noOrganization: vendorDetailMessages.noOrganization,
        notFound: vendorDetailMessages.notFound,
        notFoundDescription: vendorDetailMessages.notFoundDescription,
        loadFailed: vendorDetailMessages.loadFailed,
      }}
    >
      {(vendor, organizationId) => <VendorDetail vendor={vendor} organizationId={organizationId} />}
    </DetailScreen>
  );
}

function VendorDetail({ vendor, organizationId }: { vendor: Vendor; organizationId: string }): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission, currentOrganization } = useSession();
  const editLink = useLinkProps(navigation.hrefs.vendorEdit(vendor.id));
  const seesOrders = hasPermission('purchase_order.view');
  const baseCurrency = currentOrganization?.currency ?? 'AUD';
  return (
    <DetailLayout
      title={vendor.name}
      status={<VendorStatusBadge vendor={vendor} />}
      subtitle={
        vendor.is_active
          ? 'New orders can use this vendor.'
          : "Inactive: orders already raised keep this vendor; new orders can't use it."
      }
      actions={
        hasPermission('vendor.manage') ? (
          <RadixButton asChild variant="soft">
            <a {...editLink}>
              <Pencil size={16} aria-hidden />
              Edit
            </a>
          </RadixButton>
        ) : null
      }
      main={
        <>
          <ContactPanel vendor={vendor} />
          <AddressPanel vendor={vendor} />
          {seesOrders ? <RecentOrdersPanel organizationId={organizationId} vendorId={vendor.id} /> : null}
        </>
      }
      aside={
        <>
          <TermsPanel vendor={vendor} baseCurrency={baseCurrency} />
          {seesOrders ? <SpendPanel organizationId={organizationId} vendorId={vendor.id} /> : null}
        </>
      }
    />
  );
}
