import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi, type OperationInfo, resolvePointer } from '../src/contract/openapi.js';
import type { Organization, User } from '../src/db/models/index.js';
import { handlers } from '../src/server.js';
import { call, contractOperations, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildUser,
  buildVendor,
  TEST_PASSWORD,
} from './factories.js';

/**
 * The contract is the route table: every operation of openapi.yaml must be served (implemented
 * or answering 501), must refuse anonymous callers unless it is public, and must answer what the
 * contract declares.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
let doc: ReturnType<typeof loadOpenApi>;
let organization: Organization;
let user: User;
let token: string;

const implemented = new Set(Object.keys(handlers));

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(email: string): Promise<Session> {
  const response = await call(app.server, 'POST', '/api/auth/login', {
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.payload).toBe(200);
  return JSON.parse(response.payload).session as Session;
}

beforeAll(async () => {
  app = await createTestApp();
  doc = loadOpenApi(app.config.openapiPath);
  organization = await buildOrganization(app.models);
  user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName: 'Super Admin' });
  token = (await signIn(user.email)).access_token;
});
afterAll(async () => {
  await app.close();
});

type Schema = Record<string, unknown>;

function deref(schema: Schema | undefined): Schema {
  let current: Schema = schema ?? {};
  for (let depth = 0; typeof current.$ref === 'string' && depth < 10; depth++) {
    current = resolvePointer(doc, current.$ref) as Schema;
  }
  return current;
}

/** A minimal value a parameter schema accepts (random uuids for ids). */
function sample(raw: Schema | undefined): string {
  const schema = deref(raw);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.const !== undefined) return String(schema.const);
  if (schema.type === 'array') return sample(schema.items as Schema);
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T00:00:00Z';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
}

