import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationInfo } from '../src/contract/openapi.js';
import { DEFAULT_ROLES, type DefaultRoleName } from '../src/db/defaults.js';
import type { CostCenter, GlAccount, Organization, User, Vendor } from '../src/db/models/index.js';
import { handlers } from '../src/server.js';
import { accessTokenFor, call, contractOperations, createTestApp, expectContract } from './app.js';
import {
  buildBudget,
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildPdfBytes,
  buildProduct,
  buildRequisition,
  buildUser,
  buildVendor,
  uniqueSuffix,
} from './factories.js';

/**
 * The access matrix (SECURITY 12, 22; issue 11): every operation of openapi.yaml, called as
 * anonymous, as a member of each default role, and as a member of another organisation, with a
 * valid request and an invalid one. The expected status of each call is derived from the
 * operation's `x-permission` and the role's permissions (DECISIONS §2), never written by hand:
 * - anonymous → 401 for every operation that is not public;
 * - a member of another organisation naming this one → 403 (400/404 where the organisation is in the
 *   path), whatever the body;
 * - a member whose role lacks the permission → 403 for the valid and the invalid request (403 before
 *   400: the body is not even read);
 * - a member who may call it → 400 for the invalid request, and the operation's success status for
 *   the valid one (501 for the calls the contract declares ahead of their implementation).
 * Then another organisation's Super Admin, in their own organisation, names this organisation's
 * records: 404 (or 400 for ids in bodies) on every operation, no foreign row in any list, and this
 * organisation's rows are byte-for-byte unchanged. An operation without a recipe below fails.
 */

const app = await createTestApp();
afterAll(async () => {
  await app.close();
});

interface Member {
  user: User;
  token: string;
  role: DefaultRoleName | 'outsider' | 'anonymous';
  permissions: ReadonlySet<string>;
  /** A user of the User role whose manager this member is (approval steps open to them). */
  report?: { user: User; token: string };
}

interface World {
  organization: Organization;
  other: Organization;
  costCenter: CostCenter;
  glAccount: GlAccount;
  vendor: Vendor;
  members: Member[];
  superAdmin: Member;
  finance: Member;
  generalManager: Member;
  outsider: Member;
  otherCostCenter: CostCenter;
  otherGlAccount: GlAccount;
}

let world: World;

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function signedIn(user: User) {
  return accessTokenFor(app.server, user);
}

beforeAll(async () => {
  const organization = await buildOrganization(app.models);
  const other = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const vendor = await buildVendor(app.models, organization);
  const members: Member[] = [];
  for (const role of DEFAULT_ROLES) {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName: role.name });
    const reportUser = await buildUser(app.models);
    await buildMembership(app.models, { user: reportUser, organization, roleName: 'User', manager: user });
    members.push({
      user,
      token: await signedIn(user),
      role: role.name,
      permissions: new Set(role.permissions),
      report: { user: reportUser, token: await signedIn(reportUser) },
    });
  }
  const outsiderUser = await buildUser(app.models);
  await buildMembership(app.models, { user: outsiderUser, organization: other, roleName: 'Super Admin' });
  const outsider: Member = {
    user: outsiderUser,
    token: await signedIn(outsiderUser),
    role: 'outsider',
    permissions: new Set(),
  };
  const byRole = (name: DefaultRoleName) => members.find((m) => m.role === name)!;
  world = {
    organization,
    other,
    costCenter,
    glAccount,
    vendor,
    members,
    superAdmin: byRole('Super Admin'),
    finance: byRole('Finance Manager'),
    generalManager: byRole('General Manager'),
    outsider,
    otherCostCenter: await buildCostCenter(app.models, other),
    otherGlAccount: await buildGlAccount(app.models, other),
  };
});

/* ---------- fixtures, made fresh for the calls that change them ---------- */

type Caller = Member;

/** The member who owns fixtures a call needs: the caller when they belong to the organisation. */
const ownerOf = (caller: Caller) =>
  caller.role === 'outsider' || caller.role === 'anonymous' ? world.superAdmin : caller;

async function api(as: Pick<Member, 'token'>, method: string, url: string, payload?: unknown) {
  const response = await call(app.server, method, `/api${url}`, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`fixture ${method} ${url}: ${response.payload}`);
  return body(response);
}

const requisitionForm = (overrides: Record<string, unknown> = {}) => ({
  cost_center_id: world.costCenter.id,
  gl_account_id: world.glAccount.id,
  category: 'standard',
  justification: 'Access matrix',
  line_items: [{ description: 'Paper', quantity: 1, unit_price: 100, unit_of_measure: 'each' }],
  ...overrides,
});

async function draftOf(caller: Caller): Promise<string> {
  return (await api(ownerOf(caller), 'POST', '/requisitions', requisitionForm())).requisition.id;
}

/** A requisition under review whose open step is the caller's (raised by the caller's report). */
async function pendingFor(caller: Caller): Promise<string> {
  const approver = caller.report ? caller : world.superAdmin;
  return (await api(approver.report!, 'POST', '/requisitions', requisitionForm({ submit: true }))).requisition
    .id;
}

function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[]) {
  const boundary = `matrix-${uniqueSuffix()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function attachmentOf(caller: Caller): Promise<{ requisitionId: string; attachmentId: string }> {
  const owner = ownerOf(caller);
  const requisitionId = await draftOf(caller);
  const form = multipart({ entity_type: 'requisition', entity_id: requisitionId }, [
    { name: 'quote.pdf', bytes: buildPdfBytes() },
  ]);
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/attachments/upload',
    headers: {
      authorization: `Bearer ${owner.token}`,
      'x-organization-id': world.organization.id,
      'content-type': form.contentType,
    },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`fixture upload: ${response.payload}`);
  return { requisitionId, attachmentId: body(response).attachments[0].id };
}

async function memberOfOrganization(): Promise<User> {
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization: world.organization, roleName: 'User' });
  return user;
}

/** Vendor names are unique in an organisation: a number of its own per request. */
let vendorNames = 0;
/** Product names too. */
let productNames = 0;

/** Days back of the exchange rates the recipes make (each on a day of its own). */
let rateDays = 0;

/** A day no rate of the recipes used yet (`YYYY-MM-DD`, going back from yesterday). */
function nextRateDay(): string {
  rateDays += 1;
  return day(-rateDays);
}

/** A USD rate of this organisation, on a day of its own. */
async function exchangeRate(): Promise<string> {
  rateDays += 1;
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO exchange_rates (organization_id, currency, rate, effective_from)
     VALUES ($1, 'USD', 1.5, (now() AT TIME ZONE 'UTC')::date - $2::int) RETURNING id`,
    { bind: [world.organization.id, rateDays], type: QueryTypes.SELECT },
  );
  return row!.id;
}

