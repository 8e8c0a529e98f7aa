import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildBudget,
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from './factories.js';
import { useTestApp } from './support/test-app.js';

// Every change these tests made kept the maintained counters exact (issue 12).
const app = useTestApp({}, { countersExact: true });

const tokenFor = (user: User): Promise<string> => accessTokenFor(app.server, user);

let sequence = 0;

/** Inserts a requisition (and optionally its purchase order) straight into the tables. */
async function insertRequisition(
  organization: Organization,
  fields: {
    requestor: User;
    costCenterId: string;
    glAccountId: string;
    status: string;
    total: number;
    approvedAt?: Date;
    po?: { status: 'draft' | 'sent' | 'received' | 'cancelled'; sentAt?: Date; receivedAt?: Date };
  },
): Promise<string> {
  sequence += 1;
  const now = new Date();
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO requisitions (organization_id, requisition_number, status, category, total_amount, currency,
                               requestor_id, cost_center_id, gl_account_id, submitted_at, approved_at, rejected_at, cancelled_at)
     VALUES ($1, $2, $3, 'standard', $4, 'AUD', $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    {
      bind: [
        organization.id,
        `REQ-2026-${String(sequence).padStart(5, '0')}`,
        fields.status,
        fields.total,
        fields.requestor.id,
        fields.costCenterId,
        fields.glAccountId,
        fields.status === 'draft' ? null : now,
        fields.approvedAt ?? null,
        fields.status === 'rejected' ? now : null,
        fields.status === 'cancelled' ? now : null,
      ],
      type: QueryTypes.SELECT,
    },
  );
  const requisitionId = row!.id;
  if (fields.po) {
    const received = fields.po.status === 'received';
    await app.sequelize.query(
      `INSERT INTO purchase_orders (organization_id, po_number, requisition_id, status, total_amount, currency,
                                    sent_at, received_at, received_date, cancelled_at, created_by_id)
       VALUES ($1, $2, $3, $4, $5, 'AUD', $6, $7, $8, $9, $10)`,
      {
        bind: [
          organization.id,
          `PO-2026-${String(sequence).padStart(5, '0')}`,
          requisitionId,
          fields.po.status,
          fields.total,
          fields.po.sentAt ?? null,
          received ? (fields.po.receivedAt ?? now) : null,
          received ? (fields.po.receivedAt ?? now).toISOString().slice(0, 10) : null,
          fields.po.status === 'cancelled' ? now : null,
          fields.requestor.id,
        ],
      },
    );
  }
  return requisitionId;
}

async function openStep(
  organization: Organization,
  requisitionId: string,
  approver: { id?: string; role?: string },
) {
  await app.sequelize.query(
    `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id, approver_role_name)
     VALUES ($1, $2, 1, 'Manager Approval', $3, $4)`,
    { bind: [organization.id, requisitionId, approver.id ?? null, approver.role ?? null] },
  );
}

describe('GET /organizations', () => {
  it('lists only organisations with an active membership, by name', async () => {
    const user = await buildUser(app.models);
    const zeta = await buildOrganization(app.models, { name: `Zeta ${sequence}` });
    const alpha = await buildOrganization(app.models, { name: `Alpha ${sequence}` });
    const left = await buildOrganization(app.models);
    const closed = await buildOrganization(app.models, { is_active: false });
    await buildMembership(app.models, { user, organization: zeta });
    await buildMembership(app.models, { user, organization: alpha, roleName: 'Admin' });
    await buildMembership(app.models, { user, organization: left, is_active: false });
    await buildMembership(app.models, { user, organization: closed });
    const response = await call(app.server, 'GET', '/api/organizations', { token: await tokenFor(user) });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'listOrganizations');
    const ids = JSON.parse(response.payload).organizations.map((o: { id: string }) => o.id);
    expect(ids).toEqual([alpha.id, zeta.id]);
  });
});

