import type { Config } from '../../config.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import { csvResponse } from '../../http/csv-export.js';
import { type ExportFormat, xlsxResponse } from '../../http/xlsx-export.js';
import { decisionMailOf } from '../approvals/decision-mail.js';
import { requisitionExport } from './requisition-export.js';
import { listRequisitions, type RequisitionFilter } from './requisition-list.js';
import {
  type Actor,
  createRequisition,
  deleteRequisition,
  getRequisition,
  type RequisitionForm,
  submitRequisition,
  updateRequisition,
} from './requisitions.service.js';

/** The verified caller and their membership of the `X-Organization-Id` organisation. */
const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
  mail: decisionMailOf(input.app.config as Config),
});

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * Requisitions: list, detail, create, update, delete and submit. Every member may list and read
 * (visibility is decided by the service); changes need `requisition.create`, and the service
 * allows them to the requestor only.
 */
export const requisitionHandlers: OperationHandlers = {
  listRequisitions: {
    handler: async (input) =>
      listRequisitions(input.app.db, actorOf(input), input.request.query as RequisitionFilter),
  },
  exportRequisitions: {
    handler: async (input) => {
      const { format, ...filter } = input.request.query as RequisitionFilter & { format?: ExportFormat };
      const spec = requisitionExport(actorOf(input), filter);
      return format === 'xlsx'
        ? xlsxResponse(input.h, input.app.db, spec)
        : csvResponse(input.h, input.app.db, spec);
    },
  },
  getRequisition: {
    handler: async (input) => ({
      requisition: await getRequisition(input.app.db, actorOf(input), idOf(input)),
    }),
  },
  createRequisition: {
    handler: async (input) => {
      const requisition = await createRequisition(
        input.app.db,
        actorOf(input),
        input.request.payload as RequisitionForm,
      );
      return input.h.response({ requisition }).code(201);
    },
  },
  updateRequisition: {
    handler: async (input) => ({
      requisition: await updateRequisition(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as RequisitionForm,
      ),
    }),
  },
  deleteRequisition: {
    handler: async (input) => {
      await deleteRequisition(input.app.db, actorOf(input), idOf(input));
      return input.h.response().code(204);
    },
  },
  submitRequisition: {
    handler: async (input) => ({
      requisition: await submitRequisition(input.app.db, actorOf(input), idOf(input)),
    }),
  },
};
