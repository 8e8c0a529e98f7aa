/**
 * How products read on every screen (list, form, import): the product copy (the specification words
 * none; these are ours), the status words, and a price window as text.
 */
import type { Schemas } from '@purchasing/api-client';

type Product = Schemas['Product'];
type ProductPrice = Schemas['ProductPrice'];

/** Product copy of the catalogue screens (issue 16 item 2). */
export const productMessages = {
  listTitle: 'Products',
  newProduct: 'New Product',
  importProducts: 'Import Products',
  noOrganization: 'Please select an organization to view products.',
  loadFailed: 'Failed to load products. Please try again.',
  noProducts: 'No products yet',
  noMatches: 'No products match your search',
  noManagePermission: 'You do not have permission to manage products.',
  notFound: 'Product not found',
  notFoundDescription: 'It may have been removed, or it belongs to another organization.',
  detailLoadFailed: 'Failed to load the product. Please try again.',
  backToList: 'Back to Products',
  created: (name: string) => `Product ${name} created`,
  updated: (name: string) => `Product ${name} updated`,
  createFailed: 'Failed to create the product. Please try again.',
  updateFailed: 'Failed to update the product. Please try again.',
  deactivated: (name: string) => `Product ${name} deactivated`,
  reactivated: (name: string) => `Product ${name} reactivated`,
  deactivateTitle: 'Deactivate product?',
  deactivateMessage: (name: string) =>
    `${name} will no longer be offered on new requisitions. Lines already raised keep it. You can reactivate it later.`,
  imported: (count: number) => `${count} ${count === 1 ? 'product' : 'products'} imported`,
} as const;

/** 'Active' or 'Inactive'. */
export const productStatusLabel = (product: Pick<Product, 'is_active'>): string =>
  product.is_active ? 'Active' : 'Inactive';

/** A price window as text: "from 2026-07-01", "2026-07-01 to 2026-12-31". */
export const priceWindow = (price: Pick<ProductPrice, 'effective_from' | 'effective_to'>): string =>
  price.effective_to ? `${price.effective_from} to ${price.effective_to}` : `from ${price.effective_from}`;

/** The prices in effect today, one per vendor. */
export const currentPrices = (product: Pick<Product, 'prices'>): ProductPrice[] =>
  product.prices.filter((price) => price.is_current);