/** A webhook endpoint of this organisation (a loopback URL: nothing is delivered in this test). */
async function webhookId(): Promise<string> {
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (organization_id, url, events, secret)
     VALUES ($1, 'http://127.0.0.1:9/matrix', ARRAY['purchase_order.sent'], 'whsec_matrix') RETURNING id`,
    { bind: [world.organization.id], type: QueryTypes.SELECT },
  );
  return row!.id;
}

/** A delivery of a webhook endpoint of this organisation. */
async function webhookDeliveryId(): Promise<string> {
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id, event_type, payload, status)
     VALUES ($1, $2, gen_random_uuid(), 'webhook.test', '{}'::jsonb, 'failed') RETURNING id`,
    { bind: [world.organization.id, await webhookId()], type: QueryTypes.SELECT },
  );
  return row!.id;
}

const WEBHOOK_FORM = { url: 'http://127.0.0.1:9/matrix', events: ['purchase_order.sent'] };

async function roleId(name: string): Promise<string> {
  const [row] = await app.sequelize.query<{ id: string }>(
    'SELECT id FROM roles WHERE organization_id = $1 AND name = $2',
    { bind: [world.organization.id, name], type: QueryTypes.SELECT },
  );
  return row!.id;
}

async function permissionId(name: string): Promise<string> {
  const [row] = await app.sequelize.query<{ id: string }>('SELECT id FROM permissions WHERE name = $1', {
    bind: [name],
    type: QueryTypes.SELECT,
  });
  return row!.id;
}

async function freshRole(withPermission = false): Promise<string> {
  const id = (await api(world.superAdmin, 'POST', '/roles', { name: `Matrix ${uniqueSuffix()}` })).role.id;
  if (withPermission) {
    await api(world.superAdmin, 'POST', `/roles/${id}/permissions`, {
      permission_ids: [await permissionId('requisition.create')],
    });
  }
  return id;
}

async function freshDepartment(): Promise<string> {
  const code = `M${uniqueSuffix()}`;
  return (await api(world.superAdmin, 'POST', '/departments', { name: `Matrix ${code}`, code })).department
    .id;
}

/** The organisation's current settings version (a change must name it). */
async function settingsVersion(): Promise<number> {
  return (await api(world.superAdmin, 'GET', `/organizations/${world.organization.id}/settings`)).settings
    .version;
}

/** The organisation's current approval policy and version (a save must name the version). */
async function approvalPolicy(): Promise<{ version: number; policy: object }> {
  return (await api(world.superAdmin, 'GET', `/organizations/${world.organization.id}/approval-policy`))
    .approval_policy;
}

async function freshBudget(): Promise<string> {
  return (await buildBudget(app.models, await buildCostCenter(app.models, world.organization))).id;
}

async function orderIn(status: 'draft' | 'sent'): Promise<string> {
  const requisition = await buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.superAdmin.user,
    costCenter: world.costCenter,
    glAccount: world.glAccount,
  });
  const order = (
    await api(world.superAdmin, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(14),
    })
  ).purchase_order;
  if (status === 'sent') await api(world.superAdmin, 'POST', `/purchase-orders/${order.id}/send`);
  return order.id;
}

/* ---------- one recipe per operation ---------- */

interface Call {
  url: string;
  payload?: unknown;
  contentType?: string;
}

interface Recipe {
  /** A valid request for `caller` (fixtures made as needed). */
  valid(caller: Caller): Promise<Call>;
  /** The same operation with an input the contract refuses (null: the operation takes no input). */
  invalid: ((caller: Caller) => Promise<Call>) | null;
  /** Success status of the valid request for a caller who may make it. */
  success: number;
}

const BAD = 'not-a-uuid';

/** Out-of-office windows a week apart from day 400 on: no two of the matrix's absences overlap. */
let absenceWindows = 0;
function absenceInput(caller: Caller) {
  const start = Date.now() + (400 + 7 * ++absenceWindows) * 86_400_000;
  const delegate = caller.user.id === world.finance.user.id ? world.generalManager : world.finance;
  return {
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 86_400_000).toISOString(),
    delegate_user_id: delegate.user.id,
  };
}

