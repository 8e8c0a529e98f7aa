import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import {
  requisitionHistoryRows,
  verifyOrganizationChain,
  verifyRequisitionHistory,
} from './history-chain.js';
import { historyCsv, historyPdf } from './history-export.js';
import type { Actor } from './requisitions.service.js';

const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
});

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * The tamper-evident history (docs/decisions.md "History chain"): the organisation's whole chain
 * verified (`report.view`), and one requisition's entries verified and exported by whoever may see
 * the requisition.
 */
export const historyHandlers: OperationHandlers = {
  verifyAuditChain: {
    handler: async (input) => verifyOrganizationChain(input.app.db, requireScope(input).organizationId),
  },
  verifyRequisitionHistory: {
    handler: async (input) => verifyRequisitionHistory(input.app.db, actorOf(input), idOf(input)),
  },
  exportRequisitionHistory: {
    handler: async (input) => {
      const actor = actorOf(input);
      const id = idOf(input);
      const { format } = input.request.query as { format: 'csv' | 'pdf' };
      const { requisitionNumber, rows } = await requisitionHistoryRows(input.app.db, actor, id);
      const name = `${requisitionNumber}-history.${format}`.replace(/[^A-Za-z0-9._-]/g, '_');
      const body =
        format === 'csv'
          ? historyCsv(rows)
          : await historyPdf({
              requisitionNumber,
              rows,
              verification: await verifyRequisitionHistory(input.app.db, actor, id),
              exportedAt: new Date(),
            });
      return input.h
        .response(body)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
    },
  },
};
