import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Awaiting notifications settle (issue 15 items 1 and 6; docs/decisions.md "Awaiting notifications
 * settle"): every decision, delegation or move of a requisition's step marks read the unread
 * "awaiting your decision" notifications about it of the people who can no longer act. That update
 * finds them by requisition among the unread, from this index, whatever the number of notifications.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE INDEX notifications_unread_requisition_idx
       ON notifications (organization_id, requisition_id) WHERE read_at IS NULL;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP INDEX notifications_unread_requisition_idx;');
}
