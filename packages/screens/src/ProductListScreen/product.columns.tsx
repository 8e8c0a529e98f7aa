import type { Schemas } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Badge, Flex, Link, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Muted } from '../kit/detail/Field';
import { listColumns } from '../kit/list/ListTable';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { currentPrices, productStatusLabel } from '../shared/products';

type Product = Schemas['Product'];

/** What the cells need from the screen. */
export interface ProductTableMeta {
  /** Whether the user holds `product.manage` (names link to the edit form; the server decides). */
  canManage: boolean;
}

const { features, column: helper } = listColumns<Product, ProductTableMeta>();

const none = <Muted>—</Muted>;

/**
 * The product table (read by `ListScreen`): name (the row header; a link to the edit form with
 * `product.manage`), SKU, category, unit, price (the preferred vendor's current price), the preferred
 * vendor, the vendors with a current price, and status. On a phone each row is a card.
 */
export const productTable = {
  features,
  caption: 'Products',
  rowHeaderPlaceholder: 'Product name placeholder',
  columns: helper.columns([
    helper.accessor('name', {
      header: 'Name',
      cell: (info) => (
        <NameCell product={info.row.original} canManage={info.table.options.meta?.canManage ?? false} />
      ),
      meta: { rowHeader: true, minWidth: 200 },
    }),
    helper.accessor('sku', { header: 'SKU', cell: (info) => info.getValue() ?? none }),
    helper.accessor('category', { header: 'Category', cell: (info) => info.getValue() ?? none }),
    helper.accessor('unit_of_measure', { header: 'Unit' }),
    helper.accessor('unit_price', {
      header: 'Price',
      cell: (info) => (
        <Text style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(info.getValue(), info.row.original.currency)}
        </Text>
      ),
    }),
    helper.accessor((product) => product.vendor?.name ?? '', {
      id: 'vendor',
      header: 'Preferred Vendor',
      cell: (info) => info.getValue() || none,
    }),
    helper.accessor((product) => currentPrices(product).length, {
      id: 'prices',
      header: 'Vendor Prices',
      cell: (info) => <VendorPrices product={info.row.original} />,
    }),
    helper.accessor('is_active', {
      header: 'Status',
      cell: (info) => <ProductStatusBadge product={info.row.original} />,
      meta: { card: 'status' },
    }),
  ]),
};

/** 'Active' in green or 'Inactive' in gray. */
export function ProductStatusBadge({ product }: { product: Pick<Product, 'is_active'> }): ReactElement {
  return (
    <Badge color={product.is_active ? 'green' : 'gray'} variant="soft" highContrast>
      {productStatusLabel(product)}
    </Badge>
  );
}

function VendorPrices({ product }: { product: Product }): ReactElement {
  const prices = currentPrices(product);
  if (prices.length === 0) return none;
  return (
    <Flex direction="column">
      {prices.map((price) => (
        <Text key={price.id} size="2" style={{ whiteSpace: 'nowrap' }}>
          {price.vendor.name}: {formatMoney(price.unit_price, price.currency)}
        </Text>
      ))}
    </Flex>
  );
}

function NameCell({ product, canManage }: { product: Product; canManage: boolean }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.productEdit(product.id));
  const description = product.description ? (
    <Text size="1" color="gray">
      {product.description}
    </Text>
  ) : null;
  return (
    <Flex direction="column">
      {canManage ? (
        <Link {...link} weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Link>
      ) : (
        <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Text>
      )}
      {description}
    </Flex>
  );
}
