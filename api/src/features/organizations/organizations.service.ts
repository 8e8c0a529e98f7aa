import type { components } from '@purchasing/contract';
import { select, selectOne } from '../../db-query.js';
import { budgetUtilization, calendarMonthOf, fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents } from '../../domain/money.js';
import type { Db, OrganizationScope } from '../../http/context.js';
import { pendingCounterKeys, pendingFromCounters } from '../approvals/approval-queue.js';
import { budgetFiguresWithCounters } from '../budgets/budget-figures.js';
import { monthKeys } from '../counters.js';

type Organization = components['schemas']['Organization'];
type OrganizationSummary = components['schemas']['OrganizationSummary'];
type CostCenter = components['schemas']['CostCenter'];
type GlAccount = components['schemas']['GlAccount'];

/** Organisations in which the user has an active membership, by name. */
export async function listOrganizations(db: Db, userId: string): Promise<Organization[]> {
  return select<Organization>(
    db,
    `SELECT o.id, o.name, o.code, o.address, o.phone, o.website, o.fiscal_year_start, o.fiscal_year_end,
            o.currency, o.settings
       FROM organizations o
       JOIN user_organizations m ON m.organization_id = o.id AND m.user_id = $1 AND m.is_active
      WHERE o.is_active
      ORDER BY o.name`,
    [userId],
  );
}

/**
 * The dashboard's four figures (DECISIONS §5): open approval steps waiting for the caller, the
 * caller's requisitions, orders sent this calendar month, and (spent + committed) / allocated for
 * the current fiscal year. All but the allocation come from the maintained counters, so the
 * dashboard costs the same in an organisation of a million requisitions as in a new one.
 */
export async function organizationSummary(
  db: Db,
  scope: OrganizationScope,
  userId: string,
  now = new Date(),
): Promise<OrganizationSummary> {
  const org = await selectOne<{ fiscal_year_start: number }>(
    db,
    'SELECT fiscal_year_start FROM organizations WHERE id = $1',
    [scope.organizationId],
  );
  const fiscalYear = fiscalYearOf(now, org?.fiscal_year_start ?? 1);
  const month = calendarMonthOf(now);
  const monthKey = monthKeys(month.start, month.end)[0] ?? '';
  const actor = { userId, scope };
  const queue = pendingCounterKeys(actor);
  const mine = `req:by:${userId}`;
  const spend = `spend:${monthKey}`;
  // The figures and every counter the tiles read, in one statement.
  const { figures: budget, counters } = await budgetFiguresWithCounters(
    db,
    { organizationId: scope.organizationId, fiscalYear },
    [...queue.plus, ...queue.minus, mine, spend],
  );
  return {
    pending_approvals: pendingFromCounters(actor, counters),
    my_requisitions: counters.get(mine) ?? 0,
    total_spend_this_month: fromCents(counters.get(spend) ?? 0),
    budget_utilization: budgetUtilization(
      fromCents(budget.allocated),
      fromCents(budget.spent),
      fromCents(budget.committed),
    ),
  };
}
/** Active cost centres of the organisation, by code. */
export function listCostCenters(db: Db, organizationId: string): Promise<CostCenter[]> {
  return select<CostCenter>(
    db,
    'SELECT id, code, name FROM cost_centers WHERE organization_id = $1 AND is_active ORDER BY code',
    [organizationId],
  );
}

/** Active GL accounts of the organisation, by code. */
export function listGlAccounts(db: Db, organizationId: string): Promise<GlAccount[]> {
  return select<GlAccount>(
    db,
    'SELECT id, code, name FROM gl_accounts WHERE organization_id = $1 AND is_active ORDER BY code',
    [organizationId],
  );
}
