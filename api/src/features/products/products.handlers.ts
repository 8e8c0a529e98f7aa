import type { OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { listProducts } from './products.service.js';

/** The product catalogue (the list; create, update and delete arrive with their issue). */
export const productHandlers: OperationHandlers = {
  listProducts: {
    handler: async (input) => {
      const query = input.request.query as { search?: string; limit?: number };
      return { products: await listProducts(input.app.db, requireScope(input).organizationId, query) };
    },
  },
};
