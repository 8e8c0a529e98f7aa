import { organizationSettingsQueries, type Schemas } from '@purchasing/api-client';
import { Callout, Spinner } from '@purchasing/ui';
import { Flex, Button as RadixButton } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { CreateForm } from './PurchaseOrderCreateForm';
import { APPROVED_REQUISITION_LIMIT, purchaseOrderCreateMessages } from './purchaseOrderCreateMessages';

export { APPROVED_REQUISITION_LIMIT, purchaseOrderCreateMessages };

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1000) }}>
      {children}
    </Flex>
  );
}

/** When the settings cannot be read, the form starts without addresses: blank ones get the server's defaults. */
const NO_ADDRESS_DEFAULTS: Schemas['PurchaseOrderAddressDefaults'] = {
  billing_address: null,
  shipping_address: null,
};

/**
 * The create form once the organisation's settings are read: they carry the addresses a new order
 * gets (`purchase_order_addresses`, worked out by the server), which the form prefills.
 */
function CreateFormWithDefaults({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const settings = useQuery(organizationSettingsQueries.detail(client, organizationId));
  if (settings.isPending) {
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading the order's addresses" />
      </Flex>
    );
  }
  return (
    <CreateForm
      organizationId={organizationId}
      addressDefaults={settings.data?.settings.purchase_order_addresses ?? NO_ADDRESS_DEFAULTS}
    />
  );
}

/**
 * New purchase order (DECISIONS §6, /purchase-orders/create): a buyer picks an approved requisition
 * (its lines, quantities, prices and totals shown read-only, as the server will copy them) and an
 * active vendor, then the delivery date (not in the past), payment terms, shipping address (prefilled
 * with the requisition's, else the organisation's delivery address), billing address (prefilled with
 * the organisation's billing address; both defaults from the settings answer) and notes. The new draft
 * opens on its detail page; the requisition becomes po_created. Needs `purchase_order.manage`.
 */
export function PurchaseOrderCreateScreen(): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const backToList = useLinkProps(navigation.hrefs.purchaseOrders());

  return (
    <Page>
      <PageHead
        trail={[{ label: 'Purchase Orders', href: navigation.hrefs.purchaseOrders() }]}
        title={purchaseOrderCreateMessages.title}
        description={purchaseOrderCreateMessages.intro}
      />
      <OrganizationGate
        noOrganization={purchaseOrderCreateMessages.noOrganization}
        refusal={(organization) =>
          hasPermission('purchase_order.manage') ? undefined : (
            <Callout
              variant="warning"
              action={
                <RadixButton asChild size="1" variant="soft" color="gray">
                  <a {...backToList}>Back to Purchase Orders</a>
                </RadixButton>
              }
            >
              {purchaseOrderCreateMessages.noPermission(organization.name)}
            </Callout>
          )
        }
      >
        {(organization) => (
          <CreateFormWithDefaults
            // Another organisation has other requisitions and vendors: start over.
            key={organization.id}
            organizationId={organization.id}
          />
        )}
      </OrganizationGate>
    </Page>
  );
}
