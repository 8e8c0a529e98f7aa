import { selectOne } from '../../db-query.js';
import type { OperationHandlers } from '../../http/context.js';

/** Liveness and database reachability, for load balancers and the e2e harness. */
export const healthHandlers: OperationHandlers = {
  getHealth: {
    handler: async ({ app, h }) => {
      try {
        await selectOne(app.db, 'SELECT 1 AS ok');
        return { status: 'ok', database: 'ok' };
      } catch {
        return h.response({ status: 'error', database: 'error' }).code(503);
      }
    },
  },
};
