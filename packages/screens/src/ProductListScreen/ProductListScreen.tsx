import { productQueries } from '@purchasing/api-client';
import { Flex, Button as RadixButton } from '@radix-ui/themes';
import { Package, Plus, Upload } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { ActiveListScreen, defineActiveListResource } from '../kit/list/activeList';
import { useListScreen } from '../kit/list/useListScreen';
import { ScreenFrame } from '../kit/ScreenFrame';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { productMessages } from '../shared/products';
import { ProductImportDialog } from './ProductImportDialog';
import { productTable } from './product.columns';
import { PRODUCT_LIST_PAGE_SIZE, type ProductListSearch } from './searchParams';

/** Product copy of the product list (issue 16 item 2). */
export const productListMessages = {
  title: productMessages.listTitle,
  noOrganization: productMessages.noOrganization,
  loadFailed: productMessages.loadFailed,
  noProducts: productMessages.noProducts,
  noMatches: productMessages.noMatches,
  newProduct: productMessages.newProduct,
  importProducts: productMessages.importProducts,
} as const;

/** Options of {@link ProductListScreenProps.onSearchChange}. */
export interface ProductListSearchChangeOptions {
  /** Replace the current history entry instead of adding one (used while typing a search). */
  replace?: boolean;
}

/** Props of {@link ProductListScreen}. */
export interface ProductListScreenProps {
  /** The list's state from the URL, validated with `productListSearchSchema`: search text, status and page. */
  search: ProductListSearch;
  /** Called with the whole next state when the user searches, switches the status or pages; write it to the URL. */
  onSearchChange(next: ProductListSearch, options?: ProductListSearchChangeOptions): void;
}

/** `GET /products` by name, inactive ones when asked; the Inactive view keeps only those, paged here. */
const productList = defineActiveListResource({
  pageSize: PRODUCT_LIST_PAGE_SIZE,
  query: productQueries.catalogue,
  rows: ({ products }) => products,
});

/**
 * The product catalogue (issue 16 item 2): the organisation's products by name, 25 a page, with a
 * search over name, SKU and description, an Active | Inactive | All switch, and per product its SKU,
 * category, unit, price, preferred vendor, the vendors' current prices and status. Every member may
 * see it; New Product, Import Products and the edit links show only with `product.manage`.
 */
export function ProductListScreen({ search, onSearchChange }: ProductListScreenProps): ReactElement {
  return (
    <ScreenFrame title={productListMessages.title} noOrganization={productListMessages.noOrganization}>
      {(organization) => (
        <ProductList organizationId={organization.id} search={search} onSearchChange={onSearchChange} />
      )}
    </ScreenFrame>
  );
}

function ProductList({
  organizationId,
  search,
  onSearchChange,
}: ProductListScreenProps & { organizationId: string }): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const canManage = hasPermission('product.manage');
  const createLink = useLinkProps(navigation.hrefs.productCreate());
  const list = useListScreen(productList, { search, onSearchChange, organizationId });
  const [importing, setImporting] = useState(false);

  const actions = canManage ? (
    <Flex gap="2" wrap="wrap">
      <RadixButton variant="outline" onClick={() => setImporting(true)} style={{ whiteSpace: 'nowrap' }}>
        <Upload size={16} aria-hidden />
        {productListMessages.importProducts}
      </RadixButton>
      <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
        <a {...createLink}>
          <Plus size={16} aria-hidden />
          {productListMessages.newProduct}
        </a>
      </RadixButton>
    </Flex>
  ) : null;

  return (
    <>
      <ActiveListScreen
        state={list}
        title={productListMessages.title}
        description="The catalogue requisitions pick from, with each vendor's current price."
        actions={actions}
        status={search.status}
        searchBox={{ label: 'Search products', placeholder: 'Search by name, SKU or description...' }}
        table={{ ...productTable, meta: { canManage } }}
        empty={{
          icon: <Package size={32} />,
          title: productListMessages.noProducts,
          description: 'Products appear here with their units, categories and vendor prices.',
          action: actions ?? undefined,
        }}
        noMatch={{
          title: productListMessages.noMatches,
          description: 'Try another name or SKU, or another status.',
        }}
        messages={{
          loading: 'Loading products',
          loadFailed: productListMessages.loadFailed,
          pager: 'Product pages',
        }}
      />
      {canManage ? (
        <ProductImportDialog open={importing} onOpenChange={setImporting} organizationId={organizationId} />
      ) : null}
    </>
  );
}
