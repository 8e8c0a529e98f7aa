import { type MigrationContext, runSql } from '../migrator.js';

/**
 * A line's tax may be stated as a rate (issue 19, item 9; docs/decisions.md "Line tax"): `tax_rate`
 * is a percentage (10 for 10 %) from 0 to 100 with 3 decimal places, null when the tax was given as
 * an amount. When it is set, the line's `tax_amount` is the rate applied to quantity × unit price,
 * rounded half up to the cent (PostgreSQL's `round` on numeric), and the database checks it, as it
 * checks the line total. Purchase order lines copy the rate with the amount.
 */
const TABLES = ['requisition_line_items', 'po_line_items'] as const;

export async function up(ctx: MigrationContext): Promise<void> {
  for (const table of TABLES) {
    await runSql(
      ctx,
      `ALTER TABLE ${table}
         ADD COLUMN tax_rate numeric(6, 3) CHECK (tax_rate >= 0 AND tax_rate <= 100),
         ADD CONSTRAINT ${table}_tax_from_rate_check
           CHECK (tax_rate IS NULL OR tax_amount = round(quantity * unit_price * tax_rate / 100, 2))`,
    );
  }
}

export async function down(ctx: MigrationContext): Promise<void> {
  for (const table of TABLES) {
    await runSql(
      ctx,
      `ALTER TABLE ${table} DROP CONSTRAINT ${table}_tax_from_rate_check, DROP COLUMN tax_rate`,
    );
  }
}
