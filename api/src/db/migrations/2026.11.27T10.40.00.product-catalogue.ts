import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The products catalogue (issue 16 item 2, docs/decisions.md "Products"): a category, names and SKUs
 * unique in the organisation whatever their case and surrounding blanks (409 PRODUCT_NAME_TAKEN /
 * PRODUCT_SKU_TAKEN), and `product_prices`: each vendor's price of a product over a window of days
 * (`effective_to` inclusive, NULL while open). Names or SKUs repeated before this migration get a
 * numbered suffix, so the unique indexes can be built.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const PRODUCT_TABLES = ['product_prices'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE products
       ADD COLUMN category text CHECK (category IS NULL OR (btrim(category) <> '' AND length(category) <= 100))`,
  );
  for (const column of ['name', 'sku']) {
    await runSql(
      ctx,
      `UPDATE products p SET ${column} = left(p.${column}, ${column === 'name' ? 190 : 56}) || ' (' || d.n || ')'
         FROM (SELECT id, row_number() OVER (PARTITION BY organization_id, lower(btrim(${column})) ORDER BY created_at, id) AS n
                 FROM products WHERE ${column} IS NOT NULL) d
        WHERE d.id = p.id AND d.n > 1`,
    );
  }
  await runSql(
    ctx,
    `DROP INDEX IF EXISTS products_organization_sku_key;
     CREATE UNIQUE INDEX products_organization_name_key ON products (organization_id, lower(btrim(name)));
     CREATE UNIQUE INDEX products_organization_sku_key ON products (organization_id, lower(btrim(sku)))
       WHERE sku IS NOT NULL;

     CREATE TABLE product_prices (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       product_id uuid NOT NULL,
       vendor_id uuid NOT NULL,
       unit_price numeric(14, 2) NOT NULL CHECK (unit_price >= 0),
       currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
       effective_from date NOT NULL,
       effective_to date CHECK (effective_to IS NULL OR effective_to >= effective_from),
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT product_prices_pkey PRIMARY KEY (organization_id, id),
       CONSTRAINT product_prices_product_fkey FOREIGN KEY (organization_id, product_id)
         REFERENCES products (organization_id, id) ON DELETE CASCADE,
       CONSTRAINT product_prices_vendor_fkey FOREIGN KEY (organization_id, vendor_id)
         REFERENCES vendors (organization_id, id) ON DELETE CASCADE
     );
     CREATE INDEX product_prices_product_idx ON product_prices (product_id, vendor_id, effective_from);
     CREATE INDEX product_prices_vendor_idx ON product_prices (vendor_id);
     ALTER TABLE product_prices ENABLE ROW LEVEL SECURITY;
     ALTER TABLE product_prices FORCE ROW LEVEL SECURITY;
     CREATE POLICY organization_isolation ON product_prices USING ${RULE} WITH CHECK ${RULE};`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DROP TABLE product_prices;
     DROP INDEX IF EXISTS products_organization_name_key;
     DROP INDEX IF EXISTS products_organization_sku_key;
     CREATE UNIQUE INDEX products_organization_sku_key ON products (organization_id, sku) WHERE sku IS NOT NULL;
     ALTER TABLE products DROP COLUMN category;`,
  );
}
