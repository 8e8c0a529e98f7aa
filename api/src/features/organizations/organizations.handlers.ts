import type { components } from '@purchasing/contract';
import { NotFound, ValidationFailed } from '../../domain/errors.js';
import type { HandlerInput, OperationHandlers, OrganizationScope } from '../../http/context.js';
import { requireCaller } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import {
  listCostCenters,
  listGlAccounts,
  listOrganizations,
  organizationSummary,
} from './organizations.service.js';
import { getOrganizationSettings, updateOrganizationSettings } from './settings.service.js';

type SettingsChange = components['schemas']['GeneralSettingsChange'];

/**
 * The organisation named in the path is the tenant: the caller must be an active member of it;
 * otherwise it answers 404, like any record the caller cannot see.
 */
async function pathScope(input: HandlerInput): Promise<OrganizationScope> {
  const { id } = input.request.params as { id: string };
  const header = input.request.headers['x-organization-id'] as string | undefined;
  if (header && header.toLowerCase() !== id.toLowerCase()) {
    throw new ValidationFailed('X-Organization-Id must name the organization of the path', [
      { field: 'X-Organization-Id', message: 'X-Organization-Id must name the organization of the path' },
    ]);
  }
  // Read with the session by the access check (`pathOrganization: 'id'`).
  const scope = input.pathScope;
  if (!scope || scope.organizationId.toLowerCase() !== id.toLowerCase()) throw new NotFound('Organization');
  return scope;
}

/** The organisation of the path, which must be the one of `X-Organization-Id` (400 otherwise). */
function samePathOrganization(input: HandlerInput, organizationId: string): void {
  const { id } = input.request.params as { id: string };
  if (id.toLowerCase() !== organizationId.toLowerCase()) {
    const message = 'X-Organization-Id must name the organization of the path';
    throw new ValidationFailed(message, [{ field: 'X-Organization-Id', message }]);
  }
}

/** Organisations, their dashboard summary, cost centres, GL accounts and settings. */
export const organizationHandlers: OperationHandlers = {
  listOrganizations: {
    handler: async (input) => ({
      organizations: await listOrganizations(input.app.db, requireCaller(input).userId),
    }),
  },
  getOrganizationSummary: {
    pathOrganization: 'id',
    handler: async (input) => {
      const scope = await pathScope(input);
      return { summary: await organizationSummary(input.app.db, scope, requireCaller(input).userId) };
    },
  },
  listCostCenters: {
    pathOrganization: 'id',
    handler: async (input) => ({
      cost_centers: await listCostCenters(input.app.db, (await pathScope(input)).organizationId),
    }),
  },
  listGlAccounts: {
    pathOrganization: 'id',
    handler: async (input) => ({
      gl_accounts: await listGlAccounts(input.app.db, (await pathScope(input)).organizationId),
    }),
  },
  getOrganizationSettings: {
    pathOrganization: 'id',
    handler: async (input) => ({
      settings: await getOrganizationSettings(input.app.db, (await pathScope(input)).organizationId),
    }),
  },
  updateOrganizationSettings: {
    handler: async (input) => {
      const actor = actorHolding(input, ['org.settings']);
      samePathOrganization(input, actor.scope.organizationId);
      return {
        settings: await updateOrganizationSettings(
          input.app.db,
          actor,
          input.request.payload as SettingsChange,
        ),
      };
    },
  },
};
