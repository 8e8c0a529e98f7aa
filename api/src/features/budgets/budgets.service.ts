import type { components } from '@purchasing/api-client';
import { selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import { fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { budgetFigures } from './budget-figures.js';

type BudgetCheck = components['schemas']['BudgetCheck'];

/**
 * A cost centre's budget position for the organisation's current fiscal year and whether `amount`
 * fits in what is available (DECISIONS §5): available = allocated − committed − spent (negative when
 * overspent), within_budget = amount ≤ available. Allocated is 0 when no budget is set. A cost
 * centre that is not the organisation's answers 404.
 */
export async function checkBudget(
  db: Db,
  organizationId: string,
  query: { costCenterId: string; amount: number },
  now = new Date(),
): Promise<BudgetCheck> {
  const context = await selectOne<{ fiscal_year_start: number; currency: BudgetCheck['currency'] }>(
    db,
    `SELECT o.fiscal_year_start, o.currency
       FROM organizations o
       JOIN cost_centers c ON c.organization_id = o.id AND c.id = $2
      WHERE o.id = $1`,
    [organizationId, query.costCenterId],
  );
  if (!context) throw new NotFound('Cost center');
  const fiscalYear = fiscalYearOf(now, context.fiscal_year_start);
  const figures = await budgetFigures(db, {
    organizationId,
    fiscalYear,
    costCenterId: query.costCenterId,
  });
  const available = figures.allocated - figures.committed - figures.spent;
  return {
    allocated: fromCents(figures.allocated),
    spent: fromCents(figures.spent),
    committed: fromCents(figures.committed),
    available: fromCents(available),
    within_budget: toCents(query.amount) <= available,
    fiscal_year: fiscalYear.year,
    currency: context.currency,
  };
}