/** An absence of the caller (of its owner for anonymous and outsiders), written directly. */
async function absenceOf(caller: Caller): Promise<string> {
  const owner = ownerOf(caller);
  const input = absenceInput(owner);
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO user_absences (organization_id, user_id, delegate_id, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    {
      bind: [world.organization.id, owner.user.id, input.delegate_user_id, input.starts_at, input.ends_at],
      type: QueryTypes.SELECT,
    },
  );
  return row!.id;
}
/** A notification of the caller (of its owner for anonymous and outsiders), written directly. */
async function notificationOf(caller: Caller): Promise<string> {
  const owner = ownerOf(caller);
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO notifications (organization_id, user_id, kind, message, subject_type, subject_id, requisition_id)
     VALUES ($1, $2, 'approval_requested', 'A matrix notification.', 'requisition', $3, $3) RETURNING id`,
    { bind: [world.organization.id, owner.user.id, randomUUID()], type: QueryTypes.SELECT },
  );
  return row!.id;
}

const NOTIFICATION_PREFERENCES = {
  kinds: Object.fromEntries(
    [
      'approval_requested',
      'step_delegated',
      'requisition_approved',
      'requisition_rejected',
      'requisition_info_requested',
      'order_received',
    ].map((kind) => [kind, { in_app: true, email: true }]),
  ),
  daily_digest: false,
};

const unknownField = { matrix_unknown_field: true };
const simple = (url: string, success = 200, invalidUrl: string | null = null): Recipe => ({
  valid: async () => ({ url }),
  invalid: invalidUrl ? async () => ({ url: invalidUrl }) : null,
  success,
});

const recipes: Record<string, Recipe> = {
  getMe: simple('/auth/me'),
  listOrganizations: simple('/organizations'),
  getOrganizationSummary: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/summary` }),
    invalid: async () => ({ url: `/organizations/${BAD}/summary` }),
    success: 200,
  },
  listCostCenters: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/cost-centers` }),
    invalid: async () => ({ url: `/organizations/${BAD}/cost-centers` }),
    success: 200,
  },
  listGlAccounts: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/gl-accounts` }),
    invalid: async () => ({ url: `/organizations/${BAD}/gl-accounts` }),
    success: 200,
  },
  getOrganizationSettings: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/settings` }),
    invalid: async () => ({ url: `/organizations/${BAD}/settings` }),
    success: 200,
  },
  updateOrganizationSettings: {
    // The version last read, so each allowed caller's change is made from the current one.
    valid: async () => ({
      url: `/organizations/${world.organization.id}/settings`,
      payload: { version: await settingsVersion(), phone: `+61 3 ${uniqueSuffix()}` },
    }),
    invalid: async () => ({
      url: `/organizations/${world.organization.id}/settings`,
      payload: { version: 1, fiscal_year_start: 13 },
    }),
    success: 200,
  },
  getApprovalPolicy: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/approval-policy` }),
    invalid: async () => ({ url: `/organizations/${BAD}/approval-policy` }),
    success: 200,
  },
  updateApprovalPolicy: {
    // The current policy saved again: allowed, and nothing changes for the other recipes.
    valid: async () => {
      const { version, policy } = await approvalPolicy();
      return { url: `/organizations/${world.organization.id}/approval-policy`, payload: { version, policy } };
    },
    invalid: async () => ({
      url: `/organizations/${world.organization.id}/approval-policy`,
      payload: { version: 1, policy: { auto_approve_below: 0, levels: [] } },
    }),
    success: 200,
  },
  listApprovalPolicyVersions: {
    valid: async () => ({ url: `/organizations/${world.organization.id}/approval-policy/versions` }),
    invalid: async () => ({ url: `/organizations/${BAD}/approval-policy/versions` }),
    success: 200,
  },
  previewApprovalPolicy: {
    valid: async () => ({
      url: `/organizations/${world.organization.id}/approval-policy/preview`,
      payload: { amount: 30000 },
    }),
    invalid: async () => ({
      url: `/organizations/${world.organization.id}/approval-policy/preview`,
      payload: { amount: -1 },
    }),
    success: 200,
  },
  listProducts: simple('/products', 200, '/products?matrix_unknown=1'),
  createProduct: {
    // A name of its own per request (names are unique in an organisation).
    valid: async () => ({
      url: '/products',
      payload: { name: `Matrix Pens ${++productNames}`, unit_price: 2, unit_of_measure: 'box' },
    }),
    invalid: async () => ({ url: '/products', payload: unknownField }),
    success: 201,
  },
  getProduct: {
    valid: async () => ({ url: `/products/${(await buildProduct(app.models, world.organization)).id}` }),
    invalid: async () => ({ url: `/products/${BAD}` }),
    success: 200,
  },
  updateProduct: {
    valid: async () => ({
      url: `/products/${(await buildProduct(app.models, world.organization)).id}`,
      payload: { name: `Matrix Pens ${++productNames}`, unit_price: 2, unit_of_measure: 'box' },
    }),
    invalid: async () => ({ url: `/products/${BAD}`, payload: unknownField }),
    success: 200,
  },
  deleteProduct: {
    valid: async () => ({ url: `/products/${(await buildProduct(app.models, world.organization)).id}` }),
    invalid: async () => ({ url: `/products/${BAD}` }),
    success: 204,
  },
  previewProductImport: {
    valid: async () => ({
      url: '/products/import/preview',
      payload: { rows: [{ name: 'Pens', unit_price: '2' }] },
    }),
    invalid: async () => ({ url: '/products/import/preview', payload: { rows: [] } }),
    success: 200,
  },
  importProducts: {
    valid: async () => ({
      url: '/products/import',
      payload: { rows: [{ name: `Matrix Import ${++productNames}`, unit_price: '2' }] },
    }),
    invalid: async () => ({ url: '/products/import', payload: { rows: [] } }),
    success: 201,
  },
  listRequisitions: simple('/requisitions', 200, '/requisitions?limit=0'),
  exportRequisitions: simple('/requisitions/export', 200, '/requisitions/export?limit=1'),
  createRequisition: {
    valid: async () => ({ url: '/requisitions', payload: requisitionForm() }),
    invalid: async () => ({ url: '/requisitions', payload: requisitionForm({ total_amount: 1 }) }),
    success: 201,
  },
  getRequisition: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}` }),
    invalid: async () => ({ url: `/requisitions/${BAD}` }),
    success: 200,
  },
  updateRequisition: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}`, payload: requisitionForm() }),
    invalid: async (caller) => ({
      url: `/requisitions/${await draftOf(caller)}`,
      payload: requisitionForm({ status: 'approved' }),
    }),
    success: 200,
  },
  deleteRequisition: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}` }),
    invalid: async () => ({ url: `/requisitions/${BAD}` }),
    success: 204,
  },
  submitRequisition: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}/submit` }),
    invalid: async () => ({ url: `/requisitions/${BAD}/submit` }),
    success: 200,
  },
  verifyRequisitionHistory: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}/history/verify` }),
    invalid: async () => ({ url: `/requisitions/${BAD}/history/verify` }),
    success: 200,
  },
  exportRequisitionHistory: {
    valid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}/history/export?format=csv` }),
    invalid: async (caller) => ({ url: `/requisitions/${await draftOf(caller)}/history/export?format=xls` }),
    success: 200,
  },
  verifyAuditChain: simple('/audit/chain/verify'),
  listPendingApprovals: simple('/approvals/pending', 200, '/approvals/pending?status=Sometimes'),
  listApprovalHistory: simple('/approvals/history', 200, '/approvals/history?limit=0'),
  approveRequisition: {
    valid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/approve`,
      payload: { action: 'approve' },
    }),
    invalid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/approve`,
      payload: unknownField,
    }),
    success: 200,
  },
  rejectRequisition: {
    valid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/reject`,
      payload: { action: 'reject', comments: 'Not this quarter' },
    }),
    invalid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/reject`,
      payload: { action: 'reject' },
    }),
    success: 200,
  },
  requestRequisitionInfo: {
    valid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/request-info`,
      payload: { action: 'request_info', comments: 'Which supplier?' },
    }),
    invalid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/request-info`,
      payload: { action: 'request_info' },
    }),
    success: 200,
  },
  delegateApproval: {
    valid: async (caller) => {
      const delegate = caller.user.id === world.finance.user.id ? world.generalManager : world.finance;
      return {
        url: `/approvals/${await pendingFor(caller)}/delegate`,
        payload: { action: 'delegate', delegate_to_user_id: delegate.user.id },
      };
    },
    invalid: async (caller) => ({
      url: `/approvals/${await pendingFor(caller)}/delegate`,
      payload: { action: 'delegate' },
    }),
    success: 200,
  },
  decideApprovalsInBulk: {
    valid: async (caller) => ({
      url: '/approvals/bulk',
      payload: { action: 'approve', requisition_ids: [await pendingFor(caller)] },
    }),
    invalid: async (caller) => ({
      url: '/approvals/bulk',
      payload: { action: 'reject', requisition_ids: [await pendingFor(caller)] },
    }),
    success: 200,
  },
  listNotifications: simple('/notifications', 200, '/notifications?limit=0'),
  getUnreadNotificationCount: simple('/notifications/unread-count'),
  markNotificationRead: {
    valid: async (caller) => ({ url: `/notifications/${await notificationOf(caller)}/read` }),
    invalid: async () => ({ url: `/notifications/${BAD}/read` }),
    success: 200,
  },
  markAllNotificationsRead: simple('/notifications/read-all'),
  getNotificationPreferences: simple('/users/me/notification-preferences'),
  updateNotificationPreferences: {
    valid: async () => ({ url: '/users/me/notification-preferences', payload: NOTIFICATION_PREFERENCES }),
    invalid: async () => ({
      url: '/users/me/notification-preferences',
      payload: { ...NOTIFICATION_PREFERENCES, daily_digest: 'daily' },
    }),
    success: 200,
  },
  listMyAbsences: simple('/users/me/absences'),
  listAbsenceDelegates: simple('/users/me/absence-delegates'),
  createMyAbsence: {
    valid: async (caller) => ({ url: '/users/me/absences', payload: absenceInput(caller) }),
    invalid: async (caller) => ({
      url: '/users/me/absences',
      payload: { ...absenceInput(caller), delegate_user_id: BAD },
    }),
    success: 201,
  },
  updateMyAbsence: {
    valid: async (caller) => ({
      url: `/users/me/absences/${await absenceOf(caller)}`,
      payload: { note: 'Back a day later.' },
    }),
    invalid: async (caller) => ({ url: `/users/me/absences/${await absenceOf(caller)}`, payload: {} }),
    success: 200,
  },
  cancelMyAbsence: {
    valid: async (caller) => ({ url: `/users/me/absences/${await absenceOf(caller)}` }),
    invalid: async () => ({ url: `/users/me/absences/${BAD}` }),
    success: 204,
  },
  listDelegateCandidates: {
    valid: async (caller) => ({ url: `/approvals/${await pendingFor(caller)}/delegates` }),
    invalid: async () => ({ url: `/approvals/${BAD}/delegates` }),
    success: 200,
  },
  uploadAttachments: {
    valid: async (caller) => {
      const form = multipart({ entity_type: 'requisition', entity_id: await draftOf(caller) }, [
        { name: 'quote.pdf', bytes: buildPdfBytes() },
      ]);
      return { url: '/attachments/upload', payload: form.payload, contentType: form.contentType };
    },
    invalid: async (caller) => {
      const form = multipart({ entity_type: 'invoice', entity_id: await draftOf(caller) }, []);
      return { url: '/attachments/upload', payload: form.payload, contentType: form.contentType };
    },
    success: 201,
  },
  listAttachments: {
    valid: async (caller) => ({ url: `/attachments/requisition/${await draftOf(caller)}` }),
    invalid: async () => ({ url: `/attachments/invoice/${BAD}` }),
    success: 200,
  },
  getAttachmentUrl: {
    valid: async (caller) => ({ url: `/attachments/${(await attachmentOf(caller)).attachmentId}` }),
    invalid: async () => ({ url: `/attachments/${BAD}` }),
    success: 200,
  },
  deleteAttachment: {
    valid: async (caller) => ({ url: `/attachments/${(await attachmentOf(caller)).attachmentId}` }),
    invalid: async () => ({ url: `/attachments/${BAD}` }),
    success: 204,
  },
  listUsers: simple('/users'),
  createUser: {
    valid: async () => ({
      url: '/users',
      payload: {
        first_name: 'Matrix',
        last_name: 'Person',
        email: `matrix-${uniqueSuffix().toLowerCase()}@matrix.test`,
        role_id: await roleId('User'),
        send_invite: false,
      },
    }),
    invalid: async () => ({ url: '/users', payload: { first_name: 'Matrix' } }),
    success: 201,
  },
  getUser: {
    valid: async () => ({ url: `/users/${(await memberOfOrganization()).id}` }),
    invalid: async () => ({ url: `/users/${BAD}` }),
    success: 200,
  },
  updateUser: {
    valid: async () => ({
      url: `/users/${(await memberOfOrganization()).id}`,
      payload: { phone: '+61 2 9000 1111' },
    }),
    invalid: async () => ({
      url: `/users/${(await memberOfOrganization()).id}`,
      payload: { email: 'x@y.test' },
    }),
    success: 200,
  },
  deactivateUser: {
    valid: async () => ({ url: `/users/${(await memberOfOrganization()).id}` }),
    invalid: async () => ({ url: `/users/${BAD}` }),
    success: 204,
  },
  resetUserPassword: {
    valid: async () => ({ url: `/users/${(await memberOfOrganization()).id}/reset-password` }),
    invalid: async () => ({ url: `/users/${BAD}/reset-password` }),
    success: 204,
  },
  assignUserRole: {
    valid: async () => ({
      url: `/users/${(await memberOfOrganization()).id}/roles`,
      payload: { role_id: await roleId('Manager') },
    }),
    invalid: async () => ({ url: `/users/${(await memberOfOrganization()).id}/roles`, payload: {} }),
    success: 200,
  },
  listRoles: simple('/roles'),
  createRole: {
    valid: async () => ({ url: '/roles', payload: { name: `Matrix ${uniqueSuffix()}` } }),
    invalid: async () => ({ url: '/roles', payload: { description: 'no name' } }),
    success: 201,
  },
  listPermissions: simple('/roles/permissions'),
  getRole: {
    valid: async () => ({ url: `/roles/${await roleId('User')}` }),
    invalid: async () => ({ url: `/roles/${BAD}` }),
    success: 200,
  },
  updateRole: {
    valid: async () => ({
      url: `/roles/${await freshRole()}`,
      payload: { name: `Matrix ${uniqueSuffix()}` },
    }),
    invalid: async () => ({ url: `/roles/${await freshRole()}`, payload: unknownField }),
    success: 200,
  },
  deleteRole: {
    valid: async () => ({ url: `/roles/${await freshRole()}` }),
    invalid: async () => ({ url: `/roles/${BAD}` }),
    success: 204,
  },
  addRolePermissions: {
    valid: async () => ({
      url: `/roles/${await freshRole()}/permissions`,
      payload: { permission_ids: [await permissionId('requisition.create')] },
    }),
    invalid: async () => ({
      url: `/roles/${await freshRole()}/permissions`,
      payload: { permission_ids: [BAD] },
    }),
    success: 200,
  },
  removeRolePermission: {
    valid: async () => ({
      url: `/roles/${await freshRole(true)}/permissions/${await permissionId('requisition.create')}`,
    }),
    invalid: async () => ({ url: `/roles/${await freshRole(true)}/permissions/${BAD}` }),
    success: 204,
  },
  listDepartments: simple('/departments'),
  createDepartment: {
    valid: async () => {
      const code = `M${uniqueSuffix()}`;
      return { url: '/departments', payload: { name: `Matrix ${code}`, code } };
    },
    invalid: async () => ({ url: '/departments', payload: { name: 'No code' } }),
    success: 201,
  },
  getDepartment: {
    valid: async () => ({ url: `/departments/${await freshDepartment()}` }),
    invalid: async () => ({ url: `/departments/${BAD}` }),
    success: 200,
  },
  updateDepartment: {
    valid: async () => {
      const code = `M${uniqueSuffix()}`;
      return { url: `/departments/${await freshDepartment()}`, payload: { name: `Matrix ${code}`, code } };
    },
    invalid: async () => ({ url: `/departments/${await freshDepartment()}`, payload: { name: 'No code' } }),
    success: 200,
  },
  deactivateDepartment: {
    valid: async () => ({ url: `/departments/${await freshDepartment()}` }),
    invalid: async () => ({ url: `/departments/${BAD}` }),
    success: 204,
  },
  listDepartmentUsers: {
    valid: async () => ({ url: `/departments/${await freshDepartment()}/users` }),
    invalid: async () => ({ url: `/departments/${BAD}/users` }),
    success: 200,
  },
  listPurchaseOrders: simple('/purchase-orders', 200, '/purchase-orders?limit=0'),
  exportPurchaseOrders: simple('/purchase-orders/export', 200, '/purchase-orders/export?limit=1'),
  createPurchaseOrder: {
    valid: async () => {
      const requisition = await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.superAdmin.user,
        costCenter: world.costCenter,
        glAccount: world.glAccount,
      });
      return {
        url: '/purchase-orders',
        payload: {
          requisition_id: requisition.id,
          vendor_id: world.vendor.id,
          payment_terms: 'Net 30',
          delivery_date: day(14),
        },
      };
    },
    invalid: async () => ({ url: '/purchase-orders', payload: {} }),
    success: 201,
  },
  getPurchaseOrder: {
    valid: async () => ({ url: `/purchase-orders/${await orderIn('draft')}` }),
    invalid: async () => ({ url: `/purchase-orders/${BAD}` }),
    success: 200,
  },
  updatePurchaseOrder: {
    valid: async () => ({ url: `/purchase-orders/${await orderIn('draft')}`, payload: { notes: 'Matrix' } }),
    invalid: async () => ({
      url: `/purchase-orders/${await orderIn('draft')}`,
      payload: { total_amount: 1 },
    }),
    success: 200,
  },
  sendPurchaseOrder: {
    valid: async () => ({ url: `/purchase-orders/${await orderIn('draft')}/send` }),
    invalid: async () => ({ url: `/purchase-orders/${BAD}/send` }),
    success: 200,
  },
  cancelPurchaseOrder: {
    valid: async () => ({
      url: `/purchase-orders/${await orderIn('draft')}/cancel`,
      payload: { reason: 'Matrix' },
    }),
    invalid: async () => ({
      url: `/purchase-orders/${await orderIn('draft')}/cancel`,
      payload: unknownField,
    }),
    success: 200,
  },
  receivePurchaseOrder: {
    valid: async () => ({
      url: `/purchase-orders/${await orderIn('sent')}/receive`,
      payload: { notes: 'Matrix' },
    }),
    invalid: async () => ({
      url: `/purchase-orders/${await orderIn('sent')}/receive`,
      payload: unknownField,
    }),
    success: 200,
  },
  listPurchaseOrderReceipts: {
    valid: async () => ({ url: `/purchase-orders/${await orderIn('sent')}/receipts` }),
    invalid: async () => ({ url: `/purchase-orders/${BAD}/receipts` }),
    success: 200,
  },
  createPurchaseOrderReceipt: {
    valid: async () => {
      const id = await orderIn('sent');
      const [line] = await app.sequelize.query<{ id: string }>(
        'SELECT id FROM po_line_items WHERE purchase_order_id = $1 ORDER BY position LIMIT 1',
        { bind: [id], type: QueryTypes.SELECT },
      );
      return {
        url: `/purchase-orders/${id}/receipts`,
        payload: { lines: [{ po_line_item_id: line!.id, quantity: 1 }] },
      };
    },
    invalid: async () => ({
      url: `/purchase-orders/${await orderIn('sent')}/receipts`,
      payload: { lines: [] },
    }),
    success: 201,
  },
  listWebhooks: simple('/webhooks'),
  createWebhook: {
    valid: async () => ({ url: '/webhooks', payload: WEBHOOK_FORM }),
    invalid: async () => ({ url: '/webhooks', payload: { ...WEBHOOK_FORM, events: [] } }),
    success: 201,
  },
  getWebhook: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}` }),
    invalid: async () => ({ url: `/webhooks/${BAD}` }),
    success: 200,
  },
  updateWebhook: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}`, payload: WEBHOOK_FORM }),
    invalid: async () => ({
      url: `/webhooks/${await webhookId()}`,
      payload: { events: ['purchase_order.sent'] },
    }),
    success: 200,
  },
  deleteWebhook: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}` }),
    invalid: async () => ({ url: `/webhooks/${BAD}` }),
    success: 204,
  },
  rotateWebhookSecret: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}/rotate-secret` }),
    invalid: async () => ({ url: `/webhooks/${BAD}/rotate-secret` }),
    success: 200,
  },
  testWebhook: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}/test` }),
    invalid: async () => ({ url: `/webhooks/${BAD}/test` }),
    success: 202,
  },
  listWebhookDeliveries: {
    valid: async () => ({ url: `/webhooks/${await webhookId()}/deliveries` }),
    invalid: async () => ({ url: `/webhooks/${await webhookId()}/deliveries?limit=0` }),
    success: 200,
  },
  redeliverWebhookDelivery: {
    valid: async () => ({ url: `/webhooks/deliveries/${await webhookDeliveryId()}/redeliver` }),
    invalid: async () => ({ url: `/webhooks/deliveries/${BAD}/redeliver` }),
    success: 202,
  },
  listVendors: simple('/vendors', 200, '/vendors?include_inactive=perhaps'),
  createVendor: {
    // A name of its own per request (names are unique in an organisation).
    valid: async () => ({ url: '/vendors', payload: { name: `Matrix Supplies ${++vendorNames}` } }),
    invalid: async () => ({ url: '/vendors', payload: {} }),
    success: 201,
  },
  getVendor: {
    valid: async () => ({ url: `/vendors/${world.vendor.id}` }),
    invalid: async () => ({ url: `/vendors/${BAD}` }),
    success: 200,
  },
  updateVendor: {
    valid: async () => ({
      url: `/vendors/${(await buildVendor(app.models, world.organization)).id}`,
      payload: { name: `Matrix Supplies ${++vendorNames}` },
    }),
    invalid: async () => ({ url: `/vendors/${world.vendor.id}`, payload: {} }),
    success: 200,
  },
  deleteVendor: {
    valid: async () => ({ url: `/vendors/${(await buildVendor(app.models, world.organization)).id}` }),
    invalid: async () => ({ url: `/vendors/${BAD}` }),
    success: 204,
  },
  getVendorSpend: {
    valid: async () => ({ url: `/vendors/${world.vendor.id}/spend` }),
    invalid: async () => ({ url: `/vendors/${BAD}/spend` }),
    success: 200,
  },
  listVendorProducts: {
    valid: async () => ({ url: `/vendors/${world.vendor.id}/products` }),
    invalid: async () => ({ url: `/vendors/${BAD}/products` }),
    success: 200,
  },
  checkBudget: {
    valid: async () => ({ url: `/budgets/check?cost_center_id=${world.costCenter.id}&amount=100` }),
    invalid: async () => ({ url: `/budgets/check?cost_center_id=${world.costCenter.id}` }),
    success: 200,
  },
  listExchangeRates: simple('/exchange-rates', 200, '/exchange-rates?currency=XYZ'),
  createExchangeRate: {
    // A day of its own per request (one rate per currency and day).
    valid: async () => ({
      url: '/exchange-rates',
      payload: { currency: 'EUR', rate: 1.6, effective_from: nextRateDay() },
    }),
    invalid: async () => ({ url: '/exchange-rates', payload: { currency: 'EUR', rate: 0 } }),
    success: 201,
  },
  updateExchangeRate: {
    valid: async () => ({
      url: `/exchange-rates/${await exchangeRate()}`,
      payload: { rate: 1.7, effective_from: nextRateDay() },
    }),
    invalid: async () => ({ url: `/exchange-rates/${await exchangeRate()}`, payload: { rate: -1 } }),
    success: 200,
  },
  deleteExchangeRate: {
    valid: async () => ({ url: `/exchange-rates/${await exchangeRate()}` }),
    invalid: async () => ({ url: `/exchange-rates/${BAD}` }),
    success: 204,
  },
  listBudgets: simple('/budgets', 200, '/budgets?fiscal_year=1999'),
  getSpendReport: {
    valid: async () => ({ url: `/reports/spend?group_by=vendor&cost_center_id=${world.costCenter.id}` }),
    invalid: async () => ({ url: '/reports/spend?group_by=week' }),
    success: 200,
  },
  getBudgetVsActualReport: {
    valid: async () => ({ url: `/reports/budget-vs-actual?cost_center_id=${world.costCenter.id}` }),
    invalid: async () => ({ url: '/reports/budget-vs-actual?fiscal_year=1999' }),
    success: 200,
  },
  getApprovalCycleTimeReport: simple(
    '/reports/approval-cycle-time?group_by=approver',
    200,
    '/reports/approval-cycle-time?group_by=role',
  ),
  getOpenCommitmentsReport: {
    valid: async () => ({ url: `/reports/open-commitments?cost_center_id=${world.costCenter.id}` }),
    invalid: async () => ({ url: '/reports/open-commitments?cost_center_id=nope' }),
    success: 200,
  },
  createBudget: {
    valid: async () => ({
      url: '/budgets',
      payload: {
        cost_center_id: (await buildCostCenter(app.models, world.organization)).id,
        fiscal_year: 2026,
        allocated: 1000,
      },
    }),
    invalid: async () => ({ url: '/budgets', payload: { fiscal_year: 2026, allocated: 1000 } }),
    success: 201,
  },
  updateBudget: {
    valid: async () => ({ url: `/budgets/${await freshBudget()}`, payload: { allocated: 500 } }),
    invalid: async () => ({ url: `/budgets/${await freshBudget()}`, payload: { allocated: -1 } }),
    success: 200,
  },
  getBudgetPolicy: simple('/budgets/policy'),
  updateBudgetPolicy: {
    valid: async () => ({ url: '/budgets/policy', payload: { budget_policy: 'require_finance' } }),
    invalid: async () => ({ url: '/budgets/policy', payload: { budget_policy: 'never' } }),
    success: 200,
  },
};

/** Public operations: their anonymous answers to a valid-looking and an invalid request. */
const publicRecipes: Record<string, { valid: Call & { status: number }; invalid: Call | null }> = {
  login: {
    valid: {
      url: '/auth/login',
      payload: { email: 'nobody@matrix.test', password: 'Wrong-password-1' },
      status: 401,
    },
    invalid: { url: '/auth/login', payload: { email: 'nobody@matrix.test' } },
  },
  refreshSession: {
    valid: { url: '/auth/refresh', payload: { refresh_token: 'x'.repeat(43) }, status: 401 },
    invalid: { url: '/auth/refresh', payload: {} },
  },
  forgotPassword: {
    valid: { url: '/auth/forgot-password', payload: { email: 'nobody@matrix.test' }, status: 202 },
    invalid: { url: '/auth/forgot-password', payload: { email: 'not an email' } },
  },
  checkPasswordToken: {
    valid: { url: '/auth/check-token', payload: { token: 'x'.repeat(43), purpose: 'reset' }, status: 404 },
    invalid: { url: '/auth/check-token', payload: { token: 'x'.repeat(43), purpose: 'other' } },
  },
  resetPassword: {
    valid: {
      url: '/auth/reset-password',
      payload: { token: 'x'.repeat(43), password: 'Matrix-Password-1' },
      status: 400,
    },
    invalid: { url: '/auth/reset-password', payload: { token: 'x'.repeat(43) } },
  },
  acceptInvite: {
    valid: {
      url: '/auth/accept-invite',
      payload: { token: 'x'.repeat(43), password: 'Matrix-Password-1' },
      status: 400,
    },
    invalid: { url: '/auth/accept-invite', payload: {} },
  },
  downloadAttachment: {
    valid: {
      url: `/attachments/00000000-0000-4000-8000-000000000000/download?expires=${Math.floor(Date.now() / 1000) + 60}&signature=${'A'.repeat(43)}`,
      status: 403,
    },
    invalid: { url: '/attachments/00000000-0000-4000-8000-000000000000/download' },
  },
  getHealth: { valid: { url: '/health', status: 200 }, invalid: null },
  getEmailDecision: {
    valid: { url: `/email-decisions/${'x'.repeat(43)}`, status: 404 },
    invalid: { url: `/email-decisions/${'x'.repeat(129)}` },
  },
  decideByEmail: {
    valid: { url: `/email-decisions/${'x'.repeat(43)}`, payload: { comment: 'Fine' }, status: 404 },
    invalid: { url: `/email-decisions/${'x'.repeat(43)}`, payload: { comment: 7 } },
  },
};

/** logout revokes the caller's session: it runs last, on sessions of its own (see below). */
const LAST = new Set(['logout']);

function expectedFor(op: OperationInfo, caller: Caller): 'allowed' | 401 | 403 | 404 {
  if (caller.role === 'anonymous') return 401;
  const access = op.access;
  if (access.kind === 'authenticated') {
    // The organisation is in the path of these: a non-member's view of it is a 404 (a malformed
    // id stays a 400, like for members).
    return caller.role === 'outsider' && op.path.startsWith('/organizations/{id}') ? 404 : 'allowed';
  }
  if (caller.role === 'outsider') return 403;
  if (access.kind === 'member') return 'allowed';
  if (access.kind === 'permission')
    return access.anyOf.some((p) => caller.permissions.has(p)) ? 'allowed' : 403;
  throw new Error(`unexpected access ${JSON.stringify(access)}`);
}

async function send(op: OperationInfo, caller: Caller, request: Call): Promise<ServerInjectResponse> {
  const headers: Record<string, string> = { 'x-organization-id': world.organization.id };
  if (caller.role !== 'anonymous') headers.authorization = `Bearer ${caller.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  return app.server.inject({
    method: op.method.toUpperCase(),
    url: `/api${request.url}`,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
  });
}

