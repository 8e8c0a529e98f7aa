import type { Server, ServerInjectResponse } from '@hapi/hapi';
import { type Config, loadConfig } from '../src/config.js';
import { listOperations, loadOpenApi, type OperationInfo } from '../src/contract/openapi.js';
import { ContractValidator } from '../src/contract/validation.js';
import { initModels } from '../src/db/models/index.js';
import { createSequelize } from '../src/db/sequelize.js';
import { createServer } from '../src/server.js';
import { testAppDatabaseUrl, testDatabaseUrl } from './database.js';
import { TEST_PASSWORD } from './factories.js';

/**
 * The URL the test app connects with: as the plain role `purchasing_app`, so that row-level
 * security applies to every API test as it does in a safe deployment; `TEST_DB_ROLE=postgres`
 * connects as the superuser instead (RLS skipped).
 */
export const appDatabaseUrl = () =>
  process.env.TEST_DB_ROLE === 'postgres' ? testDatabaseUrl() : testAppDatabaseUrl();

/**
 * A server on this test run's own database (made by global-setup), or on `databaseUrl` (a scratch
 * database of the test's own), with test configuration.
 */
export async function createTestApp(overrides: Partial<Config> = {}, options: { databaseUrl?: string } = {}) {
  const base = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    // Webhook endpoints on this machine (the tests' receivers); the URL-guard test turns it off.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  const config: Config = {
    ...base,
    staticDir: null,
    ...overrides,
  };
  const sequelize = createSequelize(options.databaseUrl ?? appDatabaseUrl(), { poolMax: 10 });
  const models = initModels(sequelize);
  const server = await createServer(config, { sequelize });
  return {
    server,
    config,
    sequelize,
    models,
    async close() {
      await server.stop();
      await sequelize.close();
    },
  };
}

const doc = loadOpenApi(loadConfig({}).openapiPath);
const operations = listOperations(doc);
const validator = new ContractValidator(doc);
const compiled = new Map<string, ReturnType<ContractValidator['compile']>>();

function operation(operationId: string): OperationInfo {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`operation ${operationId} is not in openapi.yaml`);
  return op;
}

/** The media type of an Excel workbook. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Asserts that a response is declared by the contract for the operation (its status) and that its
 * JSON body validates against the declared schema, so an undeclared field or status fails the test.
 */
export function expectContract(response: ServerInjectResponse, operationId: string): void {
  const op = operation(operationId);
  const status = String(response.statusCode);
  const declared = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
  if (!declared) {
    throw new Error(
      `${operationId} answered ${status}, which openapi.yaml does not declare: ${response.payload}`,
    );
  }
  // A file (`format=csv` of a report or a list, `format=xlsx` of a list) is checked to be one the
  // operation declares.
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (mediaType === 'text/csv' || mediaType === XLSX) {
    if (!declared.content?.[mediaType])
      throw new Error(`${operationId} answered ${mediaType}, which it does not declare`);
    return;
  }
  const pointer = declared.content['application/json'];
  if (!pointer) return;
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = validator.compile(pointer);
    compiled.set(pointer, validate);
  }
  const body = JSON.parse(response.payload);
  if (!validate(body)) {
    throw new Error(
      `${operationId} ${status} body breaks the contract: ${JSON.stringify(validate.errors, null, 2)}\n${response.payload}`,
    );
  }
}

/** Shorthand for JSON requests through `server.inject`. */
export async function call(
  server: Server,
  method: string,
  url: string,
  options: {
    token?: string;
    organizationId?: string;
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<ServerInjectResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.organizationId) headers['x-organization-id'] = options.organizationId;
  return server.inject({
    method,
    url,
    headers,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

export { operations as contractOperations };

/** Signs a user in with the factories' password and answers the access token. */
export async function accessTokenFor(
  server: Server,
  user: { email: string },
  password = TEST_PASSWORD,
): Promise<string> {
  const response = await call(server, 'POST', '/api/auth/login', {
    payload: { email: user.email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${response.payload}`);
  return JSON.parse(response.payload).session.access_token;
}
