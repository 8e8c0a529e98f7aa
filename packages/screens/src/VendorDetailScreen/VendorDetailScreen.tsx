import type { Schemas } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { DetailLayout } from '../kit/detail/DetailScreen';
import { EditLinkButton } from '../kit/detail/EditLinkButton';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { vendorMessages } from '../shared/vendors';
import { VendorStatusBadge } from '../VendorListScreen/vendor.columns';
import { RecentOrdersPanel, SpendPanel } from './VendorOrders';
import { VendorPage } from './VendorPage';
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
  return (
    <VendorPage
      vendorId={vendorId}
      crumb={(vendor) => vendor.name}
      noOrganization={vendorDetailMessages.noOrganization}
    >
      {(vendor, organizationId) => <VendorDetail vendor={vendor} organizationId={organizationId} />}
    </VendorPage>
  );
}

function VendorDetail({ vendor, organizationId }: { vendor: Vendor; organizationId: string }): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission, currentOrganization } = useSession();
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
          <EditLinkButton href={navigation.hrefs.vendorEdit(vendor.id)} />
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