const nonPublic = contractOperations.filter((op) => op.access.kind !== 'public' && !LAST.has(op.operationId));
const callers = (): Caller[] => [
  { user: world.superAdmin.user, token: 'none', role: 'anonymous', permissions: new Set() },
  ...world.members,
  world.outsider,
];

describe('every operation has a recipe', () => {
  it('declares x-permission and is covered by this matrix', () => {
    const missing = contractOperations
      .map((op) => op.operationId)
      .filter((id) => !(id in recipes) && !(id in publicRecipes) && !LAST.has(id));
    expect(missing).toEqual([]);
  });
});

describe('access matrix: every operation × anonymous, each default role, another organisation', () => {
  const tally = { calls: 0 };
  afterAll(() => {
    console.info(`[access-matrix] ${tally.calls} calls`);
  });

  for (const op of nonPublic) {
    it(`${op.operationId} (${op.method.toUpperCase()} ${op.path}, x-permission ${JSON.stringify(op.access)})`, async () => {
      const recipe = recipes[op.operationId];
      if (!recipe) throw new Error(`no recipe for ${op.operationId}`);
      const outcomes: string[] = [];
      for (const caller of callers()) {
        const expected = expectedFor(op, caller);
        const variants: ['valid' | 'invalid', Call][] = [['valid', await recipe.valid(caller)]];
        if (recipe.invalid) variants.push(['invalid', await recipe.invalid(caller)]);
        for (const [variant, request] of variants) {
          const response = await send(op, caller, request);
          tally.calls += 1;
          // A malformed id is a 400 for everyone the gate lets through, and for a non-member of the
          // organisation named in the path (there is no organisation to hide).
          const passes = expected === 'allowed' || (expected === 404 && variant === 'invalid');
          const want = passes ? (variant === 'valid' ? recipe.success : 400) : expected;
          const line = `${caller.role} ${variant}: ${response.statusCode} (expected ${want})`;
          outcomes.push(line);
          if (response.statusCode !== want) {
            throw new Error(`${op.operationId} ${line}: ${response.payload}\n${outcomes.join('\n')}`);
          }
          if (response.statusCode !== 501) expectContract(response, op.operationId);
          if (want === 403) {
            // The gate's refusal, not a service's: the body was never read.
            expect(body(response).details).toEqual([]);
          }
        }
      }
    });
  }

  it('logout: anonymous 204 (nothing to revoke), and a member ends only their own session', async () => {
    const anonymous = await call(app.server, 'POST', '/api/auth/logout', { payload: {} });
    expect(anonymous.statusCode).toBe(204);
    const invalid = await call(app.server, 'POST', '/api/auth/logout', { payload: unknownField });
    expect(invalid.statusCode).toBe(400);
    const user = await memberOfOrganization();
    const token = await signedIn(user);
    const other = await signedIn(user);
    const out = await call(app.server, 'POST', '/api/auth/logout', { token, payload: {} });
    expect(out.statusCode).toBe(204);
    expect((await call(app.server, 'GET', '/api/auth/me', { token })).statusCode).toBe(401);
    expect((await call(app.server, 'GET', '/api/auth/me', { token: other })).statusCode).toBe(200);
  });

  for (const [operationId, recipe] of Object.entries(publicRecipes)) {
    it(`${operationId} (public): anonymous answers`, async () => {
      const op = contractOperations.find((o) => o.operationId === operationId)!;
      const valid = await send(op, callers()[0]!, recipe.valid);
      expect(valid.statusCode, valid.payload).toBe(recipe.valid.status);
      expectContract(valid, operationId);
      if (recipe.invalid) {
        const invalid = await send(op, callers()[0]!, recipe.invalid);
        expect(invalid.statusCode, invalid.payload).toBe(400);
        expectContract(invalid, operationId);
      }
    });
  }
});

