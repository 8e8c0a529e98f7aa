import type { Config } from '../../config.js';
import { clientAddress } from '../../http/client-address.js';
import type { HandlerInput, OperationHandler, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { listApprovalHistory, listPendingApprovals, type PendingFilter } from './approval-queue.js';
import { type ActionInput, actOnRequisition, listDelegateCandidates } from './approvals.service.js';
import { decideInBulk } from './bulk-decisions.js';
import { decisionMailOf } from './decision-mail.js';
import { decideByEmail, describeEmailDecision } from './email-decisions.js';

/** The verified caller and their membership of the `X-Organization-Id` organisation. */
const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
  mail: decisionMailOf(input.app.config as Config),
});

/** The token of an emailed decision link (`/email-decisions/{token}`). */
const tokenOf = (input: HandlerInput): string => (input.request.params as { token: string }).token;

/** One approval action on the requisition of the path (`{requisitionId}`). */
const action: OperationHandler = {
  handler: async (input) => ({
    requisition: await actOnRequisition(
      input.app.db,
      actorOf(input),
      (input.request.params as { requisitionId: string }).requisitionId,
      input.request.payload as ActionInput,
    ),
  }),
};

/**
 * Approvals: the caller's queue and history, and approve, reject, request information and
 * delegate on their open step. Every call needs `approval.act`; the service decides the step rules.
 */
export const approvalHandlers: OperationHandlers = {
  listPendingApprovals: {
    handler: async (input) =>
      listPendingApprovals(input.app.db, actorOf(input), input.request.query as PendingFilter),
  },
  listApprovalHistory: {
    handler: async (input) =>
      listApprovalHistory(
        input.app.db,
        actorOf(input),
        input.request.query as { limit?: number; offset?: number; cursor?: string },
      ),
  },
  approveRequisition: action,
  rejectRequisition: action,
  requestRequisitionInfo: action,
  delegateApproval: action,
  decideApprovalsInBulk: {
    handler: async (input) => ({
      results: await decideInBulk(
        input.app.db,
        actorOf(input),
        input.request.payload as Parameters<typeof decideInBulk>[2],
      ),
    }),
  },
  listDelegateCandidates: {
    handler: async (input) => ({
      users: await listDelegateCandidates(
        input.app.db,
        actorOf(input),
        (input.request.params as { requisitionId: string }).requisitionId,
      ),
    }),
  },
  getEmailDecision: {
    handler: async (input) =>
      describeEmailDecision(input.app.db, {
        token: tokenOf(input),
        clientAddress: clientAddress(input.request, input.app.config as Config),
      }),
  },
  decideByEmail: {
    handler: async (input) =>
      decideByEmail(input.app.db, {
        token: tokenOf(input),
        comment: (input.request.payload as { comment?: string | null }).comment,
        clientAddress: clientAddress(input.request, input.app.config as Config),
        mail: decisionMailOf(input.app.config as Config),
      }),
  },
};
