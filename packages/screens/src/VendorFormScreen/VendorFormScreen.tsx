import { Callout } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { DetailLayout } from '../kit/detail/DetailScreen';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { vendorMessages } from '../shared/vendors';
import { VendorPage } from '../VendorDetailScreen/VendorPage';
import { VendorStatusBadge } from '../VendorListScreen/vendor.columns';
import { VendorForm } from './VendorForm';

/** Props of {@link VendorFormScreen}. */
export interface VendorFormScreenProps {
  /** The vendor to edit (the route's `{vendorId}`); absent for a new vendor. */
  vendorId?: string;
}

/** Product copy of the vendor form (issue 16 item 1). */
export const vendorFormScreenMessages = {
  newTitle: vendorMessages.newVendor,
  noOrganization: 'Please select an organization to manage vendors.',
  noPermission: vendorMessages.noManagePermission,
  notFound: vendorMessages.notFound,
  notFoundDescription: vendorMessages.notFoundDescription,
  loadFailed: vendorMessages.detailLoadFailed,
} as const;

const MAX_WIDTH = 1000;

/**
 * The vendor form (issue 16 item 1): a new vendor (`/vendors/new`) or an existing one
 * (`/vendors/{id}/edit`), with its details (name required, tax number, contact, email for orders,
 * phone, website), address and terms (default payment terms, currency: the organization's base
 * currency unless another is chosen). Leaving with unsaved changes asks first; the server's field
 * errors show on their fields (a name already used: on Name). Editing also deactivates (after a
 * confirmation) or reactivates the vendor. Needs `vendor.manage` (the server enforces it too).
 */
export function VendorFormScreen({ vendorId }: VendorFormScreenProps): ReactElement {
  return vendorId === undefined ? <NewVendor /> : <EditVendor vendorId={vendorId} />;
}

function NewVendor(): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: MAX_WIDTH }}>
      <PageHead
        trail={[{ label: vendorMessages.listTitle, href: navigation.hrefs.vendors() }]}
        title={vendorFormScreenMessages.newTitle}
        description="Add a supplier your organization orders from, with its contact and default terms."
      />
      <OrganizationGate
        noOrganization={vendorFormScreenMessages.noOrganization}
        refusal={() =>
          hasPermission('vendor.manage') ? undefined : (
            <Callout variant="info">{vendorFormScreenMessages.noPermission}</Callout>
          )
        }
      >
        {(organization) => (
          <VendorForm
            key={organization.id}
            organizationId={organization.id}
            baseCurrency={organization.currency}
          />
        )}
      </OrganizationGate>
    </Flex>
  );
}

function EditVendor({ vendorId }: { vendorId: string }): ReactElement {
  const { hasPermission, currentOrganization } = useSession();
  return (
    <VendorPage
      vendorId={vendorId}
      crumb={(vendor) => `Edit ${vendor.name}`}
      placeholder="Edit"
      maxWidth={MAX_WIDTH}
      noOrganization={vendorFormScreenMessages.noOrganization}
    >
      {(vendor, organizationId) => (
        <DetailLayout
          title={`Edit ${vendor.name}`}
          status={<VendorStatusBadge vendor={vendor} />}
          subtitle="Change the vendor's details, address and default terms."
          main={
            hasPermission('vendor.manage') ? (
              <VendorForm
                // A new vendor or organisation starts a fresh form.
                key={`${organizationId}:${vendor.id}`}
                organizationId={organizationId}
                baseCurrency={currentOrganization?.currency ?? 'AUD'}
                vendor={vendor}
              />
            ) : (
              <Callout variant="info">{vendorFormScreenMessages.noPermission}</Callout>
            )
          }
        />
      )}
    </VendorPage>
  );
}
