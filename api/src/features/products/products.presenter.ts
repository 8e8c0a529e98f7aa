import type { components } from '@purchasing/contract';

/** A catalogue product as the contract declares it (`Product`). */
export type ProductView = components['schemas']['Product'];

/** Today in UTC: the day a price window must hold to be current. */
const TODAY = "(now() AT TIME ZONE 'UTC')::date";

/**
 * The SELECT list and joins that make a {@link ProductView} of `products p`. `priceVendor` is the SQL
 * of the vendor whose current price is the product's `unit_price` (the preferred vendor, `p.vendor_id`,
 * or a bound vendor id): its price whose window holds today, else the product's own list price.
 */
export const productSelect = (priceVendor = 'p.vendor_id') => `
  SELECT p.id, p.name, p.description, p.sku, p.unit_of_measure, p.category, p.is_active, p.unit_price AS list_price,
         COALESCE(cur.unit_price, p.unit_price) AS unit_price,
         btrim(COALESCE(cur.currency, p.currency)) AS currency,
         CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END AS vendor,
         COALESCE((
           SELECT json_agg(json_build_object(
                    'id', pp.id, 'vendor', json_build_object('id', pv.id, 'name', pv.name),
                    'unit_price', pp.unit_price, 'currency', btrim(pp.currency),
                    'effective_from', pp.effective_from, 'effective_to', pp.effective_to,
                    'is_current', pp.effective_from <= ${TODAY} AND (pp.effective_to IS NULL OR pp.effective_to >= ${TODAY}))
                  ORDER BY lower(pv.name), pv.id, pp.effective_from DESC)
             FROM product_prices pp
             JOIN vendors pv ON pv.id = pp.vendor_id AND pv.organization_id = pp.organization_id
            WHERE pp.product_id = p.id AND pp.organization_id = p.organization_id), '[]'::json) AS prices
    FROM products p
    LEFT JOIN vendors v ON v.id = p.vendor_id AND v.organization_id = p.organization_id
    LEFT JOIN LATERAL (
      SELECT pp.unit_price, pp.currency FROM product_prices pp
       WHERE pp.organization_id = p.organization_id AND pp.product_id = p.id AND pp.vendor_id = ${priceVendor}
         AND pp.effective_from <= ${TODAY} AND (pp.effective_to IS NULL OR pp.effective_to >= ${TODAY})
       ORDER BY pp.effective_from DESC LIMIT 1) cur ON true`;

/** A row of {@link productSelect} as the driver answers it (numeric as text). */
export type ProductRow = Omit<ProductView, 'unit_price' | 'list_price' | 'prices'> & {
  unit_price: string | number;
  list_price: string | number;
  prices: (Omit<ProductView['prices'][number], 'unit_price'> & { unit_price: string | number })[];
};

/** Shapes a row of {@link productSelect} for the API: money as numbers. */
export const presentProduct = (row: ProductRow): ProductView => ({
  ...row,
  unit_price: Number(row.unit_price),
  list_price: Number(row.list_price),
  prices: row.prices.map((price) => ({ ...price, unit_price: Number(price.unit_price) })),
});
