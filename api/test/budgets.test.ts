import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { CostCenter, Organization, User } from '../src/db/models/index.js';
import { fiscalYearOf } from '../src/domain/fiscal-year.js';
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

/** Inserts a requisition of `costCenter` (and optionally its purchase order) straight into the tables. */
async function insertRequisition(
  organization: Organization,
  costCenter: CostCenter,
  fields: {
    requestor: User;
    status: string;
    total: number;
    approvedAt?: Date;
    po?: { status: 'draft' | 'sent' | 'received' | 'cancelled'; sentAt?: Date; receivedAt?: Date };
  },
): Promise<void> {
  sequence += 1;
  const now = new Date();
  const glAccount = await buildGlAccount(app.models, organization);
  const [row] = await app.sequelize.query<{ id: string }>(
    `INSERT INTO requisitions (organization_id, requisition_number, status, category, total_amount, currency,
                               requestor_id, cost_center_id, gl_account_id, submitted_at, approved_at, rejected_at)
     VALUES ($1, $2, $3, 'standard', $4, 'AUD', $5, $6, $7, $8, $9, $10) RETURNING id`,
    {
      bind: [
        organization.id,
        `REQ-2026-${String(sequence).padStart(5, '0')}`,
        fields.status,
        fields.total,
        fields.requestor.id,
        costCenter.id,
        glAccount.id,
        fields.status === 'draft' ? null : now,
        fields.approvedAt ?? null,
        fields.status === 'rejected' ? now : null,
      ],
      type: QueryTypes.SELECT,
    },
  );
  if (!fields.po) return;
  const received = fields.po.status === 'received';
  const receivedAt = fields.po.receivedAt ?? now;
  await app.sequelize.query(
    `INSERT INTO purchase_orders (organization_id, po_number, requisition_id, status, total_amount, currency,
                                  sent_at, received_at, received_date, cancelled_at, created_by_id)
     VALUES ($1, $2, $3, $4, $5, 'AUD', $6, $7, $8, $9, $10)`,
    {
      bind: [
        organization.id,
        `PO-2026-${String(sequence).padStart(5, '0')}`,
        row!.id,
        fields.po.status,
        fields.total,
        fields.po.sentAt ?? null,
        received ? receivedAt : null,
        received ? receivedAt.toISOString().slice(0, 10) : null,
        fields.po.status === 'cancelled' ? now : null,
        fields.requestor.id,
      ],
    },
  );
}

/** An organisation with a member of `roleName`, signed in. */
async function memberOf(roleName: string, overrides: Parameters<typeof buildOrganization>[1] = {}) {
  const organization = await buildOrganization(app.models, overrides);
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName });
  return { organization, user, token: await tokenFor(user) };
}

function check(token: string, organization: Organization, costCenterId: string, amount: number | string) {
  return call(app.server, 'GET', `/api/budgets/check?cost_center_id=${costCenterId}&amount=${amount}`, {
    token,
    organizationId: organization.id,
  });
}

