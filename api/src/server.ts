import { mkdir } from 'node:fs/promises';
import Hapi, { type Request, type ResponseToolkit, type Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import HapiJwt from '@hapi/jwt';
import type { Config } from './config.js';
import { listOperations, loadOpenApi } from './contract/openapi.js';
import { ContractValidator } from './contract/validation.js';
import { inOrganization } from './db/tenant-context.js';
import { DomainError, NotFound } from './domain/errors.js';
import { absenceHandlers } from './features/absences/absences.handlers.js';
import { approvalPolicyHandlers } from './features/approval-policy/approval-policy.handlers.js';
import { approvalHandlers } from './features/approvals/approvals.handlers.js';
import { attachmentHandlers } from './features/attachments/attachments.handlers.js';
import { authHandlers } from './features/auth/auth.handlers.js';
import { passwordFlowHandlers } from './features/auth/password-flows.js';
import { budgetHandlers } from './features/budgets/budgets.handlers.js';
import { exchangeRateHandlers } from './features/currency/exchange-rates.handlers.js';
import { departmentHandlers } from './features/departments/departments.handlers.js';
import { healthHandlers } from './features/health/health.handlers.js';
import { notificationHandlers } from './features/notifications/notifications.handlers.js';
import { organizationHandlers } from './features/organizations/organizations.handlers.js';
import { productHandlers } from './features/products/products.handlers.js';
import { purchaseOrderHandlers } from './features/purchase-orders/purchase-orders.handlers.js';
import { reportHandlers } from './features/reports/reports.handlers.js';
import { historyHandlers } from './features/requisitions/history.handlers.js';
import { requisitionHandlers } from './features/requisitions/requisitions.handlers.js';
import { roleHandlers } from './features/roles/roles.handlers.js';
import { userHandlers } from './features/users/users.handlers.js';
import { vendorHandlers } from './features/vendors/vendors.handlers.js';
import { webhookHandlers } from './features/webhooks/webhooks.handlers.js';
import {
  type AccessCredentials,
  jwtVerifyOptions,
  registerAccessScheme,
  routeAccessOptions,
  VerifiedTokens,
} from './http/access.js';
import type { AppContext, Caller, Db, HandlerInput, OperationHandlers } from './http/context.js';
import { errorResponsePlugin, MethodNotAllowed } from './http/error-response.js';
import { externalTokenVerifier } from './http/external-identity.js';
import {
  beginIdempotent,
  declaresIdempotencyKey,
  endHeartbeat,
  registerIdempotency,
} from './http/idempotency.js';
import { securityHeadersPlugin } from './http/security-headers.js';
import { staticAppPlugin } from './http/static-app.js';
import { removeTemporaryFiles } from './http/uploads.js';
import { configurePasswordHashing } from './lib/password.js';

type Validate = (value: unknown) => unknown;

/**
 * Carries a validation failure through Hapi's validation step. Hapi reads joi-style `details`
 * (with `path`) from whatever a validator throws, so the domain error travels wrapped and
 * `failAction` rethrows it as it is.
 */
class ContractViolation extends Error {
  constructor(readonly failure: unknown) {
    super('contract violation');
  }
}

/** Hapi's validator slots accept functions; drops the ones an operation does not need. */
function asHapiValidators(slots: Record<'query' | 'params' | 'headers' | 'payload', Validate | undefined>) {
  const entries = Object.entries(slots).filter(([, fn]) => fn !== undefined) as [string, Validate][];
  return Object.fromEntries(
    entries.map(([key, fn]) => [
      key,
      // Synchronous (Hapi awaits whatever a validator returns): no promise per slot and request.
      (value: unknown) => {
        try {
          return fn(value);
        } catch (error) {
          throw new ContractViolation(error);
        }
      },
    ]),
  );
}

/** The path of the route that answers what no operation of the contract matches. */
const FALLBACK_PATH = '/api/{path*}';
/** The methods operations are routed under, for a 405's `Allow`. */
const ROUTED_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every implemented operation, by operationId. Operations without an entry answer 501. */
export const handlers: OperationHandlers = {
  ...healthHandlers,
  ...authHandlers,
  ...organizationHandlers,
  ...approvalPolicyHandlers,
  ...productHandlers,
  ...requisitionHandlers,
  ...historyHandlers,
  ...approvalHandlers,
  ...absenceHandlers,
  ...notificationHandlers,
  ...budgetHandlers,
  ...exchangeRateHandlers,
  ...attachmentHandlers,
  ...purchaseOrderHandlers,
  ...vendorHandlers,
  ...reportHandlers,
  ...webhookHandlers,
  ...roleHandlers,
  ...departmentHandlers,
  ...passwordFlowHandlers,
  ...userHandlers,
};

/**
 * Builds the API: registers plugins and one route per operation of `openapi.yaml`, validated by
 * the contract, and returns the initialised server without listening (tests use `server.inject`).
 */
export async function createServer(config: Config, db: Db): Promise<Server> {
  const doc = loadOpenApi(config.openapiPath);
  const operations = listOperations(doc);
  const validator = new ContractValidator(doc);
  const app: AppContext = { config, db, contract: { doc, operations, validator } };
  configurePasswordHashing(config.passwordHashing);

  const server = Hapi.server({
    host: config.host,
    port: config.port,
    routes: {
      cors: config.corsOrigins.length
        ? {
            origin: config.corsOrigins,
            credentials: false,
            additionalHeaders: ['X-Organization-Id', 'Idempotency-Key'],
            additionalExposedHeaders: ['Idempotent-Replayed'],
          }
        : false,
      // Security headers are set by securityHeadersPlugin (framing is configurable for portals).
      security: false,
      payload: { maxBytes: config.maxJsonBytes },
      response: { emptyStatusCode: 204 },
    },
    router: { stripTrailingSlash: true },
    debug: false,
  });
  server.app = app as unknown as typeof server.app;

  await server.register(HapiJwt);
  await server.register(Inert);
  await server.register(errorResponsePlugin);
  await server.register({ plugin: securityHeadersPlugin, options: config });
  // After the error mapping: stores (or gives back) the Idempotency-Key of a write as its answer leaves.
  registerIdempotency(server);

  server.auth.strategy('jwt', 'jwt', {
    keys: { key: config.jwt.secret, algorithms: ['HS256'] },
    verify: jwtVerifyOptions(config.jwt),
    // The token's form only: the session check runs in the access scheme (api/src/http/access.ts),
    // in one statement with the membership lookup.
    validate: async (artifacts: { decoded: { payload: { sub?: unknown; sid?: unknown } } }) => {
      const { sub, sid } = artifacts.decoded.payload;
      if (typeof sub !== 'string' || typeof sid !== 'string') return { isValid: false };
      return { isValid: true, credentials: { userId: sub, sessionId: sid } satisfies Caller };
    },
  });

  const failAction = (_request: Request, _h: ResponseToolkit, error: Error | undefined) => {
    throw error instanceof ContractViolation ? error.failure : error;
  };

  registerAccessScheme(server, db, {
    external: config.externalIdentity
      ? { issuer: config.externalIdentity.issuer, verify: externalTokenVerifier(config.externalIdentity) }
      : undefined,
    tokens: new VerifiedTokens(jwtVerifyOptions(config.jwt)),
  });
  await mkdir(config.uploadDir, { recursive: true, mode: 0o700 });
  // A body announced larger than the route takes is refused before anything else, without reading it
  // (Hapi would otherwise read and discard all of it before answering 413).
  server.ext('onPreAuth', (request, h) => {
    const declared = Number(request.headers['content-length']);
    const limit = request.route.settings.payload?.maxBytes;
    if (limit !== undefined && Number.isFinite(declared) && declared > limit) {
      throw new DomainError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    }
    return h.continue;
  });
  // Multipart uploads are streamed to temporary files; they go once the response is sent.
  server.ext('onPostResponse', (request, h) => {
    if (request.route.settings.payload?.multipart && request.payload)
      void removeTemporaryFiles(request.payload);
    return h.continue;
  });

  for (const op of operations) {
    const implementation = handlers[op.operationId];
    const validators = validator.forOperation(op);
    const hasBody = op.method !== 'get' && op.method !== 'head' && op.requestBody !== null;
    const isMultipart = validators.payloadTypes.includes('multipart/form-data');
    const access = routeAccessOptions(op, implementation?.pathOrganization);
    const idempotent = declaresIdempotencyKey(op);
    server.route({
      method: op.method.toUpperCase() as 'GET',
      path: `/api${op.path}`,
      options: {
        id: op.operationId,
        // Authentication, membership and permission (x-permission) run here, before the body is read.
        auth: access.auth,
        plugins: access.plugins,
        validate: {
          failAction,
          ...asHapiValidators({
            query: validators.query,
            params: validators.params,
            headers: validators.headers,
            payload: hasBody ? validators.payload : undefined,
          }),
        },
        ...(hasBody
          ? {
              payload: {
                allow: validators.payloadTypes,
                ...(isMultipart
                  ? {
                      multipart: { output: 'data' as const },
                      maxBytes: 110 * 1024 * 1024,
                      uploads: config.uploadDir,
                    }
                  : {}),
                ...implementation?.route?.payload,
              },
            }
          : {}),
        handler: async (request, h) => {
          const credentials = (request.auth.credentials as unknown as AccessCredentials | null) ?? null;
          const caller: Caller | null = credentials
            ? { userId: credentials.userId, sessionId: credentials.sessionId }
            : null;
          const input: HandlerInput = {
            request,
            h,
            app,
            caller,
            scope: credentials?.scope ?? null,
            pathScope: credentials?.pathScope ?? null,
          };
          if (!implementation) {
            throw new DomainError(501, 'NOT_IMPLEMENTED', `${op.operationId} is not implemented yet`);
          }
          // Row-level security (second line): the handler's queries see only this organisation's rows.
          const scope = input.scope ?? input.pathScope;
          if (scope) input.app = { ...app, db: inOrganization(db, scope.organizationId) };
          // Idempotency-Key (issue 13): after access and validation, before the operation runs.
          if (!idempotent) return implementation.handler(input);
          const replayed = await beginIdempotent(input, op, db);
          if (replayed) return replayed;
          try {
            return await implementation.handler(input);
          } finally {
            endHeartbeat(request);
          }
        },
      },
    });
  }

  // Anything else under /api is a JSON 404 (never the app's HTML), or a 405 naming in `Allow` the
  // methods the contract declares on that path.
  server.route({
    method: '*',
    path: FALLBACK_PATH,
    options: {
      auth: false,
      handler: (request) => {
        const allow = ROUTED_METHODS.filter(
          (method) => server.match(method, request.path)?.path !== FALLBACK_PATH,
        ).map((method) => method.toUpperCase());
        if (allow.length > 0) throw new MethodNotAllowed(request.method.toUpperCase(), allow);
        throw new NotFound('Endpoint');
      },
    },
  });

  if (config.staticDir)
    await server.register({ plugin: staticAppPlugin, options: { dir: config.staticDir } });

  await server.initialize();
  return server;
}
