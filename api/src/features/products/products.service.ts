import { likePattern, select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type ProductRow, type ProductView, presentProduct, productSelect } from './products.presenter.js';

/** Filters of the product list (`listProducts` query). */
export interface ProductFilter {
  search?: string | undefined;
  vendor_id?: string | undefined;
  category?: string | undefined;
  include_inactive?: boolean | undefined;
  limit?: number | undefined;
}

/**
 * The organisation's products by name (active ones unless `include_inactive`); `search` matches the
 * name, SKU or description; `vendor_id` keeps the products of that preferred vendor or with a price of
 * it; `category` matches the category whatever its case. Open to every member.
 */
export async function listProducts(
  db: Db,
  organizationId: string,
  filter: ProductFilter = {},
): Promise<ProductView[]> {
  const search = filter.search?.trim();
  const category = filter.category?.trim();
  const rows = await select<ProductRow>(
    db,
    `${productSelect()}
      WHERE p.organization_id = $1
        AND ($2::boolean OR p.is_active)
        AND ($3::text IS NULL OR p.name ILIKE $3 OR p.sku ILIKE $3 OR p.description ILIKE $3)
        AND ($4::uuid IS NULL OR p.vendor_id = $4 OR EXISTS (
              SELECT 1 FROM product_prices x
               WHERE x.organization_id = p.organization_id AND x.product_id = p.id AND x.vendor_id = $4))
        AND ($5::text IS NULL OR lower(p.category) = lower($5))
      ORDER BY lower(p.name), p.id
      LIMIT $6`,
    [
      organizationId,
      filter.include_inactive ?? false,
      search ? likePattern(search) : null,
      filter.vendor_id ?? null,
      category || null,
      filter.limit ?? 1000,
    ],
  );
  return rows.map(presentProduct);
}

/** One product of the organisation (active or not); 404 otherwise. */
export async function getProduct(db: Db, organizationId: string, id: string): Promise<ProductView> {
  const row = await selectOne<ProductRow>(
    db,
    `${productSelect()} WHERE p.id = $1 AND p.organization_id = $2`,
    [id, organizationId],
  );
  if (!row) throw new NotFound('Product');
  return presentProduct(row);
}

/**
 * The active products one vendor of the organisation sells (its preferred products and those it has
 * a price for), by name, each at this vendor's current price when it has one; 404 for an unknown vendor.
 */
export async function listVendorProducts(
  db: Db,
  organizationId: string,
  vendorId: string,
): Promise<ProductView[]> {
  const vendor = await selectOne<{ id: string }>(
    db,
    'SELECT id FROM vendors WHERE id = $1 AND organization_id = $2',
    [vendorId, organizationId],
  );
  if (!vendor) throw new NotFound('Vendor');
  const rows = await select<ProductRow>(
    db,
    `${productSelect('$2::uuid')}
      WHERE p.organization_id = $1 AND p.is_active
        AND (p.vendor_id = $2 OR EXISTS (
              SELECT 1 FROM product_prices x
               WHERE x.organization_id = p.organization_id AND x.product_id = p.id AND x.vendor_id = $2))
      ORDER BY lower(p.name), p.id`,
    [organizationId, vendorId],
  );
  return rows.map(presentProduct);
}
