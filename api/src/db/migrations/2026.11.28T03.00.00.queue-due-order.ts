import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The approval queue's "Due soonest" order (`GET /approvals/pending?sort=due`, issue 15 item 5): a
 * person's open steps and a role group's, in the order `(COALESCE(due_at, 'infinity'), created_at,
 * id)`, so that each branch of the queue reads its page from the index in order and stops after it,
 * as the oldest-first order does from `approval_steps_open_approver_idx` / `_open_group_idx`
 * (docs/query-plans.md "Due soonest").
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE INDEX approval_steps_open_approver_due_idx
       ON approval_steps (organization_id, approver_id, (COALESCE(due_at, 'infinity'::timestamptz)), created_at, id)
       WHERE action IS NULL;
     CREATE INDEX approval_steps_open_group_due_idx
       ON approval_steps (organization_id, approver_role_name, (COALESCE(due_at, 'infinity'::timestamptz)), created_at, id)
       WHERE action IS NULL AND approver_id IS NULL;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DROP INDEX approval_steps_open_group_due_idx;
     DROP INDEX approval_steps_open_approver_due_idx;`,
  );
}