describe('GET /budgets/check', () => {
  it("answers the cost centre's allocated, spent, committed and available amounts for the current fiscal year", async () => {
    // A July–June fiscal year, so the fiscal year differs from the calendar year half the time.
    const { organization, user, token } = await memberOf('Finance Manager', {
      fiscal_year_start: 7,
      fiscal_year_end: 6,
      currency: 'EUR',
    });
    const now = new Date();
    const fiscalYear = fiscalYearOf(now, 7);
    const beforeFiscalYear = new Date(fiscalYear.start.getTime() - 24 * 60 * 60 * 1000);
    const costCenter = await buildCostCenter(app.models, organization);
    const sibling = await buildCostCenter(app.models, organization);
    await buildBudget(app.models, costCenter, { fiscal_year: fiscalYear.year, allocated_amount: '10000.00' });
    await buildBudget(app.models, costCenter, {
      fiscal_year: fiscalYear.year - 1,
      allocated_amount: '99999.00',
    });
    await buildBudget(app.models, sibling, { fiscal_year: fiscalYear.year, allocated_amount: '77777.00' });

    const mine = { requestor: user, approvedAt: now };
    // Committed: approved, po_created with a sent order, po_created with a draft order.
    await insertRequisition(organization, costCenter, { ...mine, status: 'approved', total: 1200.25 });
    await insertRequisition(organization, costCenter, {
      ...mine,
      status: 'po_created',
      total: 800,
      po: { status: 'sent', sentAt: now },
    });
    await insertRequisition(organization, costCenter, {
      ...mine,
      status: 'po_created',
      total: 300,
      po: { status: 'draft' },
    });
    // Spent: received orders.
    await insertRequisition(organization, costCenter, {
      ...mine,
      status: 'po_created',
      total: 2500.5,
      po: { status: 'received', sentAt: now, receivedAt: now },
    });
    // Not counted: drafts, requisitions under review or rejected, and last fiscal year's approvals.
    await insertRequisition(organization, costCenter, { requestor: user, status: 'draft', total: 5000 });
    await insertRequisition(organization, costCenter, {
      requestor: user,
      status: 'under_review',
      total: 5000,
    });
    await insertRequisition(organization, costCenter, { requestor: user, status: 'rejected', total: 5000 });
    await insertRequisition(organization, costCenter, {
      requestor: user,
      status: 'approved',
      total: 5000,
      approvedAt: beforeFiscalYear,
    });
    // Another cost centre of the organisation: ignored.
    await insertRequisition(organization, sibling, { ...mine, status: 'approved', total: 4000 });
    await insertRequisition(organization, sibling, {
      ...mine,
      status: 'po_created',
      total: 6000,
      po: { status: 'received', sentAt: now, receivedAt: now },
    });
    // Another organisation's activity: ignored.
    const other = await buildOrganization(app.models);
    const otherCostCenter = await buildCostCenter(app.models, other);
    await buildMembership(app.models, { user, organization: other });
    await buildBudget(app.models, otherCostCenter, { fiscal_year: fiscalYear.year });
    await insertRequisition(other, otherCostCenter, {
      ...mine,
      status: 'po_created',
      total: 9000,
      po: { status: 'received', sentAt: now, receivedAt: now },
    });

    const response = await check(token, organization, costCenter.id, 100);
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'checkBudget');
    expect(JSON.parse(response.payload)).toEqual({
      allocated: 10000,
      spent: 2500.5,
      committed: 2300.25,
      available: 5199.25,
      within_budget: true,
      fiscal_year: fiscalYear.year,
      currency: 'EUR',
      // No currency given: the amount is in the base currency, not converted.
      amount_in_base: 100,
      exchange_rate: null,
    });
  });

  it('is within budget up to exactly the available amount and not a cent beyond', async () => {
    const { organization, user, token } = await memberOf('Department Head');
    const costCenter = await buildCostCenter(app.models, organization);
    await buildBudget(app.models, costCenter, { allocated_amount: '1000.00' });
    await insertRequisition(organization, costCenter, {
      requestor: user,
      status: 'approved',
      total: 399.99,
      approvedAt: new Date(),
    });

    const cases: [string, boolean][] = [
      ['0', true],
      ['600', true],
      ['600.01', true],
      ['600.02', false],
      ['1000', false],
    ];
    for (const [amount, expected] of cases) {
      const response = await check(token, organization, costCenter.id, amount);
      expect(response.statusCode, response.payload).toBe(200);
      expectContract(response, 'checkBudget');
      const answer = JSON.parse(response.payload);
      expect(answer.available).toBe(600.01);
      expect(answer.within_budget, amount).toBe(expected);
    }
  });

  it('answers a negative available amount for an overspent cost centre', async () => {
    const { organization, user, token } = await memberOf('Finance Manager');
    const costCenter = await buildCostCenter(app.models, organization);
    await buildBudget(app.models, costCenter, { allocated_amount: '100.00' });
    await insertRequisition(organization, costCenter, {
      requestor: user,
      status: 'po_created',
      total: 250,
      approvedAt: new Date(),
      po: { status: 'received', sentAt: new Date() },
    });
    const response = await check(token, organization, costCenter.id, 0);
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'checkBudget');
    expect(JSON.parse(response.payload)).toMatchObject({
      allocated: 100,
      spent: 250,
      committed: 0,
      available: -150,
      within_budget: false,
    });
  });

  it('answers zero allocated without a budget, so a positive amount is not within budget', async () => {
    const { organization, token } = await memberOf('Finance Manager');
    const costCenter = await buildCostCenter(app.models, organization);
    const positive = await check(token, organization, costCenter.id, 0.01);
    expect(positive.statusCode, positive.payload).toBe(200);
    expectContract(positive, 'checkBudget');
    expect(JSON.parse(positive.payload)).toEqual({
      allocated: 0,
      spent: 0,
      committed: 0,
      available: 0,
      within_budget: false,
      fiscal_year: new Date().getUTCFullYear(),
      currency: 'AUD',
      amount_in_base: 0.01,
      exchange_rate: null,
    });
    const zero = await check(token, organization, costCenter.id, 0);
    expectContract(zero, 'checkBudget');
    expect(JSON.parse(zero.payload).within_budget).toBe(true);
  });

  it("answers 404 for another organisation's cost centre or an unknown one", async () => {
    const { organization, user, token } = await memberOf('Finance Manager');
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user, organization: other, roleName: 'Finance Manager' });
    const foreign = await buildCostCenter(app.models, other);
    await buildBudget(app.models, foreign);
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await check(token, organization, id, 10);
      expect(response.statusCode, response.payload).toBe(404);
      expectContract(response, 'checkBudget');
      expect(JSON.parse(response.payload)).toEqual({
        message: 'Cost center not found',
        code: 'NOT_FOUND',
        details: [],
      });
    }
  });

  it('refuses a negative amount or a malformed cost centre id with 400 naming the parameter', async () => {
    const { organization, token } = await memberOf('Finance Manager');
    const costCenter = await buildCostCenter(app.models, organization);
    const negative = await check(token, organization, costCenter.id, -1);
    expect(negative.statusCode, negative.payload).toBe(400);
    expectContract(negative, 'checkBudget');
    expect(JSON.parse(negative.payload).details.map((d: { field: string }) => d.field)).toContain('amount');
    const malformed = await check(token, organization, 'not-a-uuid', 1);
    expect(malformed.statusCode, malformed.payload).toBe(400);
    expectContract(malformed, 'checkBudget');
    expect(JSON.parse(malformed.payload).details.map((d: { field: string }) => d.field)).toContain(
      'cost_center_id',
    );
  });

  it('lets a User, who has requisition.create but not budget.view, check a budget', async () => {
    const { organization, token } = await memberOf('User');
    const costCenter = await buildCostCenter(app.models, organization);
    await buildBudget(app.models, costCenter, { allocated_amount: '50.00' });
    const response = await check(token, organization, costCenter.id, 50);
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'checkBudget');
    expect(JSON.parse(response.payload)).toMatchObject({ allocated: 50, available: 50, within_budget: true });
  });

  it('refuses a member with neither requisition.create nor budget.view with 403', async () => {
    const organization = await buildOrganization(app.models);
    await app.models.Role.create({ organization_id: organization.id, name: 'Observer' });
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName: 'Observer' });
    const costCenter = await buildCostCenter(app.models, organization);
    const response = await check(await tokenFor(user), organization, costCenter.id, 1);
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'checkBudget');
    expect(JSON.parse(response.payload).code).toBe('FORBIDDEN');
  });

  it('refuses an organisation the caller is not a member of with 403', async () => {
    const { token } = await memberOf('Finance Manager');
    const stranger = await buildOrganization(app.models);
    const costCenter = await buildCostCenter(app.models, stranger);
    const response = await check(token, stranger, costCenter.id, 1);
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'checkBudget');
  });
});
