import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi, type OperationInfo, resolvePointer } from '../src/contract/openapi.js';
import type { Organization, User } from '../src/db/models/index.js';
import { issuePasswordToken } from '../src/features/auth/password-flows.js';
import { handlers } from '../src/server.js';
import { call, contractOperations, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildRequisition,
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
  // Someone other than the Super Admin who can decide their submissions (issue 11 §3: a submission
  // nobody else could approve is refused with 409 NO_APPROVER).
  await buildMembership(app.models, {
    user: await buildUser(app.models),
    organization,
    roleName: 'Finance Manager',
  });
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

  it('never echoes an unknown body key in a message, and names it as the field only when it looks like one', async () => {
    const key = '<img src=x onerror=alert(1)>';
    const hostile = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'a@example.test', password: 'x', [key]: 1 },
    });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.payload).not.toContain('onerror');
    expect(body(hostile).details).toEqual([{ field: 'body', message: 'This field is not allowed' }]);
    const plain = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'a@example.test', password: 'x', remember_me: true },
    });
    expect(body(plain)).toEqual({
      message: 'This field is not allowed',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'remember_me', message: 'This field is not allowed' }],
    });
  });

  it('answers 405 with Allow for a method the contract does not declare on a path it has', async () => {
    const response = await call(app.server, 'PATCH', '/api/products', {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, POST');
    expect(body(response)).toEqual({
      message: 'PATCH is not allowed here: use GET or POST',
      code: 'METHOD_NOT_ALLOWED',
      details: [],
    });
    // A GET on an action path (issue 19: it answered the app's HTML with 200) names the action's method.
    const get = await call(app.server, 'GET', `/api/approvals/${organization.id}/approve`, { token });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(get.headers['content-type']).toMatch(/^application\/json/);
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

  /** A rate of `currency` from 2026-01-01 on, for the exchange-rate operations. */
  async function rateOf(currency: string, rate: number): Promise<string> {
    const [row] = await app.sequelize.query<{ id: string }>(
      `INSERT INTO exchange_rates (organization_id, currency, rate, effective_from)
       VALUES ($1, $2, $3, '2026-01-01') RETURNING id`,
      { bind: [organization.id, currency, rate], type: QueryTypes.SELECT },
    );
    return row!.id;
  }

  /** A webhook endpoint of the organisation, written directly (a loopback URL: no delivery runs here). */
  async function webhookId(): Promise<string> {
    const [row] = await app.sequelize.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (organization_id, url, events, secret)
       VALUES ($1, 'http://127.0.0.1:9/contract', ARRAY['purchase_order.sent'], 'whsec_contract') RETURNING id`,
      { bind: [organization.id], type: QueryTypes.SELECT },
    );
    return row!.id;
  }

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

  /** A new absence of the signed-in user in a week of its own, a new Manager as delegate. */
  let absenceWeeks = 0;
  async function myAbsence() {
    const delegate = await buildUser(app.models);
    await buildMembership(app.models, { user: delegate, organization, roleName: 'Manager' });
    const start = Date.now() + (30 + 7 * ++absenceWeeks) * 86_400_000;
    const response = await call(app.server, 'POST', '/api/users/me/absences', {
      token,
      organizationId: organization.id,
      payload: {
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 86_400_000).toISOString(),
        delegate_user_id: delegate.id,
        note: 'Annual leave.',
      },
    });
    expect(response.statusCode, response.payload).toBe(201);
    return response;
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

  /** The Approve (or Reject) token of the decision mail sent to the signed-in user for a new requisition. */
  async function decisionTokenOf(action: 'approve' | 'reject'): Promise<string> {
    const id = await requisitionAwaitingMe();
    const [mail] = await app.sequelize.query<{ text_body: string }>(
      `SELECT o.text_body FROM email_outbox o JOIN requisitions r ON r.id = $2
        WHERE lower(o.to_address) = lower($1) AND o.subject = 'Awaiting your decision: ' || r.requisition_number`,
      { bind: [user.email, id], type: QueryTypes.SELECT },
    );
    const tokens = [...(mail?.text_body ?? '').matchAll(/\/email-decision\/([A-Za-z0-9_-]+)/g)].map(
      (m) => m[1],
    );
    return tokens[action === 'approve' ? 0 : 1]!;
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

  /** The id of a permission, by name. */
  async function permissionId(name: string): Promise<string> {
    const permission = await app.models.Permission.findOne({ where: { name } });
    return permission!.id;
  }

  /** A new custom role of the organisation, held by nobody, with `purchase_order.view`. */
  async function customRole(): Promise<string> {
    const response = await call(app.server, 'POST', '/api/roles', {
      token,
      organizationId: organization.id,
      payload: {
        name: `Custom ${randomUUID()}`,
        permission_ids: [await permissionId('purchase_order.view')],
      },
    });
    expect(response.statusCode, response.payload).toBe(201);
    return body(response).role.id;
  }

  /** A new 'User' member of the organisation (invited: without a password) and a password token of theirs. */
  async function memberWithToken(purpose: 'invite' | 'reset'): Promise<{ member: User; token: string }> {
    const member = await buildUser(app.models, purpose === 'invite' ? { password: null } : {});
    await buildMembership(app.models, { user: member, organization });
    const issued = await app.sequelize.transaction((transaction) =>
      issuePasswordToken({ sequelize: app.sequelize }, member.id, purpose, organization.id, transaction),
    );
    return { member, token: issued };
  }

  /** The id of one of the organisation's default roles. */
  async function roleId(name: string): Promise<string> {
    const role = await app.models.Role.findOne({ where: { organization_id: organization.id, name } });
    return role!.id;
  }

  /** The id of a file just attached to a new draft of the signed-in user. */
  const myAttachment = async (): Promise<string> => body(await uploadToMyDraft()).attachments[0].id;

  /** Raises an order (as the signed-in Super Admin) from a new approved requisition. */
  async function raisePurchaseOrder(): Promise<ServerInjectResponse> {
    const [requisition, vendor] = await Promise.all([
      buildRequisition(app.models, { organization, requestor: user }),
      buildVendor(app.models, organization),
    ]);
    return call(app.server, 'POST', '/api/purchase-orders', {
      token,
      organizationId: organization.id,
      payload: {
        requisition_id: requisition.id,
        vendor_id: vendor.id,
        payment_terms: 'Net 30',
        delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    });
  }

  /** The id of a new purchase order, sent to its vendor when `sent`. */
  async function myPurchaseOrder(status: 'draft' | 'sent' = 'draft'): Promise<string> {
    const created = await raisePurchaseOrder();
    expect(created.statusCode, created.payload).toBe(201);
    const id: string = body(created).purchase_order.id;
    if (status === 'sent') {
      const sent = await call(app.server, 'POST', `/api/purchase-orders/${id}/send`, {
        token,
        organizationId: organization.id,
      });
      expect(sent.statusCode, sent.payload).toBe(200);
    }
    return id;
  }

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
    getOrganizationSettings: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/settings`, { token }),
    updateOrganizationSettings: async () => {
      const read = await call(app.server, 'GET', `/api/organizations/${organization.id}/settings`, { token });
      return call(app.server, 'PATCH', `/api/organizations/${organization.id}/settings`, {
        token,
        organizationId: organization.id,
        payload: { version: JSON.parse(read.payload).settings.version, phone: '+61 3 9000 1000' },
      });
    },
    getApprovalPolicy: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/approval-policy`, {
        token,
        organizationId: organization.id,
      }),
    updateApprovalPolicy: async () => {
      const read = await call(app.server, 'GET', `/api/organizations/${organization.id}/approval-policy`, {
        token,
        organizationId: organization.id,
      });
      const { version, policy } = JSON.parse(read.payload).approval_policy;
      return call(app.server, 'PUT', `/api/organizations/${organization.id}/approval-policy`, {
        token,
        organizationId: organization.id,
        payload: { version, policy: { ...policy, auto_approve_below: 0 } },
      });
    },
    listApprovalPolicyVersions: () =>
      call(app.server, 'GET', `/api/organizations/${organization.id}/approval-policy/versions`, {
        token,
        organizationId: organization.id,
      }),
    previewApprovalPolicy: () =>
      call(app.server, 'POST', `/api/organizations/${organization.id}/approval-policy/preview`, {
        token,
        organizationId: organization.id,
        payload: { amount: 30000 },
      }),
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
    listExchangeRates: async () => {
      await rateOf('CAD', 0.9);
      return call(app.server, 'GET', '/api/exchange-rates', { token, organizationId: organization.id });
    },
    createExchangeRate: () =>
      call(app.server, 'POST', '/api/exchange-rates', {
        token,
        organizationId: organization.id,
        payload: { currency: 'JPY', rate: 0.0101, effective_from: '2026-01-01' },
      }),
    updateExchangeRate: async () =>
      call(app.server, 'PUT', `/api/exchange-rates/${await rateOf('GBP', 1.9)}`, {
        token,
        organizationId: organization.id,
        payload: { rate: 1.95, effective_from: '2026-02-01' },
      }),
    deleteExchangeRate: async () =>
      call(app.server, 'DELETE', `/api/exchange-rates/${await rateOf('CHF', 1.7)}`, {
        token,
        organizationId: organization.id,
      }),
    listBudgets: () => call(app.server, 'GET', '/api/budgets', { token, organizationId: organization.id }),
    getSpendReport: () =>
      call(app.server, 'GET', '/api/reports/spend?group_by=cost_center', {
        token,
        organizationId: organization.id,
      }),
    getBudgetVsActualReport: () =>
      call(app.server, 'GET', '/api/reports/budget-vs-actual', { token, organizationId: organization.id }),
    getApprovalCycleTimeReport: () =>
      call(app.server, 'GET', '/api/reports/approval-cycle-time', { token, organizationId: organization.id }),
    getOpenCommitmentsReport: () =>
      call(app.server, 'GET', '/api/reports/open-commitments', { token, organizationId: organization.id }),
    createBudget: async () =>
      call(app.server, 'POST', '/api/budgets', {
        token,
        organizationId: organization.id,
        payload: {
          cost_center_id: (await buildCostCenter(app.models, organization)).id,
          fiscal_year: 2026,
          allocated: 1000,
        },
      }),
    updateBudget: async () => {
      const costCenter = await buildCostCenter(app.models, organization);
      const budget = await app.models.Budget.create({
        organization_id: organization.id,
        cost_center_id: costCenter.id,
        fiscal_year: 2026,
        allocated_amount: '10.00',
      });
      return call(app.server, 'PATCH', `/api/budgets/${budget.id}`, {
        token,
        organizationId: organization.id,
        payload: { allocated: 20 },
      });
    },
    getBudgetPolicy: () =>
      call(app.server, 'GET', '/api/budgets/policy', { token, organizationId: organization.id }),
    updateBudgetPolicy: () =>
      call(app.server, 'PUT', '/api/budgets/policy', {
        token,
        organizationId: organization.id,
        payload: { budget_policy: 'require_finance' },
      }),
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
    verifyRequisitionHistory: async () =>
      call(app.server, 'GET', `/api/requisitions/${await draftRequisition()}/history/verify`, {
        token,
        organizationId: organization.id,
      }),
    exportRequisitionHistory: async () =>
      call(app.server, 'GET', `/api/requisitions/${await draftRequisition()}/history/export?format=pdf`, {
        token,
        organizationId: organization.id,
      }),
    verifyAuditChain: async () =>
      call(app.server, 'GET', '/api/audit/chain/verify', { token, organizationId: organization.id }),
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
    decideApprovalsInBulk: async () =>
      call(app.server, 'POST', '/api/approvals/bulk', {
        token,
        organizationId: organization.id,
        payload: {
          action: 'approve',
          comments: 'Within budget.',
          requisition_ids: [await requisitionAwaitingMe()],
        },
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
    exportRequisitions: async () => {
      await draftRequisition();
      return call(app.server, 'GET', '/api/requisitions/export?status=draft', {
        token,
        organizationId: organization.id,
      });
    },
    exportPurchaseOrders: () =>
      call(app.server, 'GET', '/api/purchase-orders/export', { token, organizationId: organization.id }),
    listNotifications: () =>
      call(app.server, 'GET', '/api/notifications?unread_only=true', {
        token,
        organizationId: organization.id,
      }),
    getUnreadNotificationCount: () =>
      call(app.server, 'GET', '/api/notifications/unread-count', { token, organizationId: organization.id }),
    markNotificationRead: async () => {
      const [row] = await app.sequelize.query<{ id: string }>(
        `INSERT INTO notifications (organization_id, user_id, kind, message, subject_type, subject_id, requisition_id)
         VALUES ($1, $2, 'requisition_approved', 'Approved.', 'requisition', $3, $3) RETURNING id`,
        { bind: [organization.id, user.id, randomUUID()], type: QueryTypes.SELECT },
      );
      return call(app.server, 'POST', `/api/notifications/${row!.id}/read`, {
        token,
        organizationId: organization.id,
      });
    },
    markAllNotificationsRead: () =>
      call(app.server, 'POST', '/api/notifications/read-all', { token, organizationId: organization.id }),
    getNotificationPreferences: () =>
      call(app.server, 'GET', '/api/users/me/notification-preferences', {
        token,
        organizationId: organization.id,
      }),
    updateNotificationPreferences: async () => {
      const current = body(
        await call(app.server, 'GET', '/api/users/me/notification-preferences', {
          token,
          organizationId: organization.id,
        }),
      );
      return call(app.server, 'PUT', '/api/users/me/notification-preferences', {
        token,
        organizationId: organization.id,
        payload: { ...current, daily_digest: true },
      });
    },
    listMyAbsences: () =>
      call(app.server, 'GET', '/api/users/me/absences', { token, organizationId: organization.id }),
    createMyAbsence: () => myAbsence(),
    listAbsenceDelegates: () =>
      call(app.server, 'GET', '/api/users/me/absence-delegates', { token, organizationId: organization.id }),
    updateMyAbsence: async () =>
      call(app.server, 'PATCH', `/api/users/me/absences/${body(await myAbsence()).absence.id}`, {
        token,
        organizationId: organization.id,
        payload: { note: 'Back a day later.' },
      }),
    cancelMyAbsence: async () =>
      call(app.server, 'DELETE', `/api/users/me/absences/${body(await myAbsence()).absence.id}`, {
        token,
        organizationId: organization.id,
      }),
    listDelegateCandidates: async () =>
      call(app.server, 'GET', `/api/approvals/${await requisitionAwaitingMe()}/delegates`, {
        token,
        organizationId: organization.id,
      }),
    listPurchaseOrders: async () => {
      await myPurchaseOrder();
      return call(app.server, 'GET', '/api/purchase-orders?status=draft&status=sent&limit=5', {
        token,
        organizationId: organization.id,
      });
    },
    createPurchaseOrder: () => raisePurchaseOrder(),
    getPurchaseOrder: async () =>
      call(app.server, 'GET', `/api/purchase-orders/${await myPurchaseOrder()}`, {
        token,
        organizationId: organization.id,
      }),
    updatePurchaseOrder: async () =>
      call(app.server, 'PUT', `/api/purchase-orders/${await myPurchaseOrder()}`, {
        token,
        organizationId: organization.id,
        payload: { payment_terms: 'COD', notes: 'Call before delivery' },
      }),
    sendPurchaseOrder: async () =>
      call(app.server, 'POST', `/api/purchase-orders/${await myPurchaseOrder()}/send`, {
        token,
        organizationId: organization.id,
      }),
    cancelPurchaseOrder: async () =>
      call(app.server, 'POST', `/api/purchase-orders/${await myPurchaseOrder('sent')}/cancel`, {
        token,
        organizationId: organization.id,
        payload: { reason: 'Ordered in error' },
      }),
    receivePurchaseOrder: async () =>
      call(app.server, 'POST', `/api/purchase-orders/${await myPurchaseOrder('sent')}/receive`, {
        token,
        organizationId: organization.id,
        payload: { notes: 'Complete' },
      }),
    listPurchaseOrderReceipts: async () =>
      call(app.server, 'GET', `/api/purchase-orders/${await myPurchaseOrder('sent')}/receipts`, {
        token,
        organizationId: organization.id,
      }),
    createPurchaseOrderReceipt: async () => {
      const id = await myPurchaseOrder('sent');
      const [line] = await app.sequelize.query<{ id: string }>(
        'SELECT id FROM po_line_items WHERE purchase_order_id = $1 ORDER BY position LIMIT 1',
        { bind: [id], type: QueryTypes.SELECT },
      );
      return call(app.server, 'POST', `/api/purchase-orders/${id}/receipts`, {
        token,
        organizationId: organization.id,
        payload: { lines: [{ po_line_item_id: line!.id, quantity: 1 }] },
      });
    },
    listWebhooks: () => call(app.server, 'GET', '/api/webhooks', { token, organizationId: organization.id }),
    createWebhook: () =>
      call(app.server, 'POST', '/api/webhooks', {
        token,
        organizationId: organization.id,
        payload: { url: 'http://127.0.0.1:9/contract', events: ['purchase_order.sent'] },
      }),
    getWebhook: async () =>
      call(app.server, 'GET', `/api/webhooks/${await webhookId()}`, {
        token,
        organizationId: organization.id,
      }),
    updateWebhook: async () =>
      call(app.server, 'PUT', `/api/webhooks/${await webhookId()}`, {
        token,
        organizationId: organization.id,
        payload: { url: 'http://127.0.0.1:9/contract', events: ['requisition.approved'], is_active: false },
      }),
    deleteWebhook: async () =>
      call(app.server, 'DELETE', `/api/webhooks/${await webhookId()}`, {
        token,
        organizationId: organization.id,
      }),
    rotateWebhookSecret: async () =>
      call(app.server, 'POST', `/api/webhooks/${await webhookId()}/rotate-secret`, {
        token,
        organizationId: organization.id,
      }),
    testWebhook: async () =>
      call(app.server, 'POST', `/api/webhooks/${await webhookId()}/test`, {
        token,
        organizationId: organization.id,
      }),
    listWebhookDeliveries: async () => {
      const id = await webhookId();
      await call(app.server, 'POST', `/api/webhooks/${id}/test`, { token, organizationId: organization.id });
      return call(app.server, 'GET', `/api/webhooks/${id}/deliveries`, {
        token,
        organizationId: organization.id,
      });
    },
    redeliverWebhookDelivery: async () => {
      const id = await webhookId();
      const queued = await call(app.server, 'POST', `/api/webhooks/${id}/test`, {
        token,
        organizationId: organization.id,
      });
      return call(
        app.server,
        'POST',
        `/api/webhooks/deliveries/${JSON.parse(queued.payload).delivery.id}/redeliver`,
        {
          token,
          organizationId: organization.id,
        },
      );
    },
    listVendors: () => call(app.server, 'GET', '/api/vendors', { token, organizationId: organization.id }),
    getVendor: async () =>
      call(app.server, 'GET', `/api/vendors/${(await buildVendor(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    createVendor: () =>
      call(app.server, 'POST', '/api/vendors', {
        token,
        organizationId: organization.id,
        payload: { name: `Contract Supplies ${Date.now()}`, currency: 'EUR', tax_number: 'VAT DE123456789' },
      }),
    updateVendor: async () =>
      call(app.server, 'PUT', `/api/vendors/${(await buildVendor(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
        payload: {
          name: `Contract Supplies ${Date.now()} (renamed)`,
          payment_terms: 'Net 15',
          is_active: true,
        },
      }),
    deleteVendor: async () =>
      call(app.server, 'DELETE', `/api/vendors/${(await buildVendor(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    getVendorSpend: async () =>
      call(app.server, 'GET', `/api/vendors/${(await buildVendor(app.models, organization)).id}/spend`, {
        token,
        organizationId: organization.id,
      }),
    createProduct: async () => {
      const vendor = await buildVendor(app.models, organization);
      return call(app.server, 'POST', '/api/products', {
        token,
        organizationId: organization.id,
        payload: {
          name: `Contract Paper ${Date.now()}`,
          unit_price: 40,
          unit_of_measure: 'box',
          category: 'Stationery',
          vendor_id: vendor.id,
          prices: [
            { vendor_id: vendor.id, unit_price: 38.5, effective_from: '2026-01-01', effective_to: null },
          ],
        },
      });
    },
    getProduct: async () =>
      call(app.server, 'GET', `/api/products/${(await buildProduct(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    updateProduct: async () =>
      call(app.server, 'PUT', `/api/products/${(await buildProduct(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
        payload: { name: `Contract Paper ${Date.now()} (renamed)`, unit_price: 41, unit_of_measure: 'box' },
      }),
    deleteProduct: async () =>
      call(app.server, 'DELETE', `/api/products/${(await buildProduct(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    previewProductImport: () =>
      call(app.server, 'POST', '/api/products/import/preview', {
        token,
        organizationId: organization.id,
        payload: {
          rows: [
            { name: 'Preview only', unit_price: '1.50' },
            { name: '', unit_price: 'x' },
          ],
        },
      }),
    importProducts: () =>
      call(app.server, 'POST', '/api/products/import', {
        token,
        organizationId: organization.id,
        payload: {
          rows: [{ name: `Contract Import ${Date.now()}`, unit_price: '1.50', unit_of_measure: 'box' }],
        },
      }),
    listVendorProducts: async () => {
      const vendor = await buildVendor(app.models, organization);
      await buildProduct(app.models, organization, { vendor_id: vendor.id });
      return call(app.server, 'GET', `/api/vendors/${vendor.id}/products`, {
        token,
        organizationId: organization.id,
      });
    },
    getEmailDecision: async () =>
      call(app.server, 'GET', `/api/email-decisions/${await decisionTokenOf('approve')}`),
    decideByEmail: async () =>
      call(app.server, 'POST', `/api/email-decisions/${await decisionTokenOf('reject')}`, {
        payload: { comment: 'Use the preferred supplier.' },
      }),
    forgotPassword: () =>
      call(app.server, 'POST', '/api/auth/forgot-password', { payload: { email: user.email } }),
    checkPasswordToken: async () =>
      call(app.server, 'POST', '/api/auth/check-token', {
        payload: { token: (await memberWithToken('reset')).token, purpose: 'reset' },
      }),
    resetPassword: async () =>
      call(app.server, 'POST', '/api/auth/reset-password', {
        payload: { token: (await memberWithToken('reset')).token, password: 'N3w-password' },
      }),
    acceptInvite: async () =>
      call(app.server, 'POST', '/api/auth/accept-invite', {
        payload: { token: (await memberWithToken('invite')).token, password: 'N3w-password' },
      }),
    listUsers: () => call(app.server, 'GET', '/api/users', { token, organizationId: organization.id }),
    createUser: async () =>
      call(app.server, 'POST', '/api/users', {
        token,
        organizationId: organization.id,
        payload: {
          first_name: 'Nina',
          last_name: 'Shaw',
          email: `nina-${randomUUID()}@example.test`,
          role_id: await roleId('User'),
        },
      }),
    getUser: async () =>
      call(app.server, 'GET', `/api/users/${(await memberWithToken('reset')).member.id}`, {
        token,
        organizationId: organization.id,
      }),
    updateUser: async () =>
      call(app.server, 'PUT', `/api/users/${(await memberWithToken('reset')).member.id}`, {
        token,
        organizationId: organization.id,
        payload: { first_name: 'Renamed', phone: '+61 2 9000 0001' },
      }),
    deactivateUser: async () =>
      call(app.server, 'DELETE', `/api/users/${(await memberWithToken('reset')).member.id}`, {
        token,
        organizationId: organization.id,
      }),
    resetUserPassword: async () =>
      call(app.server, 'POST', `/api/users/${(await memberWithToken('reset')).member.id}/reset-password`, {
        token,
        organizationId: organization.id,
      }),
    assignUserRole: async () =>
      call(app.server, 'POST', `/api/users/${(await memberWithToken('reset')).member.id}/roles`, {
        token,
        organizationId: organization.id,
        payload: { role_id: await roleId('Manager'), department_id: null, manager_id: user.id },
      }),
    listRoles: () => call(app.server, 'GET', '/api/roles', { token, organizationId: organization.id }),
    listPermissions: () =>
      call(app.server, 'GET', '/api/roles/permissions', { token, organizationId: organization.id }),
    getRole: async () =>
      call(app.server, 'GET', `/api/roles/${await customRole()}`, { token, organizationId: organization.id }),
    createRole: async () =>
      call(app.server, 'POST', '/api/roles', {
        token,
        organizationId: organization.id,
        payload: {
          name: `Buyer ${randomUUID()}`,
          description: 'Buys',
          permission_ids: [await permissionId('purchase_order.manage')],
        },
      }),
    updateRole: async () =>
      call(app.server, 'PUT', `/api/roles/${await customRole()}`, {
        token,
        organizationId: organization.id,
        payload: { name: `Purchaser ${randomUUID()}`, description: 'Renamed' },
      }),
    deleteRole: async () =>
      call(app.server, 'DELETE', `/api/roles/${await customRole()}`, {
        token,
        organizationId: organization.id,
      }),
    addRolePermissions: async () =>
      call(app.server, 'POST', `/api/roles/${await customRole()}/permissions`, {
        token,
        organizationId: organization.id,
        payload: { permission_ids: [await permissionId('vendor.manage')] },
      }),
    removeRolePermission: async () =>
      call(
        app.server,
        'DELETE',
        `/api/roles/${await customRole()}/permissions/${await permissionId('purchase_order.view')}`,
        { token, organizationId: organization.id },
      ),
    listDepartments: async () => {
      await buildDepartment(app.models, organization);
      return call(app.server, 'GET', '/api/departments', { token, organizationId: organization.id });
    },
    createDepartment: () =>
      call(app.server, 'POST', '/api/departments', {
        token,
        organizationId: organization.id,
        payload: {
          name: 'Finance',
          code: `fin${randomUUID().slice(0, 8)}`,
          description: 'Accounts payable',
          department_head_id: user.id,
          parent_department_id: null,
        },
      }),
    getDepartment: async () =>
      call(app.server, 'GET', `/api/departments/${(await buildDepartment(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    updateDepartment: async () => {
      const parent = await buildDepartment(app.models, organization);
      const department = await buildDepartment(app.models, organization);
      return call(app.server, 'PUT', `/api/departments/${department.id}`, {
        token,
        organizationId: organization.id,
        payload: {
          name: 'Operations',
          code: department.code,
          department_head_id: user.id,
          parent_department_id: parent.id,
        },
      });
    },
    deactivateDepartment: async () =>
      call(app.server, 'DELETE', `/api/departments/${(await buildDepartment(app.models, organization)).id}`, {
        token,
        organizationId: organization.id,
      }),
    listDepartmentUsers: async () => {
      const department = await buildDepartment(app.models, organization);
      const member = await buildUser(app.models);
      await buildMembership(app.models, { user: member, organization, department, manager: user });
      return call(app.server, 'GET', `/api/departments/${department.id}/users`, {
        token,
        organizationId: organization.id,
      });
    },
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
      for (const key of [
        'organizations',
        'cost_centers',
        'gl_accounts',
        'products',
        'departments',
        'permissions',
      ]) {
        if (key in answer) expect(answer[key].length).toBeGreaterThan(0);
      }
    }
  });
});
