import Boom from '@hapi/boom';
import type { Request, ResponseToolkit, Server } from '@hapi/hapi';
import HapiJwt from '@hapi/jwt';
import type { Config } from '../config.js';
import type { OperationAccess, OperationInfo } from '../contract/openapi.js';
import { inRequestedOrganization } from '../db/tenant-context.js';
import { Forbidden, ValidationFailed } from '../domain/errors.js';
import { resolveExternalAccess, resolveSessionAccess } from '../features/organizations/scope.service.js';
import type { Caller, Db, OrganizationScope } from './context.js';
import { claimsIssuer, type ExternalIdentity } from './external-identity.js';

/** The auth strategy of every route that is not public. */
export const ACCESS_STRATEGY = 'purchasing';

/** What a route tells the access check: the operation's `x-permission` and organisation header. */
export interface RouteAccess {
  access: OperationAccess;
  organizationHeader: OperationInfo['organizationHeader'];
  /** The path parameter naming the organisation of the operation (`OperationHandler.pathOrganization`). */
  pathOrganization?: string | undefined;
}

/** The credentials of an authenticated request: the token's user and session, and the membership. */
export interface AccessCredentials extends Caller {
  /** The active membership of the `X-Organization-Id` organisation (member and permission routes). */
  scope: OrganizationScope | null;
  /** The membership of the organisation the path names, for operations that name one. */
  pathScope: OrganizationScope | null;
}

/** Options of {@link registerAccessScheme}. */
export interface AccessSchemeOptions {
  /** The external OpenID Connect issuer whose tokens are accepted beside ours, with its verifier. */
  external?: { issuer: string; verify: (token: string) => Promise<ExternalIdentity | null> } | undefined;
  /** Our own access tokens already verified (without it, every request verifies its token afresh). */
  tokens?: VerifiedTokens | undefined;
}

/** The bearer token of a request's Authorization header, or null. */
function bearerOf(request: Request): string | null {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1]! : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route options that hand the operation's access rule to {@link registerAccessScheme}'s check. */
export function routeAccessOptions(op: OperationInfo, pathOrganization?: string) {
  if (op.access.kind === 'public') return { auth: false as const, plugins: {} };
  return {
    auth: {
      strategy: ACCESS_STRATEGY,
      mode: op.auth === 'optional' ? ('try' as const) : ('required' as const),
    },
    plugins: {
      purchasing: {
        access: op.access,
        organizationHeader: op.organizationHeader,
        pathOrganization,
      } satisfies RouteAccess,
    },
  };
}

/** The `X-Organization-Id` of a request, checked for form (400 naming the header when absent or bad). */
function organizationIdOf(request: Request): string {
  const value = request.headers['x-organization-id'];
  if (typeof value !== 'string' || value === '') {
    throw new ValidationFailed('X-Organization-Id is required', [
      { field: 'X-Organization-Id', message: 'X-Organization-Id is required' },
    ]);
  }
  if (!UUID.test(value)) {
    throw new ValidationFailed('X-Organization-Id must be a UUID', [
      { field: 'X-Organization-Id', message: 'X-Organization-Id must be a UUID' },
    ]);
  }
  return value;
}

/** The claims the `jwt` strategy verifies (server.ts), shared with {@link verifiedTokens}' time check. */
export function jwtVerifyOptions(jwt: Config['jwt']) {
  return {
    aud: jwt.audience,
    iss: jwt.issuer,
    sub: false,
    nbf: true,
    exp: true,
    maxAgeSec: jwt.accessTtlSec,
    timeSkewSec: 15,
  } as const;
}

/** What the `jwt` strategy answered for an Authorization header it accepted. */
interface VerifiedToken {
  credentials: Caller & { sessionId: string };
  artifacts: { decoded: { payload: object } };
}

/** At most this many accepted Authorization headers are remembered (the oldest goes first). */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * The `jwt` strategy's answer for each Authorization header it accepted, by the header's exact text.
 * Its signature, algorithm, audience and issuer are facts of that text, so they are checked once;
 * what time changes (expiry, the lifetime since `iat`; `nbf` only ever becomes truer) is checked
 * again on every request, and a header that fails it is verified afresh by the strategy, which
 * answers the refusal. A different text (another token, a tampered one) is never a hit. The session
 * and the membership are still read on every request: a logout, a deactivation or a revoked role
 * takes effect at once (SECURITY.md 9, 16).
 */
export class VerifiedTokens {
  private readonly byHeader = new Map<string, VerifiedToken>();

  /** The strategy's lifetime and skew (`exp` is always checked: it is not set to false). */
  constructor(private readonly timeOptions: { maxAgeSec: number; timeSkewSec: number }) {}

