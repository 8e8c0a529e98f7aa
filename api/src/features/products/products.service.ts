import type { components } from '@purchasing/contract';
import { select } from '../../db-query.js';
import type { Db } from '../../http/context.js';

type Product = components['schemas']['Product'];

/** Filters of the product list. */
export interface ProductFilter {
  search?: string | undefined;
  limit?: number | undefined;
}

/** Active products of the organisation with their vendor, by name; `search` matches name or SKU. */
export async function listProducts(
  db: Db,
  organizationId: string,
  filter: ProductFilter = {},
): Promise<Product[]> {
  const rows = await select<Product & { unit_price: string | number }>(
    db,
    `SELECT p.id, p.name, p.description, p.sku, p.unit_price, p.unit_of_measure, p.currency,
            CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END AS vendor
       FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id
      WHERE p.organization_id = $1 AND p.is_active
        AND ($2::text IS NULL OR p.name ILIKE '%' || $2 || '%' OR p.sku ILIKE '%' || $2 || '%')
      ORDER BY p.name
      LIMIT $3`,
    [organizationId, filter.search?.trim() || null, filter.limit ?? 100],
  );
  return rows.map((row) => ({ ...row, unit_price: Number(row.unit_price) }));
}
