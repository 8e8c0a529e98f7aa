import type { components, operations, paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

/**
 * The filters of `GET /budgets`: `fiscal_year` (left out: the current fiscal year, which the answer
 * names as `fiscal_year`), `limit` and `offset`.
 */
export type BudgetListFilters = NonNullable<operations['listBudgets']['parameters']['query']>;

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/**
 * Query keys of an organisation's budgets, under `queryKeys.organization(id)` like every
 * organisation-scoped key. Invalidate `budgetKeys.all(org)` after a budget or the budget policy
 * changes: the lists, the policy and the budget checks of the requisition form live under it.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: budgetKeys.all(organizationId) });
 */
export const budgetKeys = {
  /** Root of everything about the budgets of one organisation. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'budgets'] as const,
  /** `GET /budgets` with these filters. */
  list: (organizationId: string, filters: BudgetListFilters) =>
    [...budgetKeys.all(organizationId), 'list', filters] as const,
  /** `GET /budgets/policy`. */
  policy: (organizationId: string) => [...budgetKeys.all(organizationId), 'policy'] as const,
  /** `GET /budgets/check` for one cost centre and amount (in `currency`, the base currency when absent). */
  check: (organizationId: string, costCenterId: string, amount: number, currency?: string) =>
    [...budgetKeys.all(organizationId), 'check', costCenterId, amount, currency ?? null] as const,
};

/**
 * Shared queries about budgets (lists and policy need `budget.view` or `org.settings`; the check needs
 * `requisition.create` or `budget.view`), for `useQuery` in screens and `ensureQueryData` in loaders.
 */
export const budgetQueries = {
  /**
   * `GET /budgets`: the answer `{ budgets, fiscal_year, pagination }`, one page of one fiscal year's
   * budgets by cost centre code. Without `filters.fiscal_year` the server lists the current fiscal year.
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
    filters: BudgetListFilters,
  ): PurchasingQueryOptions<GetBody<'/budgets'>, ReturnType<typeof budgetKeys.list>> =>
    queryOptions({
      queryKey: budgetKeys.list(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/budgets', {
            params: { query: filters, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /** `GET /budgets/policy`: the answer `{ budget_policy }` (`warn`, `require_finance` or `block`). */
  policy: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<GetBody<'/budgets/policy'>, ReturnType<typeof budgetKeys.policy>> =>
    queryOptions({
      queryKey: budgetKeys.policy(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/budgets/policy', { params: { header: scoped(organizationId) }, signal })),
    }),

  /**
   * `GET /budgets/check?cost_center_id=&amount=&currency=`: allocated, spent, committed, available and
   * within_budget in the base currency; an amount in another `currency` is converted by the server
   * (`amount_in_base`, `exchange_rate`).
   */
  check: (
    client: PurchasingClient,
    organizationId: string,
    costCenterId: string,
    amount: number,
    currency?: components['schemas']['CurrencyCode'],
  ): PurchasingQueryOptions<GetBody<'/budgets/check'>, ReturnType<typeof budgetKeys.check>> =>
    queryOptions({
      queryKey: budgetKeys.check(organizationId, costCenterId, amount, currency),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/budgets/check', {
            params: {
              query: { cost_center_id: costCenterId, amount, ...(currency ? { currency } : {}) },
              header: scoped(organizationId),
            },
            signal,
          }),
        ),
    }),
};
