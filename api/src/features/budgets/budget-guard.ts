import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import {
  type BudgetOutcome,
  type BudgetPolicy,
  budgetPolicyOf,
  decideBudget,
} from '../../domain/budget-policy.js';
import { Conflict } from '../../domain/errors.js';
import { fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { budgetFigures } from './budget-figures.js';

/**
 * The budget check of submissions and approvals (issue 13, docs/decisions.md "Budgets (issue 13)"):
 * the cost centre's budget row of the current fiscal year is locked FOR UPDATE in the caller's
 * transaction before anything is read, so every submission and approval against one budget runs one
 * after another from the check to the commit; what one commits (or reserves) is seen by the next.
 */

/** What a budget check found: the policy, the outcome and the facts its message names. */
export interface BudgetCheckResult {
  policy: BudgetPolicy;
  outcome: BudgetOutcome;
  currency: string;
  costCenterCode: string;
  fiscalYear: number;
}

/**
 * Checks a requisition of `totalCents` against its cost centre's budget for the current fiscal year
 * under the organisation's policy. Available = allocated − committed − spent (DECISIONS §5), and, with
 * `reserve` (submissions), minus the requisitions under review of the cost centre other than this one:
 * they hold their place from their submission, so concurrent submissions cannot all pass. Under `warn`
 * nothing is locked or read. A cost centre without a budget for the year is not controlled.
 */
export async function checkBudgetLocked(
  db: Db,
  input: {
    organizationId: string;
    costCenterId: string;
    requisitionId: string;
    totalCents: number;
    reserve: boolean;
  },
  transaction: Transaction,
  now = new Date(),
): Promise<BudgetCheckResult> {
  const org = await selectOne<{
    settings: { budget_policy?: unknown } | null;
    fiscal_year_start: number;
    currency: string;
    code: string;
  }>(
    db,
    `SELECT o.settings, o.fiscal_year_start, o.currency, c.code
       FROM organizations o JOIN cost_centers c ON c.organization_id = o.id AND c.id = $2
      WHERE o.id = $1`,
    [input.organizationId, input.costCenterId],
    transaction,
  );
  const policy = budgetPolicyOf(org?.settings);
  const fiscalYear = fiscalYearOf(now, org?.fiscal_year_start ?? 1);
  const result = (outcome: BudgetOutcome, currency = org?.currency ?? 'AUD'): BudgetCheckResult => ({
    policy,
    outcome,
    currency,
    costCenterCode: org?.code ?? '',
    fiscalYear: fiscalYear.year,
  });
  if (!org || policy === 'warn') return result({ kind: 'ok' });

  const budget = await selectOne<{ id: string; currency: string }>(
    db,
    `SELECT b.id, b.currency FROM budgets b
      WHERE b.organization_id = $1 AND b.cost_center_id = $2 AND b.fiscal_year = $3
      FOR UPDATE OF b`,
    [input.organizationId, input.costCenterId, fiscalYear.year],
    transaction,
  );
  if (!budget) return result({ kind: 'ok' });
  // Read after the lock: each statement sees what the transactions before it committed.
  const figures = await budgetFigures(db, {
    organizationId: input.organizationId,
    fiscalYear,
    costCenterId: input.costCenterId,
    transaction,
  });
  let reservedCents = 0;
  if (input.reserve) {
    // The cost centre's requisitions under review from their maintained counter (migration
    // 2026.11.26T23.55.00: a few delta rows, where summing the rows read hundreds under the lock),
    // less this one's own amount should it be under review itself.
    const reserved = await selectOne<{ cents: string }>(
      db,
      `SELECT ((SELECT COALESCE(sum(d.n), 0) FROM counter_deltas d
                 WHERE d.organization_id = $1 AND d.key = 'reserved:' || $2::text)
             - COALESCE((SELECT round(COALESCE(r.base_total_amount, r.total_amount) * 100)
                           FROM requisitions r
                          WHERE r.id = $3 AND r.organization_id = $1 AND r.status = 'under_review'), 0)
             )::bigint::text AS cents`,
      [input.organizationId, input.costCenterId, input.requisitionId],
      transaction,
    );
    reservedCents = Number(reserved?.cents ?? 0);
  }
  const availableCents = figures.allocated - figures.committed - figures.spent - reservedCents;
  return result(
    decideBudget({ policy, availableCents, totalCents: input.totalCents }),
    budget.currency.trim(),
  );
}

/** An amount as the error messages show it (`$1,250.00` in AUD, like the screens). */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(fromCents(cents));
}

/**
 * The 409 `BUDGET_EXCEEDED` of a blocked submission or approval: the message names the available
 * amount; `details` carry it (`available`) and the overrun (`overrun`) as plain decimals.
 */
export function budgetExceeded(check: BudgetCheckResult, totalCents: number): Conflict {
  if (check.outcome.kind !== 'blocked') throw new Error('the budget check did not block');
  const { availableCents, overrunCents } = check.outcome;
  const available = formatMoney(Math.max(availableCents, 0), check.currency);
  return new Conflict(
    `This requisition exceeds the budget of cost center ${check.costCenterCode} for fiscal year ${check.fiscalYear}: ` +
      `${available} is available and the total is ${formatMoney(totalCents, check.currency)}.`,
    'BUDGET_EXCEEDED',
    [
      { field: 'available', message: (availableCents / 100).toFixed(2) },
      { field: 'overrun', message: (overrunCents / 100).toFixed(2) },
    ],
  );
}

/**
 * Keeps the outcome of a check on the requisition, for every approver to see: the overrun and what
 * was available when a Finance level is required; with `clear` (a (re)submission within budget) the
 * previous figures are removed.
 */
export async function recordBudgetCheck(
  db: Db,
  organizationId: string,
  requisitionId: string,
  outcome: BudgetOutcome,
  { clear }: { clear: boolean },
  transaction: Transaction,
): Promise<void> {
  if (outcome.kind === 'finance_required') {
    await execute(
      db,
      `UPDATE requisitions SET budget_overrun = $3, budget_available = $4, budget_checked_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [
        requisitionId,
        organizationId,
        (outcome.overrunCents / 100).toFixed(2),
        (outcome.availableCents / 100).toFixed(2),
      ],
      transaction,
    );
  } else if (clear) {
    await execute(
      db,
      `UPDATE requisitions SET budget_overrun = NULL, budget_available = NULL, budget_checked_at = NULL
        WHERE id = $1 AND organization_id = $2 AND budget_overrun IS NOT NULL`,
      [requisitionId, organizationId],
      transaction,
    );
  }
}
