import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Changes after approval (issue 15 item 7, docs/decisions.md "Changes after approval"): an edit that
 * sends an approved requisition back for approval from level N voids the approvals of level N and
 * above. Their steps stay in the history as they were; `superseded_at` says since when they no longer
 * count. A superseded approval no longer excludes its approver from the requisition's open steps
 * (they decide the changed requisition again), so the trigger that fills `excluded_user_ids` skips it.
 */
const EXCLUSIONS = (superseded: boolean) => `
    CREATE OR REPLACE FUNCTION approval_steps_exclusions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action IS NULL AND cardinality(NEW.excluded_user_ids) = 0 THEN
        NEW.excluded_user_ids := ARRAY(
          SELECT r.requestor_id FROM requisitions r WHERE r.id = NEW.requisition_id
          UNION
          SELECT COALESCE(p.actioned_by_id, p.approver_id) FROM approval_steps p
           WHERE p.requisition_id = NEW.requisition_id AND p.action = 'approve'${superseded ? ' AND p.superseded_at IS NULL' : ''}
             AND COALESCE(p.actioned_by_id, p.approver_id) IS NOT NULL);
      END IF;
      RETURN NEW;
    END $$;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE approval_steps ADD COLUMN superseded_at timestamptz;
     ${EXCLUSIONS(true)}`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, `${EXCLUSIONS(false)}\n    ALTER TABLE approval_steps DROP COLUMN superseded_at;`);
}
