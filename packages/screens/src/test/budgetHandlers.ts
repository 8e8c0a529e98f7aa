/**
 * Typed MSW handlers for Budget Management. One `createBudgetApi()` keeps its own budgets and policy
 * in memory, so a test or story that adds or edits a budget, or changes the policy, sees it on its
 * next read; a second budget for a cost centre and year answers 409 as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { uuid } from './adminFixtures';
import { http } from './handlers';
import { costCenters } from './requisitionFixtures';

type Budget = Schemas['Budget'];
type BudgetPolicy = Schemas['BudgetPolicy'];

/** The fiscal year the fixtures are in (the current calendar year: organisations start in January). */
export const BUDGET_YEAR = new Date().getUTCFullYear();

/** A budget with its figures; available and utilisation follow from them as the server computes them. */
export function buildBudget(
  n: number,
  costCenter: Schemas['CostCenter'],
  figures: { allocated: number; committed?: number; spent?: number; pending?: number; fiscal_year?: number },
): Budget {
  const committed = figures.committed ?? 0;
  const spent = figures.spent ?? 0;
  return {
    id: uuid(8000 + n),
    cost_center: costCenter,
    fiscal_year: figures.fiscal_year ?? BUDGET_YEAR,
    allocated: figures.allocated,
    committed,
    spent,
    pending: figures.pending ?? 0,
    available: Math.round((figures.allocated - committed - spent) * 100) / 100,
    utilization:
      figures.allocated > 0 ? Math.round(((committed + spent) / figures.allocated) * 10000) / 100 : 0,
    currency: 'AUD',
    updated_at: '2026-06-01T09:00:00.000Z',
  };
}

/** Two cost centres' budgets of the current year: one comfortable, one overspent. */
export function defaultBudgets(): Budget[] {
  const [operations, it] = costCenters as [Schemas['CostCenter'], Schemas['CostCenter']];
  return [
    buildBudget(1, operations, { allocated: 120000, committed: 42000, spent: 18000, pending: 6500 }),
    buildBudget(2, it, { allocated: 50000, committed: 31000, spent: 24500, pending: 1200 }),
  ];
}

/** Options of {@link createBudgetApi}. */
export interface BudgetApiOptions {
  budgets?: Budget[];
  policy?: BudgetPolicy;
}

/** The in-memory budgets API and the changes it received. */
export function createBudgetApi(options: BudgetApiOptions = {}) {
  const budgets = (options.budgets ?? defaultBudgets()).map((budget) => ({ ...budget }));
  let policy: BudgetPolicy = options.policy ?? 'require_finance';
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let next = 100;
  const recompute = (budget: Budget) =>
    Object.assign(budget, buildBudget(0, budget.cost_center, budget), { id: budget.id });

  const handlers = [
    http.get('/organizations/{id}/cost-centers', ({ response }) =>
      response(200).json({ cost_centers: costCenters }),
    ),
    http.get('/budgets/policy', ({ response }) => response(200).json({ budget_policy: policy })),
    http.put('/budgets/policy', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: '/budgets/policy', body });
      policy = body.budget_policy;
      return response(200).json({ budget_policy: policy });
    }),
    http.get('/budgets', ({ request, response }) => {
      const query = new URL(request.url).searchParams;
      const year = Number(query.get('fiscal_year') ?? BUDGET_YEAR);
      const limit = Number(query.get('limit') ?? 10);
      const offset = Number(query.get('offset') ?? 0);
      const ofYear = budgets
        .filter((budget) => budget.fiscal_year === year)
        .sort((a, b) => a.cost_center.code.localeCompare(b.cost_center.code));
      return response(200).json({
        budgets: ofYear.slice(offset, offset + limit),
        fiscal_year: year,
        pagination: { limit, offset, total: ofYear.length },
      });
    }),
    http.post('/budgets', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/budgets', body });
      const costCenter = costCenters.find((c) => c.id === body.cost_center_id);
      if (!costCenter) {
        const message = 'Cost center not found';
        return response(400).json({
          message,
          code: 'VALIDATION_FAILED',
          details: [{ field: 'cost_center_id', message }],
        });
      }
      if (budgets.some((b) => b.cost_center.id === costCenter.id && b.fiscal_year === body.fiscal_year)) {
        const message = 'This cost center already has a budget for that fiscal year';
        return response(409).json({
          message,
          code: 'CONFLICT',
          details: [{ field: 'fiscal_year', message }],
        });
      }
      next += 1;
      const budget = buildBudget(next, costCenter, {
        allocated: body.allocated,
        fiscal_year: body.fiscal_year,
      });
      budgets.push(budget);
      return response(201).json({ budget });
    }),
    http.patch('/budgets/{id}', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PATCH', path: `/budgets/${params.id}`, body });
      const budget = budgets.find((b) => b.id === params.id);
      if (!budget) return response(404).json({ message: 'Budget not found', code: 'NOT_FOUND', details: [] });
      budget.allocated = body.allocated;
      recompute(budget);
      return response(200).json({ budget });
    }),
  ];
  return { handlers, calls, budgets };
}

/** `GET /budgets` failing with a 500. */
export function budgetListFailureHandler() {
  return http.get('/budgets', ({ response }) =>
    response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] }),
  );
}

/** `GET /budgets` that never answers (loading state). */
export function budgetListPendingHandler() {
  return http.get('/budgets', async ({ response }) => {
    await delay('infinite');
    return response(200).json({
      budgets: [],
      fiscal_year: BUDGET_YEAR,
      pagination: { limit: 20, offset: 0, total: 0 },
    });
  });
}
