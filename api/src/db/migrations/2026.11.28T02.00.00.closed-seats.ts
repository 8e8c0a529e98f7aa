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

/**
 * Back to the earlier schema without touching open work. Closed seats go, as the earlier code removed
 * them when their level was decided (their email links with them: those then answer "not found", as
 * before). A decided step of an any-one-of level (N = 1) becomes a plain step (`required_approvals`
 * NULL), as the earlier code wrote it. Open N = 1 seats are kept as they are: they are someone's
 * pending decision, and the earlier code decides them as a committee needing one approval (the first
 * approval closes the level). So `required_approvals >= 2` comes back only when no such seat is open;
 * while one is, the check stays `>= 1` (a notice says so) and the next `up` replaces it either way.
 */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DELETE FROM approval_steps WHERE action = 'closed';
     UPDATE approval_steps SET required_approvals = NULL WHERE required_approvals = 1 AND action IS NOT NULL;
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_closed_seat_check;
     ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_action_check;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_action_check
       CHECK (action IN ('approve', 'auto_approve', 'reject', 'request_info', 'delegate'));
     DO $$
     BEGIN
       IF EXISTS (SELECT 1 FROM approval_steps WHERE required_approvals = 1) THEN
         RAISE NOTICE 'closed-seats down: open any-one-of seats kept; required_approvals check stays >= 1';
       ELSE
         ALTER TABLE approval_steps DROP CONSTRAINT approval_steps_required_approvals_check;
         ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_required_approvals_check
           CHECK (required_approvals >= 2);
       END IF;
     END $$;`,
  );
}
