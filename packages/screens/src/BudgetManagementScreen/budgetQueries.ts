import { type PurchasingClient, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { queryOptions } from '@tanstack/react-query';

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/** Query keys of the budgets of one organisation; invalidate `budgetKeys.all(org)` after a change. */
export const budgetKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'budgets'] as const,
  list: (organizationId: string, fiscalYear: number | null, page: number) =>
    [...budgetKeys.all(organizationId), 'list', fiscalYear, page] as const,
  policy: (organizationId: string) => [...budgetKeys.all(organizationId), 'policy'] as const,
};

/** Rows per page of the budget table. */
export const BUDGET_PAGE_SIZE = 20;

/** `GET /budgets` (one page of a fiscal year) and `GET /budgets/policy`. */
export const budgetQueries = {
  list: (client: PurchasingClient, organizationId: string, fiscalYear: number | null, page: number) =>
    queryOptions({
      queryKey: budgetKeys.list(organizationId, fiscalYear, page),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/budgets', {
            params: {
              header: scoped(organizationId),
              query: {
                ...(fiscalYear === null ? {} : { fiscal_year: fiscalYear }),
                limit: BUDGET_PAGE_SIZE,
                offset: (page - 1) * BUDGET_PAGE_SIZE,
              },
            },
            signal,
          }),
        ),
    }),
  policy: (client: PurchasingClient, organizationId: string) =>
    queryOptions({
      queryKey: budgetKeys.policy(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/budgets/policy', { params: { header: scoped(organizationId) }, signal })),
    }),
};

/** The budget policies with their labels and what each does, as the screen offers them. */
export const BUDGET_POLICY_OPTIONS: readonly {
  value: Schemas['BudgetPolicy'];
  label: string;
  description: string;
}[] = [
  {
    value: 'warn',
    label: 'Warn only',
    description: 'Requestors see the Budget Warning; over-budget requisitions are routed as usual.',
  },
  {
    value: 'require_finance',
    label: 'Require Finance approval',
    description:
      'An over-budget requisition always gets a Finance Manager Approval, and every approver sees the overrun.',
  },
  {
    value: 'block',
    label: 'Block',
    description: 'An over-budget requisition cannot be submitted or approved; the available amount is shown.',
  },
];
