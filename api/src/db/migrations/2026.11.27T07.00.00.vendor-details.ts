import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Vendors (issue 16 item 1): a tax or business number and the currency the vendor quotes in (null:
 * the organisation's base currency), and a name unique in the organisation whatever its case, which
 * the create and edit calls answer as 409 VENDOR_NAME_TAKEN. Names repeated before this migration
 * (none in the demo data) get a numbered suffix, so the unique index can be built.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE vendors
       ADD COLUMN tax_number text CHECK (tax_number IS NULL OR (btrim(tax_number) <> '' AND length(tax_number) <= 50)),
       ADD COLUMN currency char(3) CHECK (currency IS NULL OR currency ~ '^[A-Z]{3}$')`,
  );
  await runSql(
    ctx,
    `UPDATE vendors v SET name = left(v.name, 190) || ' (' || d.n || ')'
       FROM (SELECT id, row_number() OVER (PARTITION BY organization_id, lower(btrim(name)) ORDER BY created_at, id) AS n
               FROM vendors) d
      WHERE d.id = v.id AND d.n > 1`,
  );
  await runSql(ctx, 'DROP INDEX IF EXISTS vendors_organization_name_idx');
  await runSql(
    ctx,
    'CREATE UNIQUE INDEX vendors_organization_name_key ON vendors (organization_id, lower(btrim(name)))',
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX IF EXISTS vendors_organization_name_key');
  await runSql(ctx, 'CREATE INDEX vendors_organization_name_idx ON vendors (organization_id, lower(name))');
  await runSql(ctx, 'ALTER TABLE vendors DROP COLUMN tax_number, DROP COLUMN currency');
}
