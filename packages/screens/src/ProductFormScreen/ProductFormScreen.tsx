import { productQueries } from '@purchasing/api-client';
import { Callout } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { DetailLayout, DetailScreen } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { ProductStatusBadge } from '../ProductListScreen/product.columns';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { productMessages } from '../shared/products';
import { ProductForm } from './ProductForm';

/** Props of {@link ProductFormScreen}. */
export interface ProductFormScreenProps {
  /** The product to edit (the route's `{productId}`); absent for a new product. */
  productId?: string;
}

/** Product copy of the product form (issue 16 item 2). */
export const productFormScreenMessages = {
  newTitle: productMessages.newProduct,
  noOrganization: 'Please select an organization to manage products.',
  noPermission: productMessages.noManagePermission,
  notFound: productMessages.notFound,
  notFoundDescription: productMessages.notFoundDescription,
  loadFailed: productMessages.detailLoadFailed,
} as const;

const MAX_WIDTH = 1000;

/**
 * The product form (issue 16 item 2): a new product (`/products/new`) or an existing one
 * (`/products/{id}/edit`): name, SKU, category, description, unit, list price and currency, the
 * preferred vendor, and each vendor's prices with their first and last days. Leaving with unsaved
 * changes asks first; the server's field errors show on their fields. Editing also deactivates (after
 * a confirmation) or reactivates the product. Needs `product.manage` (the server enforces it too).
 */
export function ProductFormScreen({ productId }: ProductFormScreenProps): ReactElement {
  return productId === undefined ? <NewProduct /> : <EditProduct productId={productId} />;
}

function NewProduct(): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: MAX_WIDTH }}>
      <PageHead
        trail={[{ label: productMessages.listTitle, href: navigation.hrefs.products() }]}
        title={productFormScreenMessages.newTitle}
        description="Add a product to the catalogue requisitions pick from, with its vendors' prices."
      />
      <OrganizationGate
        noOrganization={productFormScreenMessages.noOrganization}
        refusal={() =>
          hasPermission('product.manage') ? undefined : (
            <Callout variant="info">{productFormScreenMessages.noPermission}</Callout>
          )
        }
      >
        {(organization) => (
          <ProductForm
            key={organization.id}
            organizationId={organization.id}
            baseCurrency={organization.currency}
          />
        )}
      </OrganizationGate>
    </Flex>
  );
}

function EditProduct({ productId }: { productId: string }): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission, currentOrganization } = useSession();
  const state = useDetailScreen({
    query: productQueries.detail,
    pick: (body) => body.product,
    id: productId,
  });
  return (
    <DetailScreen
      state={state}
      backTo={{
        label: productMessages.listTitle,
        href: navigation.hrefs.products(),
        backLabel: productMessages.backToList,
      }}
      crumb={(product) => `Edit ${product.name}`}
      placeholder="Edit"
      maxWidth={MAX_WIDTH}
      messages={{
        loading: 'Loading product',
        noOrganization: productFormScreenMessages.noOrganization,
        notFound: productFormScreenMessages.notFound,
        notFoundDescription: productFormScreenMessages.notFoundDescription,
        loadFailed: productFormScreenMessages.loadFailed,
      }}
    >
      {(product, organizationId) => (
        <DetailLayout
          title={`Edit ${product.name}`}
          status={<ProductStatusBadge product={product} />}
          subtitle="Change the product's details, pricing and vendor prices."
          main={
            hasPermission('product.manage') ? (
              <ProductForm
                key={`${organizationId}:${product.id}:${product.is_active}`}
                organizationId={organizationId}
                baseCurrency={currentOrganization?.currency ?? 'AUD'}
                product={product}
              />
            ) : (
              <Callout variant="info">{productFormScreenMessages.noPermission}</Callout>
            )
          }
        />
      )}
    </DetailScreen>
  );
}
