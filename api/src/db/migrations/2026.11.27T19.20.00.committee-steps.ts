import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Committees (N of M, issue 15 item 6; docs/decisions.md "Committees"): a committee level opens one
 * step per eligible member, each marked with `required_approvals` (N ≥ 2), all open at once. The
 * "one open step per requisition" index now holds for every other step, and a committee member has
 * at most one open step of a requisition.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE approval_steps ADD COLUMN required_approvals integer
       CONSTRAINT approval_steps_required_approvals_check CHECK (required_approvals >= 2);
     DROP INDEX approval_steps_one_open_per_requisition;
     CREATE UNIQUE INDEX approval_steps_one_open_per_requisition
       ON approval_steps (organization_id, requisition_id) WHERE action IS NULL AND required_approvals IS NULL;
     CREATE UNIQUE INDEX approval_steps_one_open_per_member
       ON approval_steps (organization_id, requisition_id, approver_id)
       WHERE action IS NULL AND required_approvals IS NOT NULL;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DELETE FROM approval_steps WHERE action IS NULL AND required_approvals IS NOT NULL;
     DROP INDEX approval_steps_one_open_per_member;
     DROP INDEX approval_steps_one_open_per_requisition;
     CREATE UNIQUE INDEX approval_steps_one_open_per_requisition
       ON approval_steps (organization_id, requisition_id) WHERE action IS NULL;
     ALTER TABLE approval_steps DROP COLUMN required_approvals;`,
  );
}
