import type { BudgetPolicy } from '../../domain/budget-policy.js';
import { Forbidden } from '../../domain/errors.js';
import type { PermissionName } from '../../domain/permissions.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import { createBudget, getBudgetPolicy, listBudgets, setBudgetPolicy, updateBudget } from './budget-admin.js';
import { checkBudget } from './budgets.service.js';

/** Either permission lets a caller check a budget: requestors see it while filling in the form. */
const CHECK_PERMISSIONS = ['requisition.create', 'budget.view'] as const;
/** Reading budgets and the policy: finance roles (`budget.view`) and administrators (`org.settings`). */
const READERS: readonly PermissionName[] = ['budget.view', 'org.settings'];
/** Changing budgets and the policy: the organisation's settings (docs/decisions.md, issue 13). */
const MANAGERS: readonly PermissionName[] = ['org.settings'];

const organizationOf = (input: HandlerInput, permissions: readonly PermissionName[]) =>
  actorHolding(input, permissions).scope.organizationId;

/** The budget check, budget administration and the budget policy. */
export const budgetHandlers: OperationHandlers = {
  checkBudget: {
    handler: async (input) => {
      if (!input.scope) throw new Forbidden('An organization must be selected', 'ORGANIZATION_REQUIRED');
      const scope = requireScope(input);
      if (!CHECK_PERMISSIONS.some((name) => scope.permissions.has(name))) throw new Forbidden();
      const query = input.request.query as { cost_center_id: string; amount: number; currency?: string };
      return checkBudget(input.app.db, scope.organizationId, {
        costCenterId: query.cost_center_id,
        amount: query.amount,
        currency: query.currency,
      });
    },
  },
  listBudgets: {
    handler: async (input) =>
      listBudgets(
        input.app.db,
        organizationOf(input, READERS),
        input.request.query as { fiscal_year?: number; limit?: number; offset?: number },
      ),
  },
  createBudget: {
    handler: async (input) => {
      const budget = await createBudget(
        input.app.db,
        organizationOf(input, MANAGERS),
        input.request.payload as { cost_center_id: string; fiscal_year: number; allocated: number },
      );
      return input.h.response({ budget }).code(201);
    },
  },
  updateBudget: {
    handler: async (input) => ({
      budget: await updateBudget(
        input.app.db,
        organizationOf(input, MANAGERS),
        (input.request.params as { id: string }).id,
        input.request.payload as { allocated: number },
      ),
    }),
  },
  getBudgetPolicy: {
    handler: async (input) => ({
      budget_policy: await getBudgetPolicy(input.app.db, organizationOf(input, READERS)),
    }),
  },
  updateBudgetPolicy: {
    handler: async (input) => ({
      budget_policy: await setBudgetPolicy(
        input.app.db,
        organizationOf(input, MANAGERS),
        (input.request.payload as { budget_policy: BudgetPolicy }).budget_policy,
      ),
    }),
  },
};