/* ---------- another organisation's Super Admin names this organisation's records ---------- */

/** Row counts and a hash of every row of the organisation, per organisation-scoped table. */
async function fingerprint(organizationId: string): Promise<Record<string, string>> {
  const tables = await app.sequelize.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'organization_id' ORDER BY table_name`,
    { type: QueryTypes.SELECT },
  );
  const result: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await app.sequelize.query<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h
         FROM "${table_name}" t WHERE organization_id = $1`,
      { bind: [organizationId], type: QueryTypes.SELECT },
    );
    result[table_name] = `${row!.n}:${row!.h}`;
  }
  return result;
}

describe('another organisation: 0 cross-tenant reads or writes', () => {
  it('answers 404 (or 400) for every record of this organisation, lists none of them, changes nothing', async () => {
    // Records of this organisation a foreign Super Admin will name, with valid requests.
    const foreignCaller: Caller = world.superAdmin; // recipes build this organisation's fixtures as it
    const requests: [OperationInfo, Call][] = [];
    for (const op of nonPublic) {
      const recipe = recipes[op.operationId]!;
      requests.push([op, await recipe.valid(foreignCaller)]);
    }
    const knownIds = new Set<string>();
    for (const [, request] of requests) {
      for (const id of `${request.url} ${JSON.stringify(request.payload ?? '')}`.match(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      ) ?? [])
        knownIds.add(id);
    }
    knownIds.add(world.organization.id);
    // Permissions are one global catalogue, not records of an organisation.
    const catalogue = await app.sequelize.query<{ id: string }>('SELECT id FROM permissions', {
      type: QueryTypes.SELECT,
    });
    for (const { id } of catalogue) knownIds.delete(id);

    const before = await fingerprint(world.organization.id);
    const outcomes: string[] = [];
    for (const [op, request] of requests) {
      const response = await app.server.inject({
        method: op.method.toUpperCase(),
        url: `/api${request.url}`,
        headers: {
          authorization: `Bearer ${world.outsider.token}`,
          'x-organization-id': world.other.id,
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      });
      const status = response.statusCode;
      outcomes.push(`${op.operationId} ${status}`);
      // (501: the product and vendor writes the contract declares ahead of their implementation.)
      if (op.operationId in handlers)
        expect(status, `${op.operationId}: ${response.payload}`).toBeLessThan(500);
      // A record of this organisation in the path is not found from the other one.
      if (/\{[a-zA-Z]+\}/.test(op.path)) {
        const refusals = op.operationId in handlers ? [400, 404] : [400, 404, 501];
        expect(refusals, `${op.operationId}: ${status} ${response.payload}`).toContain(status);
      }
      // Whatever succeeds there (lists, the other organisation's own new records) shows none of ours.
      if (status < 300) {
        for (const id of knownIds) {
          expect(response.payload.includes(id), `${op.operationId} answered ${id}: ${response.payload}`).toBe(
            false,
          );
        }
      }
    }
    const after = await fingerprint(world.organization.id);
    expect(after).toEqual(before);
    console.info(`[access-matrix] cross-tenant: ${outcomes.length} calls: ${outcomes.join(', ')}`);
  });
});
