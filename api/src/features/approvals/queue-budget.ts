import type { components } from '@purchasing/contract';
import { selectOne } from '../../db-query.js';
import { fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { budgetFiguresOfCostCenters } from '../budgets/budget-figures.js';

type PendingApprovalView = components['schemas']['PendingApproval'];

/**
 * Each open step's budget position (issue 15 item 3): what its cost centre's budget of the current
 * fiscal year has available now (allocated − committed − spent, the approval's own check in
 * docs/decisions.md "Budgets": requisitions under review reserve only at submission) and what would
 * be left after this requisition's base total. Null for a cost centre without a budget for the year.
 * Two statements whatever the page holds: the organisation's fiscal year, then every cost centre's
 * figures at once.
 */
export async function withBudgetPositions(
  db: Db,
  organizationId: string,
  items: PendingApprovalView[],
): Promise<PendingApprovalView[]> {
  const open = items.filter((item) => item.action === null);
  if (open.length === 0) return items;
  const org = await selectOne<{ fiscal_year_start: number; currency: string }>(
    db,
    'SELECT o.fiscal_year_start, o.currency FROM organizations o WHERE o.id = $1',
    [organizationId],
  );
  const fiscalYear = fiscalYearOf(new Date(), org?.fiscal_year_start ?? 1);
  const costCenters = [...new Set(open.map((item) => item.requisition.cost_center_id))];
  const figures = await budgetFiguresOfCostCenters(db, {
    organizationId,
    fiscalYear,
    costCenterIds: costCenters,
  });
  const available = new Map(
    [...figures].map(([costCenterId, f]) => [costCenterId, f.allocated - f.committed - f.spent]),
  );
  return items.map((item) => {
    if (item.action !== null) return item;
    const { requisition } = item;
    const cents = available.get(requisition.cost_center_id);
    if (cents === undefined) return { ...item, budget_position: null };
    const total = toCents(requisition.base_total_amount ?? requisition.total_amount);
    return {
      ...item,
      budget_position: {
        fiscal_year: fiscalYear.year,
        currency: org?.currency ?? requisition.currency,
        available_amount: Number(fromCents(cents)),
        available_after_amount: Number(fromCents(cents - total)),
      },
    };
  });
}
