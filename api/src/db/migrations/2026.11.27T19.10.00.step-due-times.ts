import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Reminders and escalation (issue 15 item 5, docs/decisions.md "Reminders and escalation"): an
 * approval step of a level with a due time records when it is due (`due_at`) and when its holder is
 * reminded (`remind_at`), both computed when it opens (api/src/domain/working-days.ts); the periodic
 * job (api/src/features/approvals/escalation-job.ts) records that it reminded (`reminded_at`) and
 * escalated (`escalated_at`) so that each happens once. A step's hand-over copy (delegation, out of
 * office, escalation) keeps all four: the deadline belongs to the level, not to its holder.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE approval_steps
       ADD COLUMN due_at timestamptz,
       ADD COLUMN remind_at timestamptz,
       ADD COLUMN reminded_at timestamptz,
       ADD COLUMN escalated_at timestamptz,
       ADD CONSTRAINT approval_steps_remind_before_due CHECK (remind_at IS NULL OR (due_at IS NOT NULL AND remind_at <= due_at));
     CREATE INDEX approval_steps_open_due_idx ON approval_steps (due_at)
       WHERE action IS NULL AND due_at IS NOT NULL;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DROP INDEX approval_steps_open_due_idx;
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_remind_before_due,
       DROP COLUMN due_at, DROP COLUMN remind_at, DROP COLUMN reminded_at, DROP COLUMN escalated_at;`,
  );
}
