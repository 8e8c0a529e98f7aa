import type { Request, ResponseToolkit, RouteOptions } from '@hapi/hapi';
import type { Sequelize } from 'sequelize';
import type { Config } from '../config.js';
import type { OpenApiDocument, OperationInfo } from '../contract/openapi.js';
import type { ContractValidator } from '../contract/validation.js';

/** The database handle services receive. */
export interface Db {
  sequelize: Sequelize;
}

/** What every handler and service can reach: configuration, database and contract. */
export interface AppContext {
  config: Config;
  db: Db;
  contract: { doc: OpenApiDocument; operations: OperationInfo[]; validator: ContractValidator };
}

/** Who is calling: the verified access token's user and session (token family). */
export interface Caller {
  userId: string;
  /** The session of the API's own token; null for a token of the external issuer (no session of ours). */
  sessionId: string | null;
}

/** The caller's verified, active membership of the organisation named by `X-Organization-Id`. */
export interface OrganizationScope {
  organizationId: string;
  membershipId: string;
  roleName: string;
  permissions: ReadonlySet<string>;
}

/** What a handler gets: the request, the toolkit, the app and the verified caller and scope. */
export interface HandlerInput {
  request: Request;
  h: ResponseToolkit;
  app: AppContext;
  caller: Caller | null;
  scope: OrganizationScope | null;
  /**
   * For an operation with {@link OperationHandler.pathOrganization}: the caller's active membership
   * of the organisation its path names, read with the session; null when there is none.
   */
  pathScope: OrganizationScope | null;
}

/**
 * The implementation of one contract operation. Who may call it is the operation's `x-permission` in
 * `openapi.yaml`, checked before the handler runs (src/http/access.ts).
 */
export interface OperationHandler {
  /** Extra Hapi route options (payload limits, multipart, …). */
  route?: Pick<RouteOptions, 'payload'>;
  /**
   * The path parameter that names the organisation the operation works in (`/organizations/{id}/…`):
   * the access check reads the caller's membership of it in the same statement as the session, and
   * hands it to the handler as `pathScope` (the handler decides what its absence answers).
   */
  pathOrganization?: string;
  handler: (input: HandlerInput) => unknown | Promise<unknown>;
}

/** Implementations by `operationId`; an operation of the contract without one answers 501. */
export type OperationHandlers = Record<string, OperationHandler>;

/** Narrows the caller of an authenticated route. */
export function requireCaller(input: HandlerInput): Caller {
  if (!input.caller) throw new Error('Route is not authenticated');
  return input.caller;
}

/** Narrows the organisation scope of an organisation-scoped route. */
export function requireScope(input: HandlerInput): OrganizationScope {
  if (!input.scope) throw new Error('Route has no organisation scope');
  return input.scope;
}