/** A multipart body with one small file part and the form fields `fields`. */
function multipart(fields: Record<string, string>): { payload: string; contentType: string } {
  const boundary = `----contract${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="quote.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n',
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The smallest well-formed request for an operation: path and required query parameters from
 * their schemas, the organisation header, and `{}` (or a one-file multipart form) as the body.
 */
function minimalRequest(op: OperationInfo, options: { token?: string } = {}) {
  let url = `/api${op.path}`;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, sample(parameter.schema));
    if (parameter.in === 'query' && parameter.required) query.set(parameter.name, sample(parameter.schema));
  }
  if (query.size) url += `?${query.toString()}`;
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (op.organizationHeader === 'required') headers['x-organization-id'] = organization.id;
  let payload: string | object | undefined;
  if (op.requestBody) {
    if (op.requestBody.content['application/json']) {
      payload = {};
    } else if (op.requestBody.content['multipart/form-data']) {
      const form = multipart({ entity_type: 'requisition', entity_id: randomUUID() });
      payload = form.payload;
      headers['content-type'] = form.contentType;
    }
  }
  return { method: op.method.toUpperCase(), url, headers, ...(payload !== undefined ? { payload } : {}) };
}

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

function isGenericNotFound(response: ServerInjectResponse): boolean {
  return response.statusCode === 404 && body(response).message === 'Endpoint not found';
}

const operationCases = contractOperations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const);
const protectedCases = operationCases.filter(([, op]) => op.auth === 'required');
const publicCases = operationCases.filter(([, op]) => op.auth !== 'required');

describe('routing', () => {
  it('serves every handler under an operationId of openapi.yaml', () => {
    const known = new Set(contractOperations.map((op) => op.operationId));
    expect([...implemented].filter((id) => !known.has(id))).toEqual([]);
  });

  it.each(operationCases)('routes %s to its operation', async (_name, op) => {
    // Signing out revokes the caller's session: that call gets a token of its own.
    const callerToken = op.operationId === 'logout' ? (await signIn(user.email)).access_token : token;
    const response = await app.server.inject(minimalRequest(op, { token: callerToken }));
    expect(isGenericNotFound(response), response.payload).toBe(false);
    expect(response.statusCode, response.payload).not.toBe(500);
    if (implemented.has(op.operationId)) {
      expect(response.statusCode, response.payload).not.toBe(501);
      expectContract(response, op.operationId);
      return;
    }
    const answer = body(response);
    if (response.statusCode === 400 && op.requestBody?.content['application/json']) {
      // `{}` misses required fields: validation answers before the 501, which proves the route.
      expect(answer.code).toBe('VALIDATION_FAILED');
      expect(answer.details.length).toBeGreaterThan(0);
      expectContract(response, op.operationId);
      return;
    }
    expect(response.statusCode, response.payload).toBe(501);
    expect(answer).toEqual({
      message: expect.stringContaining(op.operationId),
      code: 'NOT_IMPLEMENTED',
      details: [],
    });
  });

  it('answers the generic JSON 404 for a path outside the contract', async () => {
    const response = await call(app.server, 'GET', '/api/no-such-endpoint', { token });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ message: 'Endpoint not found', code: 'NOT_FOUND', details: [] });
  });

  it('answers the generic JSON 404 for a method the contract does not declare on a path', async () => {
    const response = await call(app.server, 'PATCH', '/api/products', {
      token,
      organizationId: organization.id,
    });
    expect(isGenericNotFound(response)).toBe(true);
  });
});

describe('authentication', () => {
  it.each(protectedCases)('refuses %s without a token with 401 and WWW-Authenticate', async (_name, op) => {
    const response = await app.server.inject(minimalRequest(op));
    expect(response.statusCode, response.payload).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(body(response)).toEqual({ message: expect.any(String), code: 'UNAUTHORIZED', details: [] });
    expectContract(response, op.operationId);
  });

  it.each(protectedCases)('refuses %s with a garbage bearer token with 401', async (_name, op) => {
    const response = await app.server.inject(minimalRequest(op, { token: 'not.a.jwt' }));
    expect(response.statusCode, response.payload).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expectContract(response, op.operationId);
  });

  it.each(publicCases)('answers %s without a token without asking for one', async (_name, op) => {
    const response = await app.server.inject(minimalRequest(op));
    expect(response.statusCode, response.payload).not.toBe(401);
    expect(response.statusCode, response.payload).not.toBe(500);
    expect(isGenericNotFound(response)).toBe(false);
  });
});

describe('successful answers of implemented operations', () => {
  beforeAll(async () => {
    const vendor = await buildVendor(app.models, organization);
    await buildProduct(app.models, organization, { vendor_id: vendor.id });
    await buildProduct(app.models, organization);
    await buildCostCenter(app.models, organization);
    await buildGlAccount(app.models, organization);
  });

  /** A draft requisition of the signed-in user (with its own cost centre and GL account). */
  async function draftRequisition(): Promise<string> {
    const [costCenter, glAccount] = await Promise.all([
      buildCostCenter(app.models, organization),
      buildGlAccount(app.models, organization),
    ]);
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token,
      organizationId: organization.id,
      payload: {
        cost_center_id: costCenter.id,
        gl_account_id: glAccount.id,
        line_items: [{ description: 'Paper', quantity: 2, unit_price: 5.5, unit_of_measure: 'box' }],
      },
    });
    expect(response.statusCode, response.payload).toBe(201);
    return body(response).requisition.id;
  }

  /** A requisition raised by a new User whose manager is the signed-in user: it awaits their approval. */
  async function requisitionAwaitingMe(): Promise<string> {
    const [costCenter, glAccount, requestor] = await Promise.all([
      buildCostCenter(app.models, organization),
      buildGlAccount(app.models, organization),
      buildUser(app.models),
    ]);
    await buildMembership(app.models, { user: requestor, organization, manager: user });
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token: (await signIn(requestor.email)).access_token,
      organizationId: organization.id,
      payload: {
        cost_center_id: costCenter.id,
        gl_account_id: glAccount.id,
        line_items: [{ description: 'Chair', quantity: 1, unit_price: 120, unit_of_measure: 'each' }],
        submit: true,
      },
    });
    expect(response.statusCode, response.payload).toBe(201);
    return body(response).requisition.id;
  }

  /** Uploads a small PDF (the routing test's multipart form) to a draft of the signed-in user, new by default. */
  async function uploadToMyDraft(requisitionId?: string): Promise<ServerInjectResponse> {
    const form = multipart({
      entity_type: 'requisition',
      entity_id: requisitionId ?? (await draftRequisition()),
    });
    return app.server.inject({
      method: 'POST',
      url: '/api/attachments/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-id': organization.id,
        'content-type': form.contentType,
      },
      payload: form.payload,
    });
  }

  /** The id of a file just attached to a new draft of the signed-in user. */
  const myAttachment = async (): Promise<string> => body(await uploadToMyDraft()).attachments[0].id;

  /** One successful call per implemented operation, answering its response. */
  const successes: Record<string, () => Promise<ServerInjectResponse>> = {
    getHealth: () => call(app.server, 'GET', '/api/health'),
    login: () =>
      call(app.server, 'POST', '/api/auth/login', {
        payload: { email: user.email, password: TEST_PASSWORD },
      }),
    refreshSession: async () => {
      const session = await signIn(user.email);
      return call(app.server, 'POST', '/api/auth/refresh', {
        payload: { refresh_token: session.refresh_token },
      });
    },
    logout: async () => {
      const session = await signIn(user.email);
      return call(app.server, 'POST', '/api/auth/logout', {
        token: session.access_token,
        payload: { refresh_token: session.refresh_token },
      });
    },
    getMe: () => call(app.server, 'GET', '/api/auth/me', { token }),
    listOrganizations: () => call(app.server, 'GET', '/api/organizations', { token }),
    getOrganizationSummary: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/summary`, { token }),
    listCostCenters: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/cost-centers`, { token }),
    listGlAccounts: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/gl-accounts`, { token }),
    checkBudget: async () => {
      const costCenter = await buildCostCenter(app.models, organization);
      await app.models.Budget.create({
        organization_id: organization.id,
        cost_center_id: costCenter.id,
        fiscal_year: new Date().getUTCFullYear(),
        allocated_amount: '5000.00',
      });
      return call(app.server, 'GET', `/api/budgets/check?cost_center_id=${costCenter.id}&amount=120.5`, {
        token,
        organizationId: organization.id,
      });
    },
    listProducts: () => call(app.server, 'GET', '/api/products', { token, organizationId: organization.id }),
    listRequisitions: async () => {
      await draftRequisition();
      return call(app.server, 'GET', '/api/requisitions?status=draft&limit=5', {
        token,
        organizationId: organization.id,
      });
    },
    createRequisition: async () => {
      const [costCenter, glAccount] = await Promise.all([
        buildCostCenter(app.models, organization),
        buildGlAccount(app.models, organization),
      ]);
      return call(app.server, 'POST', '/api/requisitions', {
        token,
        organizationId: organization.id,
        payload: {
          cost_center_id: costCenter.id,
          gl_account_id: glAccount.id,
          line_items: [{ description: 'Paper', quantity: 1, unit_price: 9.99, unit_of_measure: 'each' }],
          submit: true,
        },
      });
    },
    getRequisition: async () =>
      call(app.server, 'GET', `/api/requisitions/${await draftRequisition()}`, {
        token,
        organizationId: organization.id,
      }),
    updateRequisition: async () => {
      const id = await draftRequisition();
      const current = body(
        await call(app.server, 'GET', `/api/requisitions/${id}`, { token, organizationId: organization.id }),
      ).requisition;
      return call(app.server, 'PUT', `/api/requisitions/${id}`, {
        token,
        organizationId: organization.id,
        payload: {
          cost_center_id: current.cost_center_id,
          gl_account_id: current.gl_account_id,
          category: 'services',
          line_items: [{ description: 'Toner', quantity: 3, unit_price: 40, unit_of_measure: 'each' }],
        },
      });
    },
    deleteRequisition: async () =>
      call(app.server, 'DELETE', `/api/requisitions/${await draftRequisition()}`, {
        token,
        organizationId: organization.id,
      }),
    submitRequisition: async () =>
      call(app.server, 'POST', `/api/requisitions/${await draftRequisition()}/submit`, {
        token,
        organizationId: organization.id,
      }),
    uploadAttachments: () => uploadToMyDraft(),
    listAttachments: async () => {
      const requisitionId = await draftRequisition();
      await uploadToMyDraft(requisitionId);
      return call(app.server, 'GET', `/api/attachments/requisition/${requisitionId}`, {
        token,
        organizationId: organization.id,
      });
    },
    getAttachmentUrl: async () =>
      call(app.server, 'GET', `/api/attachments/${await myAttachment()}`, {
        token,
        organizationId: organization.id,
      }),
    deleteAttachment: async () =>
      call(app.server, 'DELETE', `/api/attachments/${await myAttachment()}`, {
        token,
        organizationId: organization.id,
      }),
    downloadAttachment: async () => {
      const link = await call(app.server, 'GET', `/api/attachments/${await myAttachment()}`, {
        token,
        organizationId: organization.id,
      });
      return call(app.server, 'GET', body(link).url);
    },
    listPendingApprovals: async () => {
      await requisitionAwaitingMe();
      return call(app.server, 'GET', '/api/approvals/pending?status=Pending&level=1', {
        token,
        organizationId: organization.id,
      });
    },
    listApprovalHistory: () =>
      call(app.server, 'GET', '/api/approvals/history?limit=5', { token, organizationId: organization.id }),
    approveRequisition: async () =>
      call(app.server, 'POST', `/api/approvals/${await requisitionAwaitingMe()}/approve`, {
        token,
        organizationId: organization.id,
        payload: { action: 'approve', comments: 'Within budget.' },
      }),
    rejectRequisition: async () =>
      call(app.server, 'POST', `/api/approvals/${await requisitionAwaitingMe()}/reject`, {
        token,
        organizationId: organization.id,
        payload: { action: 'reject', comments: 'Use the preferred supplier.' },
      }),
    requestRequisitionInfo: async () =>
      call(app.server, 'POST', `/api/approvals/${await requisitionAwaitingMe()}/request-info`, {
        token,
        organizationId: organization.id,
        payload: { action: 'request_info', comments: 'Which model?' },
      }),
    delegateApproval: async () => {
      const delegate = await buildUser(app.models);
      await buildMembership(app.models, { user: delegate, organization, roleName: 'Manager' });
      return call(app.server, 'POST', `/api/approvals/${await requisitionAwaitingMe()}/delegate`, {
        token,
        organizationId: organization.id,
        payload: { action: 'delegate', delegate_to_user_id: delegate.id },
      });
    },
    listDelegateCandidates: async () =>
      call(app.server, 'GET', `/api/approvals/${await requisitionAwaitingMe()}/delegates`, {
        token,
        organizationId: organization.id,
      }),
  };

  it('has a success case for every implemented operation', () => {
    expect(Object.keys(successes).sort()).toEqual([...implemented].sort());
  });

  it.each(Object.keys(successes))('answers %s successfully as the contract declares', async (operationId) => {
    const response = await successes[operationId]!();
    expect(response.statusCode, response.payload).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, response.payload).toBeLessThan(300);
    expectContract(response, operationId);
    // A file download answers bytes, not JSON.
    if (response.payload && String(response.headers['content-type']).startsWith('application/json')) {
      const answer = body(response);
      // Lists are not vacuously valid: the seeded rows are there.
      for (const key of ['organizations', 'cost_centers', 'gl_accounts', 'products']) {
        if (key in answer) expect(answer[key].length).toBeGreaterThan(0);
      }
    }
  });
});
