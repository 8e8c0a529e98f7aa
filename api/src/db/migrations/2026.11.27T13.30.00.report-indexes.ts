import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Reports (issue 16, item 4; docs/decisions.md "Reports"): the approval cycle time reads the steps
 * decided in a period. Without this index it read every decided step of the organisation (the
 * existing decided-steps index leads with the person who decided). The decisions the report counts
 * only, with what it reads, so the period is one index-only range.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE INDEX approval_steps_decided_at_idx
       ON approval_steps (organization_id, actioned_at)
       INCLUDE (approval_level, level_title, actioned_by_id, created_at)
       WHERE action IN ('approve', 'reject', 'request_info');`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX approval_steps_decided_at_idx;');
}
