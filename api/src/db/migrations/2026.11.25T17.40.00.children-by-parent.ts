import { type MigrationContext, runSql } from '../migrator.js';

/**
 * A requisition's lines, an order's lines, a requisition's orders and a record's attachments found by
 * the parent's id alone (issue 12).
 *
 * The tenant keys (2026.11.25T10.20.01) put `organization_id` first in the keys these lookups used,
 * `(organization_id, requisition_id, position)` and the like. The presenters and services look
 * children up by the parent's id (`c.requisition_id = r.id`), and row-level security's
 * `organization_id = COALESCE(current, organization_id)` cannot serve the leading column, so every
 * lookup read the whole key index: at 1M requisitions a page of the list counted each row's lines
 * in 186 ms (1.9 s a page; 4 requests a second where 1,450 were measured before), and the detail
 * took 0.96 s. Measured and fixed the same day; api/test/tenant-keys.test.ts now asks every
 * foreign key between tenant tables for an index that leads with its own column.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE INDEX requisition_line_items_requisition_idx ON requisition_line_items (requisition_id);
     CREATE INDEX po_line_items_purchase_order_idx ON po_line_items (purchase_order_id);
     CREATE INDEX purchase_orders_requisition_idx ON purchase_orders (requisition_id);
     CREATE INDEX attachments_entity_id_idx ON attachments (entity_id);`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DROP INDEX requisition_line_items_requisition_idx;
     DROP INDEX po_line_items_purchase_order_idx;
     DROP INDEX purchase_orders_requisition_idx;
     DROP INDEX attachments_entity_id_idx;`,
  );
}
