import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The requisition list filtered by category, in its order (issue 12), like status and cost centre:
 * without it a page of a rare category read the date index newest first and skipped every newer
 * requisition of another category (12.8 ms for "capital" once 6,700 standard requisitions had been
 * created on top of the 1M benchmark's data).
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE INDEX requisitions_organization_category_idx
       ON requisitions (organization_id, category, created_at DESC, id DESC);`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX requisitions_organization_category_idx;');
}
