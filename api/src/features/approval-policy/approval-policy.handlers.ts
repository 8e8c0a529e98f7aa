import type { components } from '@purchasing/contract';
import { ValidationFailed } from '../../domain/errors.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import {
  getApprovalPolicy,
  listApprovalPolicyVersions,
  previewApprovalPolicy,
  updateApprovalPolicy,
} from './approval-policy.service.js';

type PolicyChange = components['schemas']['ApprovalPolicyChange'];
type PreviewRequest = components['schemas']['ApprovalPolicyPreviewRequest'];

/** The organisation of the path must be the one of `X-Organization-Id` (400 otherwise). */
function samePathOrganization(input: HandlerInput, organizationId: string): void {
  const { id } = input.request.params as { id: string };
  if (id.toLowerCase() !== organizationId.toLowerCase()) {
    const message = 'X-Organization-Id must name the organization of the path';
    throw new ValidationFailed(message, [{ field: 'X-Organization-Id', message }]);
  }
}

/** The caller holding one of `permissions` in the organisation of the path. */
function actorOf(input: HandlerInput, permissions: Parameters<typeof actorHolding>[1]) {
  const actor = actorHolding(input, permissions);
  samePathOrganization(input, actor.scope.organizationId);
  return actor;
}

/** The approval policy editor (issue 15 item 8): read, save a version, list versions, preview. */
export const approvalPolicyHandlers: OperationHandlers = {
  getApprovalPolicy: {
    handler: async (input) => {
      const actor = actorOf(input, ['org.settings', 'approval.act']);
      return getApprovalPolicy(input.app.db, actor.scope.organizationId);
    },
  },
  updateApprovalPolicy: {
    handler: async (input) => {
      const actor = actorOf(input, ['org.settings']);
      return updateApprovalPolicy(input.app.db, actor, input.request.payload as PolicyChange);
    },
  },
  listApprovalPolicyVersions: {
    handler: async (input) => {
      const actor = actorOf(input, ['org.settings', 'approval.act']);
      return { versions: await listApprovalPolicyVersions(input.app.db, actor.scope.organizationId) };
    },
  },
  previewApprovalPolicy: {
    handler: async (input) => {
      const actor = actorOf(input, ['org.settings']);
      return {
        preview: await previewApprovalPolicy(input.app.db, actor, input.request.payload as PreviewRequest),
      };
    },
  },
};