  /** The credentials of the request's access token (401 as the `jwt` strategy answers it). */
  async verify(request: Request): Promise<VerifiedToken> {
    const value = request.headers.authorization;
    const header = typeof value === 'string' ? value : null;
    const known = header === null ? undefined : this.byHeader.get(header);
    if (known && header !== null) {
      try {
        HapiJwt.token.verifyTime(known.artifacts as never, this.timeOptions);
        return known;
      } catch {
        this.byHeader.delete(header);
      }
    }
    const verified = (await request.server.auth.test('jwt', request)) as unknown as VerifiedToken;
    if (header !== null) {
      if (this.byHeader.size >= MAX_VERIFIED_TOKENS) {
        const oldest = this.byHeader.keys().next().value;
        if (oldest !== undefined) this.byHeader.delete(oldest);
      }
      this.byHeader.set(header, verified);
    }
    return verified;
  }

  get size(): number {
    return this.byHeader.size;
  }
}

/**
 * Registers the access check as an auth scheme, so that it runs where Hapi authenticates: before
 * the request body is read or parsed. In this order, for every route that is not public:
 * 1. authentication: the access token (the `jwt` strategy: signature, audience, issuer, expiry) and
 *    a live session of an active user → 401; or, when an external issuer is configured and the
 *    token names it, that issuer's token (`http/external-identity.ts`) and the active user its email
 *    names → 401;
 * 2. membership: an active membership of the `X-Organization-Id` organisation → 400 when the header
 *    is missing or malformed, 403 otherwise;
 * 3. permission: the operation's `x-permission` held by that membership's role → 403.
 * Only then does Hapi read the body (an upload of a stranger is refused before a byte is buffered)
 * and validate it against the contract.
 */
export function registerAccessScheme(server: Server, db: Db, options: AccessSchemeOptions = {}): void {
  const { external, tokens } = options;
  server.auth.scheme('purchasing-access', () => ({
    authenticate: async (request: Request, h: ResponseToolkit) => {
      const route = request.route.settings.plugins as { purchasing?: RouteAccess };
      const rule = route.purchasing;
      const needsMembership =
        rule !== undefined && (rule.access.kind === 'member' || rule.access.kind === 'permission');
      const header = request.headers['x-organization-id'];
      const fromHeader = typeof header === 'string' && UUID.test(header) ? header : null;
      const pathValue = rule?.pathOrganization ? request.params[rule.pathOrganization] : undefined;
      const fromPath = typeof pathValue === 'string' && UUID.test(pathValue) ? pathValue : null;
      // The organisation whose membership is read: the header's for member and permission routes,
      // the path's for routes that name one there.
      const organizationId = needsMembership ? fromHeader : fromPath;
      // In that organisation (row-level security: the lookup filters by it anyway), so the request's
      // connection keeps one organisation from here to the handler.
      const inScope = organizationId ?? fromHeader;
      const scoped = inScope ? inRequestedOrganization(db, inScope) : db;

      let credentials: Caller;
      let artifacts: object;
      let access: { live: boolean; scope: OrganizationScope | null };
      const bearer = bearerOf(request);
      if (external && bearer !== null && claimsIssuer(bearer, external.issuer)) {
        // A token of the portal's own issuer: verified against its keys, its email names the user.
        const identity = await external.verify(bearer);
        if (!identity) throw Boom.unauthorized('Invalid credentials');
        const found = await resolveExternalAccess(scoped, identity.email, organizationId);
        if (found.userId === null) throw Boom.unauthorized('Invalid credentials');
        credentials = { userId: found.userId, sessionId: null };
        artifacts = { issuer: external.issuer };
        access = { live: true, scope: found.scope };
      } else {
        ({ credentials, artifacts } = tokens
          ? await tokens.verify(request)
          : ((await request.server.auth.test('jwt', request)) as unknown as VerifiedToken));
        // One statement: the session (a live session of an active user) and that membership beside it.
        access = await resolveSessionAccess(
          scoped,
          credentials.userId,
          credentials.sessionId as string,
          organizationId,
        );
      }
      if (!access.live) throw Boom.unauthorized('Invalid credentials');
      let scope: OrganizationScope | null = null;
      if (needsMembership) {
        organizationIdOf(request);
        scope = access.scope;
        if (!scope) {
          throw new Forbidden('You are not an active member of this organization', 'ORGANIZATION_FORBIDDEN');
        }
        if (rule.access.kind === 'permission') {
          const held = scope.permissions;
          if (!rule.access.anyOf.some((name) => held.has(name))) throw new Forbidden();
        }
      }
      const verified: AccessCredentials = {
        ...credentials,
        scope,
        pathScope: needsMembership ? null : access.scope,
      };
      return h.authenticated({ credentials: verified as never, artifacts: artifacts as never });
    },
  }));
  server.auth.strategy(ACCESS_STRATEGY, 'purchasing-access');
}
