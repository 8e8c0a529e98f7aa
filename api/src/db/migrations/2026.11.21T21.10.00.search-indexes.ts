import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Trigram indexes for the requestor part of the requisition search (name or email, `ILIKE '%term%'`),
 * so a search finds its requestors without reading every user (docs/query-plans.md).
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE INDEX users_full_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
    CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX users_email_trgm_idx; DROP INDEX users_full_name_trgm_idx;');
}
