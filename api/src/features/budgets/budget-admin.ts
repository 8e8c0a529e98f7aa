import type { components } from '@purchasing/contract';
import { execute, select, selectOne } from '../../db-query.js';
import { type BudgetPolicy, budgetPolicyOf } from '../../domain/budget-policy.js';
import { Conflict, NotFound, ValidationFailed } from '../../domain/errors.js';
import { budgetUtilization, type FiscalYear, fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { monthKeys } from '../counters.js';
import { isUniqueViolation } from '../roles/access.js';

type BudgetView = components['schemas']['Budget'];
type Pagination = components['schemas']['Pagination'];

/**
 * Budget administration (issue 13): the budgets of a fiscal year with where each stands, their
 * creation and allocation changes, and the organisation's budget policy. Every query is scoped to
 * the organisation; committed and spent come from the maintained counters per cost centre (DECISIONS
 * §5, the same figures as `GET /budgets/check`), pending from the requisitions under review.
 */

interface BudgetRow {
  id: string;
  cost_center: BudgetView['cost_center'];
  fiscal_year: number;
  allocated: string;
  committed: string | null;
  spent: string | null;
  pending: string | null;
  currency: string;
  updated_at: Date | string;
}

/**
 * The budget columns of `budgets b` joined with `cost_centers cc`, for fiscal year months `$months`
 * (a text[] bind position): committed and spent summed from the counters of its cost centre.
 */
const columns = (months: string) => `
  b.id, json_build_object('id', cc.id, 'code', cc.code, 'name', cc.name) AS cost_center, b.fiscal_year,
  b.allocated_amount AS allocated, trim(b.currency) AS currency, b.updated_at,
  (SELECT sum(t.n) FROM counter_deltas t WHERE t.organization_id = b.organization_id
      AND t.key = ANY (ARRAY(SELECT 'committed:' || b.cost_center_id || ':' || m FROM unnest(${months}::text[]) m))
  )::text AS committed,
  (SELECT sum(t.n) FROM counter_deltas t WHERE t.organization_id = b.organization_id
      AND t.key = ANY (ARRAY(SELECT 'spent:' || b.cost_center_id || ':' || m FROM unnest(${months}::text[]) m))
  )::text AS spent,
  (SELECT sum(r.total_amount) FROM requisitions r WHERE r.organization_id = b.organization_id
      AND r.cost_center_id = b.cost_center_id AND r.status = 'under_review')::text AS pending`;

/** A row as the contract shapes it; available and utilisation computed here, in cents. */
function present(row: BudgetRow): BudgetView {
  const allocated = toCents(row.allocated);
  // Counters hold cents; pending is a sum of amounts.
  const committed = Number(row.committed ?? 0);
  const spent = Number(row.spent ?? 0);
  return {
    id: row.id,
    cost_center: row.cost_center,
    fiscal_year: row.fiscal_year,
    allocated: fromCents(allocated),
    committed: fromCents(committed),
    spent: fromCents(spent),
    pending: fromCents(toCents(row.pending ?? 0)),
    available: fromCents(allocated - committed - spent),
    utilization: budgetUtilization(allocated, spent, committed),
    currency: row.currency as BudgetView['currency'],
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function organizationOf(db: Db, organizationId: string) {
  const row = await selectOne<{ fiscal_year_start: number; currency: string; settings: object | null }>(
    db,
    'SELECT fiscal_year_start, currency, settings FROM organizations WHERE id = $1',
    [organizationId],
  );
  if (!row) throw new NotFound('Organization');
  return row;
}

/** The fiscal year starting in calendar year `year` for an organisation starting it in `startMonth`. */
export function fiscalYearStarting(year: number, startMonth: number): FiscalYear {
  return fiscalYearOf(new Date(Date.UTC(year, startMonth - 1, 1)), startMonth);
}

/** One budget of the organisation, presented; null when there is none. */
async function readBudget(db: Db, organizationId: string, id: string): Promise<BudgetView | null> {
  const org = await organizationOf(db, organizationId);
  const budget = await selectOne<{ fiscal_year: number }>(
    db,
    'SELECT fiscal_year FROM budgets WHERE id = $1 AND organization_id = $2',
    [id, organizationId],
  );
  if (!budget) return null;
  const year = fiscalYearStarting(budget.fiscal_year, org.fiscal_year_start);
  const row = await selectOne<BudgetRow>(
    db,
    `SELECT ${columns('$3')} FROM budgets b JOIN cost_centers cc ON cc.id = b.cost_center_id
      WHERE b.id = $1 AND b.organization_id = $2`,
    [id, organizationId, monthKeys(year.start, year.end)],
  );
  return row ? present(row) : null;
}

/** The budgets of `fiscal_year` (default: the current one), by cost centre code, a page at a time. */
export async function listBudgets(
  db: Db,
  organizationId: string,
  query: { fiscal_year?: number; limit?: number; offset?: number },
  now = new Date(),
): Promise<{ budgets: BudgetView[]; fiscal_year: number; pagination: Pagination }> {
  const org = await organizationOf(db, organizationId);
  const year = query.fiscal_year
    ? fiscalYearStarting(query.fiscal_year, org.fiscal_year_start)
    : fiscalYearOf(now, org.fiscal_year_start);
  const limit = query.limit ?? 10;
  const offset = query.offset ?? 0;
  const rows = await select<BudgetRow & { total: number }>(
    db,
    `SELECT ${columns('$3')}, count(*) OVER ()::int AS total
       FROM budgets b JOIN cost_centers cc ON cc.id = b.cost_center_id
      WHERE b.organization_id = $1 AND b.fiscal_year = $2
      ORDER BY cc.code, b.id LIMIT $4 OFFSET $5`,
    [organizationId, year.year, monthKeys(year.start, year.end), limit, offset],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const count = await selectOne<{ n: number }>(
      db,
      'SELECT count(*)::int AS n FROM budgets WHERE organization_id = $1 AND fiscal_year = $2',
      [organizationId, year.year],
    );
    total = count?.n ?? 0;
  }
  return {
    budgets: rows.map(({ total: _total, ...row }) => present(row)),
    fiscal_year: year.year,
    pagination: { limit, offset, total },
  };
}

/**
 * Creates the budget of a cost centre of the organisation for a fiscal year, in the organisation's
 * currency: 400 naming `cost_center_id` for a cost centre that is not the organisation's, 409 when the
 * cost centre has a budget for that year already.
 */
export async function createBudget(
  db: Db,
  organizationId: string,
  input: { cost_center_id: string; fiscal_year: number; allocated: number },
): Promise<BudgetView> {
  const costCenter = await selectOne<{ id: string }>(
    db,
    'SELECT id FROM cost_centers WHERE id = $1 AND organization_id = $2',
    [input.cost_center_id, organizationId],
  );
  if (!costCenter) {
    throw new ValidationFailed('Cost center not found', [
      { field: 'cost_center_id', message: 'Cost center not found' },
    ]);
  }
  let id: string;
  try {
    const row = await selectOne<{ id: string }>(
      db,
      `INSERT INTO budgets (organization_id, cost_center_id, fiscal_year, allocated_amount, currency)
       SELECT $1, $2, $3, $4, o.currency FROM organizations o WHERE o.id = $1
       RETURNING id`,
      [organizationId, input.cost_center_id, input.fiscal_year, (toCents(input.allocated) / 100).toFixed(2)],
    );
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error, 'budgets_cost_center_fiscal_year_key')) {
      throw new Conflict('This cost center already has a budget for that fiscal year', 'CONFLICT', [
        { field: 'fiscal_year', message: 'This cost center already has a budget for that fiscal year' },
      ]);
    }
    throw error;
  }
  return (await readBudget(db, organizationId, id))!;
}

/**
 * Changes a budget's allocation (404 for another organisation's). The UPDATE takes the row lock that
 * submissions and approvals take, so a check never reads an allocation half-changed.
 */
export async function updateBudget(
  db: Db,
  organizationId: string,
  id: string,
  input: { allocated: number },
): Promise<BudgetView> {
  const row = await selectOne<{ id: string }>(
    db,
    `UPDATE budgets SET allocated_amount = $3, updated_at = now()
      WHERE id = $1 AND organization_id = $2 RETURNING id`,
    [id, organizationId, (toCents(input.allocated) / 100).toFixed(2)],
  );
  if (!row) throw new NotFound('Budget');
  return (await readBudget(db, organizationId, id))!;
}

/** The organisation's budget policy (`require_finance` when it never chose one). */
export async function getBudgetPolicy(db: Db, organizationId: string): Promise<BudgetPolicy> {
  return budgetPolicyOf((await organizationOf(db, organizationId)).settings);
}

/** Sets the organisation's budget policy in its settings. */
export async function setBudgetPolicy(
  db: Db,
  organizationId: string,
  policy: BudgetPolicy,
): Promise<BudgetPolicy> {
  await execute(
    db,
    `UPDATE organizations SET settings = jsonb_set(settings, '{budget_policy}', to_jsonb($2::text)), updated_at = now()
      WHERE id = $1`,
    [organizationId, policy],
  );
  return getBudgetPolicy(db, organizationId);
}
