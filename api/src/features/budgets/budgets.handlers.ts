import { Forbidden } from '../../domain/errors.js';
import type { OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { checkBudget } from './budgets.service.js';

/** Either permission lets a caller check a budget: requestors see it while filling in the form. */
const CHECK_PERMISSIONS = ['requisition.create', 'budget.view'] as const;

/** The budget check (`GET /budgets/check`). */
export const budgetHandlers: OperationHandlers = {
  checkBudget: {
    handler: async (input) => {
      if (!input.scope) throw new Forbidden('An organization must be selected', 'ORGANIZATION_REQUIRED');
      const scope = requireScope(input);
      if (!CHECK_PERMISSIONS.some((name) => scope.permissions.has(name))) throw new Forbidden();
      const query = input.request.query as { cost_center_id: string; amount: number };
      return checkBudget(input.app.db, scope.organizationId, {
        costCenterId: query.cost_center_id,
        amount: query.amount,
      });
    },
  },
};