describe('GET /organizations/{id}/summary', () => {
  it('answers zero everywhere for an organisation with no activity', async () => {
    const organization = await buildOrganization(app.models);
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization });
    const response = await call(app.server, 'GET', `/api/organizations/${organization.id}/summary`, {
      token: await tokenFor(user),
    });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'getOrganizationSummary');
    expect(JSON.parse(response.payload).summary).toEqual({
      pending_approvals: 0,
      my_requisitions: 0,
      total_spend_this_month: 0,
      budget_utilization: 0,
    });
  });

  it('computes the four figures from requisitions, approval steps, orders and budgets', async () => {
    const organization = await buildOrganization(app.models);
    const other = await buildOrganization(app.models);
    const caller = await buildUser(app.models);
    const requestor = await buildUser(app.models);
    await buildMembership(app.models, { user: caller, organization, roleName: 'Finance Manager' });
    await buildMembership(app.models, { user: requestor, organization });
    const costCenter = await buildCostCenter(app.models, organization);
    const glAccount = await buildGlAccount(app.models, organization);
    const thisYear = new Date().getUTCFullYear();
    await buildBudget(app.models, costCenter, { fiscal_year: thisYear, allocated_amount: '100000.00' });
    await buildBudget(app.models, costCenter, { fiscal_year: thisYear - 1, allocated_amount: '999999.00' });
    const base = { requestor, costCenterId: costCenter.id, glAccountId: glAccount.id };
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));

    // Two requisitions waiting for the caller: one assigned by name, one open to Finance Managers.
    const named = await insertRequisition(organization, { ...base, status: 'under_review', total: 100 });
    await openStep(organization, named, { id: caller.id });
    const group = await insertRequisition(organization, { ...base, status: 'under_review', total: 100 });
    await openStep(organization, group, { role: 'Finance Manager' });
    // Waiting for somebody else: not counted.
    const elsewhere = await insertRequisition(organization, { ...base, status: 'under_review', total: 100 });
    await openStep(organization, elsewhere, { id: requestor.id });
    // The caller's own requisitions, whatever their status.
    await insertRequisition(organization, { ...base, requestor: caller, status: 'draft', total: 10 });
    await insertRequisition(organization, { ...base, requestor: caller, status: 'rejected', total: 10 });
    // Committed: approved, and po_created with an order not yet received.
    await insertRequisition(organization, { ...base, status: 'approved', total: 2000, approvedAt: now });
    await insertRequisition(organization, {
      ...base,
      status: 'po_created',
      total: 3000,
      approvedAt: now,
      po: { status: 'sent', sentAt: now },
    });
    // Spent: received this month (sent this month too).
    await insertRequisition(organization, {
      ...base,
      status: 'po_created',
      total: 500,
      approvedAt: now,
      po: { status: 'received', sentAt: now, receivedAt: now },
    });
    // Sent last month: not this month's spend, but still committed.
    await insertRequisition(organization, {
      ...base,
      status: 'po_created',
      total: 700,
      approvedAt: now,
      po: { status: 'sent', sentAt: lastMonth },
    });
    // A draft order counts for nothing but its requisition's commitment.
    await insertRequisition(organization, {
      ...base,
      status: 'po_created',
      total: 1300,
      approvedAt: now,
      po: { status: 'draft' },
    });
    // Another organisation's activity never leaks in.
    const otherCostCenter = await buildCostCenter(app.models, other);
    const otherGl = await buildGlAccount(app.models, other);
    await buildMembership(app.models, { user: requestor, organization: other });
    await insertRequisition(other, {
      requestor,
      costCenterId: otherCostCenter.id,
      glAccountId: otherGl.id,
      status: 'po_created',
      total: 50000,
      approvedAt: now,
      po: { status: 'sent', sentAt: now },
    });

    const response = await call(app.server, 'GET', `/api/organizations/${organization.id}/summary`, {
      token: await tokenFor(caller),
    });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'getOrganizationSummary');
    const committed = 2000 + 3000 + 700 + 1300;
    const spent = 500;
    expect(JSON.parse(response.payload).summary).toEqual({
      pending_approvals: 2,
      my_requisitions: 2,
      total_spend_this_month: 3500,
      budget_utilization: Math.round(((spent + committed) / 100000) * 10000) / 100,
    });
  });

  it('answers 404 for an organisation the caller is not an active member of', async () => {
    const mine = await buildOrganization(app.models);
    const theirs = await buildOrganization(app.models);
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization: mine });
    const token = await tokenFor(user);
    for (const path of ['summary', 'cost-centers', 'gl-accounts']) {
      const response = await call(app.server, 'GET', `/api/organizations/${theirs.id}/${path}`, { token });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('cost centres and GL accounts', () => {
  it('lists the active ones of the organisation only, by code', async () => {
    const organization = await buildOrganization(app.models);
    const other = await buildOrganization(app.models);
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization });
    const b = await buildCostCenter(app.models, organization, { code: 'CC-200', name: 'Bravo' });
    const a = await buildCostCenter(app.models, organization, { code: 'CC-100', name: 'Alpha' });
    await buildCostCenter(app.models, organization, { code: 'CC-300', name: 'Closed', is_active: false });
    await buildCostCenter(app.models, other, { code: 'CC-100', name: 'Foreign' });
    const gl = await buildGlAccount(app.models, organization, { code: '6000', name: 'Supplies' });
    await buildGlAccount(app.models, other, { code: '6000', name: 'Foreign' });
    const token = await tokenFor(user);

    const centres = await call(app.server, 'GET', `/api/organizations/${organization.id}/cost-centers`, {
      token,
    });
    expect(centres.statusCode).toBe(200);
    expectContract(centres, 'listCostCenters');
    expect(JSON.parse(centres.payload).cost_centers).toEqual([
      { id: a.id, code: 'CC-100', name: 'Alpha' },
      { id: b.id, code: 'CC-200', name: 'Bravo' },
    ]);

    const accounts = await call(app.server, 'GET', `/api/organizations/${organization.id}/gl-accounts`, {
      token,
    });
    expect(accounts.statusCode).toBe(200);
    expectContract(accounts, 'listGlAccounts');
    expect(JSON.parse(accounts.payload).gl_accounts).toEqual([{ id: gl.id, code: '6000', name: 'Supplies' }]);
  });
});
