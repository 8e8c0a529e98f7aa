import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Budgets that hold (issue 13, docs/decisions.md "Budgets (issue 13)"):
 * - every organisation gets `settings.budget_policy`, `require_finance` unless it has one;
 * - a requisition keeps the overrun found at its last budget check (`budget_overrun`, the amount
 *   `budget_available` then, `budget_checked_at`), shown to every approver;
 * - an approval step records why it is there when the thresholds alone would not have put it there
 *   (`required_for = 'budget_overrun'`);
 * - requisitions under review are summed per cost centre (reserved against its budget) by an index.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    UPDATE organizations
       SET settings = jsonb_set(COALESCE(settings, '{}'::jsonb), '{budget_policy}', '"require_finance"')
     WHERE NOT (COALESCE(settings, '{}'::jsonb) ? 'budget_policy');
    ALTER TABLE requisitions
      ADD COLUMN budget_overrun numeric(14, 2) CHECK (budget_overrun > 0),
      ADD COLUMN budget_available numeric(14, 2),
      ADD COLUMN budget_checked_at timestamptz,
      ADD CONSTRAINT requisitions_budget_figures_check
        CHECK ((budget_overrun IS NULL) = (budget_available IS NULL)
               AND (budget_overrun IS NULL) = (budget_checked_at IS NULL));
    ALTER TABLE approval_steps
      ADD COLUMN required_for text CHECK (required_for IN ('budget_overrun'));
    CREATE INDEX requisitions_under_review_cost_center_idx
      ON requisitions (organization_id, cost_center_id) INCLUDE (total_amount) WHERE status = 'under_review';
    `,
  );
}

/** Drops the columns and the index, and the setting from every organisation. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP INDEX requisitions_under_review_cost_center_idx;
    ALTER TABLE approval_steps DROP COLUMN required_for;
    ALTER TABLE requisitions
      DROP CONSTRAINT requisitions_budget_figures_check,
      DROP COLUMN budget_overrun,
      DROP COLUMN budget_available,
      DROP COLUMN budget_checked_at;
    UPDATE organizations SET settings = settings - 'budget_policy' WHERE settings ? 'budget_policy';
    `,
  );
}
