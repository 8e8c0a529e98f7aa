import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Committee answers (issue 15 items 2, 6, 8; docs/decisions.md "Closed seats and any-one-of levels").
 *
 * - A seat (a committee member's step) that another member's decision made unnecessary is kept, with
 *   action `closed` (its time in `actioned_at`, nobody in `actioned_by_id`), instead of being deleted:
 *   its member's API call and emailed links can then say what the committee decided.
 * - `required_approvals` may be 1: a named-users level needing one approval opens a seat to every
 *   eligible named user (the first to act decides).
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_action_check;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_action_check
       CHECK (action IN ('approve', 'auto_approve', 'reject', 'request_info', 'delegate', 'closed'));
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_closed_seat_check
       CHECK (action <> 'closed' OR (required_approvals IS NOT NULL AND actioned_by_id IS NULL));
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_required_approvals_check;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_required_approvals_check
       CHECK (required_approvals >= 1);`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DELETE FROM approval_steps WHERE action = 'closed';
     DELETE FROM approval_steps WHERE required_approvals = 1 AND action IS NULL;
     UPDATE approval_steps SET required_approvals = NULL WHERE required_approvals = 1;
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_closed_seat_check;
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_action_check;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_action_check
       CHECK (action IN ('approve', 'auto_approve', 'reject', 'request_info', 'delegate'));
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_required_approvals_check;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_required_approvals_check
       CHECK (required_approvals >= 2);`,
  );
}
