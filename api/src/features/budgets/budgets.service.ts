import type { components } from '@purchasing/contract';
import { selectOne } from '../../db-query.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import { fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents, MAX_CENTS } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { budgetFigures } from './budget-figures.js';

type BudgetCheck = components['schemas']['BudgetCheck'];

/**
 * A cost centre's budget position for the organisation's current fiscal year and whether `amount`
 * fits in what is available (DECISIONS §5): available = allocated − committed − spent (negative when
 * overspent), within_budget = amount ≤ available. Allocated is 0 when no budget is set. A cost
 * centre that is not the organisation's answers 404. Budgets count in the base currency: an amount in
 * another `currency` is converted at that currency's rate in effect today (UTC), rounded half up to
 * the cent as a submission today would (409 `EXCHANGE_RATE_MISSING` when none is in effect).
 */
export async function checkBudget(
  db: Db,
  organizationId: string,
  query: { costCenterId: string; amount: number; currency?: string },
  now = new Date(),
): Promise<BudgetCheck> {
  const context = await selectOne<{
    fiscal_year_start: number;
    currency: BudgetCheck['currency'];
    today: string;
    rate: string | null;
    base_cents: string | null;
  }>(
    db,
    `SELECT o.fiscal_year_start, o.currency, to_char(t.today, 'YYYY-MM-DD') AS today, x.rate,
            round($4::numeric * x.rate * 100) AS base_cents
       FROM organizations o
       JOIN cost_centers c ON c.organization_id = o.id AND c.id = $2
      CROSS JOIN LATERAL (SELECT ($5::timestamptz AT TIME ZONE 'UTC')::date AS today) t
       LEFT JOIN LATERAL (
         SELECT 1::numeric AS rate WHERE $3::text IS NULL OR $3::text = o.currency
         UNION ALL
         (SELECT e.rate FROM exchange_rates e
           WHERE e.organization_id = o.id AND e.currency = $3::text AND $3::text <> o.currency
             AND e.effective_from <= t.today
           ORDER BY e.effective_from DESC LIMIT 1)
       ) x ON true
      WHERE o.id = $1`,
    [organizationId, query.costCenterId, query.currency ?? null, query.amount, now.toISOString()],
  );
  if (!context) throw new NotFound('Cost center');
  const currency = query.currency ?? context.currency;
  if (context.rate === null) {
    throw new Conflict(
      `No exchange rate from ${currency} to ${context.currency} is in effect on ${context.today}, so this ` +
        `amount cannot be checked against the budget.`,
      'EXCHANGE_RATE_MISSING',
      [
        {
          field: 'currency',
          message: `No ${currency} to ${context.currency} rate is in effect on ${context.today}`,
        },
      ],
    );
  }
  const converted = currency !== context.currency;
  const amountCents = Number(context.base_cents);
  if (amountCents > MAX_CENTS) {
    throw new Conflict(
      `This amount is too large once converted to ${context.currency}.`,
      'BASE_AMOUNT_TOO_LARGE',
      [{ field: 'amount', message: `The amount in ${context.currency} exceeds the largest amount` }],
    );
  }
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
    within_budget: amountCents <= available,
    fiscal_year: fiscalYear.year,
    currency: context.currency,
    amount_in_base: fromCents(amountCents),
    exchange_rate: converted ? Number(context.rate) : null,
  };
}
