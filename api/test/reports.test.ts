import type { ServerInjectResponse } from '@hapi/hapi';
import Papa from 'papaparse';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildBudget,
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

/**
 * Reports (issue 16, item 4): spend by month, cost centre, vendor and category; budget against
 * actual; approval cycle time; open commitments; each as JSON and CSV, with `report.view`.
 */

const app = useTestApp();

const now = new Date();
const today = now.toISOString().slice(0, 10);
const thisMonth = today.slice(0, 7);
const monthStart = `${thisMonth}-01`;
const YEAR = now.getUTCFullYear();

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models, { first_name: 'Fay', last_name: roleName.replace(' ', '') });
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return {
    organization,
    finance: await member('Finance Manager'),
    staff: await member('User'),
    it: await buildCostCenter(app.models, organization, { code: 'CC-200', name: 'Information Technology' }),
    ops: await buildCostCenter(app.models, organization, { code: 'CC-300', name: 'Operations' }),
  };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function api(
  world: World,
  as: Member,
  operationId: string,
  method: string,
  url: string,
  payload?: unknown,
) {
  const response = await call(app.server, method, `/api${url}`, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  expectContract(response, operationId);
  return response;
}

/** An approved requisition of `costCenter` and, unless `order` is null, its order moved to `order`. */
async function raise(
  world: World,
  costCenter: CostCenter,
  price: string,
  options: {
    order?: 'draft' | 'sent' | 'received' | null;
    vendor?: { id: string };
    category?: 'capital';
  } = {},
) {
  const requisition = await buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.staff.user,
    costCenter,
    status: 'approved',
    lines: [{ description: 'Kit', quantity: 1, unit_price: price }],
    overrides: { exchange_rate: '1', ...(options.category ? { category: options.category } : {}) },
  });
  const order = options.order === undefined ? 'sent' : options.order;
  if (order === null) return null;
  const vendor = options.vendor ?? (await buildVendor(app.models, world.organization));
  const created = await api(world, world.finance, 'createPurchaseOrder', 'POST', '/purchase-orders', {
    requisition_id: requisition.id,
    vendor_id: vendor.id,
    payment_terms: 'Net 30',
    delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(created.statusCode, created.payload).toBe(201);
  const id = body(created).purchase_order.id as string;
  const steps = order === 'draft' ? [] : order === 'sent' ? ['send'] : ['send', 'receive'];
  for (const step of steps) {
    const operationId = step === 'send' ? 'sendPurchaseOrder' : 'receivePurchaseOrder';
    const response = await api(
      world,
      world.finance,
      operationId,
      'POST',
      `/purchase-orders/${id}/${step}`,
      {},
    );
    expect(response.statusCode, response.payload).toBe(200);
  }
  return id;
}

function csvRows(response: ServerInjectResponse): string[][] {
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.payload.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(response.payload.slice(1), { skipEmptyLines: true }).data;
}

describe('reports', () => {
  let world: World;
  let other: World;
  beforeAll(async () => {
    world = await buildWorld();
    other = await buildWorld();
    const courier = await buildVendor(app.models, world.organization, { name: 'Southern Cross Couriers' });
    await raise(world, world.it, '250.50', { vendor: courier });
    await raise(world, world.ops, '1000.00', { order: 'received', vendor: courier, category: 'capital' });
    await raise(world, world.it, '99.00', { order: 'draft' });
    await raise(world, world.ops, '75.00', { order: null });
    await buildBudget(app.models, world.ops, { fiscal_year: YEAR, allocated_amount: '5000.00' });
    await raise(other, other.it, '777.00', { order: 'received' });
  });

  it('spend: sent and received orders by month, from the counters and from the rows alike', async () => {
    const whole = body(
      await api(
        world,
        world.finance,
        'getSpendReport',
        'GET',
        `/reports/spend?from=${monthStart}&to=${today}`,
      ),
    );
    expect(whole).toMatchObject({ group_by: 'month', currency: 'AUD', total: 1250.5, cost_center_id: null });
    expect(whole.rows.at(-1)).toMatchObject({ key: thisMonth, amount: 1250.5 });
    // The default period: twelve calendar months ending this one.
    const fallback = body(await api(world, world.finance, 'getSpendReport', 'GET', '/reports/spend'));
    expect(fallback.rows).toHaveLength(12);
    expect(fallback.total).toBe(1250.5);
    // A period of part of a month reads the orders themselves (the counters are per month).
    const days = body(
      await api(world, world.finance, 'getSpendReport', 'GET', `/reports/spend?from=${today}&to=${today}`),
    );
    expect(days.rows).toEqual([{ key: thisMonth, label: expect.any(String), amount: 1250.5 }]);
  });

  it('spend by cost centre, vendor and category, and for one cost centre', async () => {
    const read = async (query: string) =>
      body(await api(world, world.finance, 'getSpendReport', 'GET', `/reports/spend?${query}`));
    expect((await read('group_by=cost_center')).rows).toEqual([
      { key: world.ops.id, label: 'CC-300 - Operations', amount: 1000 },
      { key: world.it.id, label: 'CC-200 - Information Technology', amount: 250.5 },
    ]);
    expect((await read('group_by=vendor')).rows).toEqual([
      { key: expect.any(String), label: 'Southern Cross Couriers', amount: 1250.5 },
    ]);
    expect((await read('group_by=category')).rows).toEqual([
      { key: 'capital', label: 'Capital', amount: 1000 },
      { key: 'standard', label: 'Standard', amount: 250.5 },
    ]);
    const one = await read(`group_by=category&cost_center_id=${world.it.id}`);
    expect(one).toMatchObject({ total: 250.5, cost_center_id: world.it.id });
    expect(one.rows).toEqual([{ key: 'standard', label: 'Standard', amount: 250.5 }]);
    // Whole months come from the counters, a part of a month from the orders: the same rows.
    for (const query of [
      'group_by=month',
      'group_by=cost_center',
      'group_by=category',
      'group_by=vendor',
      `group_by=month&cost_center_id=${world.ops.id}`,
      `group_by=cost_center&cost_center_id=${world.ops.id}`,
      `group_by=category&cost_center_id=${world.ops.id}`,
    ]) {
      const counted = await read(`${query}&from=${monthStart}&to=${today}`);
      const scanned = await read(`${query}&from=${today}&to=${today}`);
      expect(counted.rows, query).toEqual(scanned.rows);
      expect(counted.total, query).toBe(scanned.total);
    }
  });

  it('spend by vendor reads the vendor counters, exact after send, receive and cancel', async () => {
    const own = await buildWorld();
    const acme = await buildVendor(app.models, own.organization, { name: 'Acme Freight' });
    const birch = await buildVendor(app.models, own.organization, { name: 'Birch Office' });
    await raise(own, own.it, '100.00', { vendor: acme });
    await raise(own, own.ops, '40.00', { vendor: birch, order: 'received' });
    await raise(own, own.ops, '5.00', { vendor: birch, order: 'draft' });
    const cancelled = await raise(own, own.it, '60.00', { vendor: birch });
    const counters = async () =>
      Object.fromEntries(
        (
          await app.sequelize.query<{ key: string; n: string }>(
            `SELECT key, sum(n)::text AS n FROM counter_deltas
              WHERE organization_id = $1 AND key LIKE 'spend:vendor:%' GROUP BY key HAVING sum(n) <> 0`,
            { bind: [own.organization.id], type: QueryTypes.SELECT },
          )
        ).map((row) => [row.key, Number(row.n)]),
      );
    expect(await counters()).toEqual({
      [`spend:vendor:${acme.id}:${thisMonth}`]: 10_000,
      [`spend:vendor:${birch.id}:${thisMonth}`]: 10_000,
    });
    const cancel = await api(
      own,
      own.finance,
      'cancelPurchaseOrder',
      'POST',
      `/purchase-orders/${cancelled}/cancel`,
      {},
    );
    expect(cancel.statusCode, cancel.payload).toBe(200);
    expect(await counters()).toEqual({
      [`spend:vendor:${acme.id}:${thisMonth}`]: 10_000,
      [`spend:vendor:${birch.id}:${thisMonth}`]: 4_000,
    });
    const read = async (query: string) =>
      body(await api(own, own.finance, 'getSpendReport', 'GET', `/reports/spend?group_by=vendor&${query}`));
    const counted = await read(`from=${monthStart}&to=${today}`);
    expect(counted.rows).toEqual([
      { key: acme.id, label: 'Acme Freight', amount: 100 },
      { key: birch.id, label: 'Birch Office', amount: 40 },
    ]);
    expect(counted.rows).toEqual((await read(`from=${today}&to=${today}`)).rows);
    expect((await read('')).total).toBe(140);
    await expectCountersExact(app.sequelize);
  });

  it('budget against actual uses the budgets figures; open commitments what is not received', async () => {
    const report = body(
      await api(
        world,
        world.finance,
        'getBudgetVsActualReport',
        'GET',
        `/reports/budget-vs-actual?fiscal_year=${YEAR}`,
      ),
    );
    expect(report.rows).toEqual([
      {
        cost_center: { id: world.it.id, code: 'CC-200', name: 'Information Technology' },
        allocated: null,
        committed: 349.5,
        spent: 0,
        available: null,
      },
      {
        cost_center: { id: world.ops.id, code: 'CC-300', name: 'Operations' },
        allocated: 5000,
        committed: 75,
        spent: 1000,
        available: 3925,
      },
    ]);
    const open = body(
      await api(world, world.finance, 'getOpenCommitmentsReport', 'GET', '/reports/open-commitments'),
    );
    expect(open.total).toBe(424.5);
    expect(open.rows).toEqual([
      expect.objectContaining({ awaiting_order: 99, awaiting_receipt: 250.5, requisitions: 0, orders: 2 }),
      expect.objectContaining({ awaiting_order: 75, awaiting_receipt: 0, requisitions: 1, orders: 0 }),
    ]);
  });

  it('approval cycle time by level and by approver, over the steps decided in the period', async () => {
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.staff.user,
      costCenter: world.it,
      status: 'rejected',
    });
    const step = (level: number, opened: string, decided: string, action = 'approve') =>
      app.sequelize.query(
        `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id,
                                     action, comments, actioned_at, actioned_by_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'ok', $7, $5, $8)`,
        {
          bind: [
            world.organization.id,
            requisition.id,
            level,
            `Level ${level}`,
            world.finance.user.id,
            action,
            decided,
            opened,
          ],
        },
      );
    await step(1, '2026-03-02T00:00:00Z', '2026-03-02T02:00:00Z');
    await step(1, '2026-03-03T00:00:00Z', '2026-03-03T10:00:00Z');
    await step(2, '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z', 'reject');
    await step(2, '2026-03-04T00:00:00Z', '2026-03-04T00:30:00Z', 'auto_approve');
    await step(1, '2026-05-01T00:00:00Z', '2026-05-01T05:00:00Z'); // outside the period
    const period = 'from=2026-03-01&to=2026-03-31';
    const levels = body(
      await api(
        world,
        world.finance,
        'getApprovalCycleTimeReport',
        'GET',
        `/reports/approval-cycle-time?${period}`,
      ),
    );
    expect(levels.rows).toEqual([
      { key: '1', label: 'Level 1', decisions: 2, average_hours: 6, median_hours: 6 },
      { key: '2', label: 'Level 2', decisions: 1, average_hours: 24, median_hours: 24 },
    ]);
    const people = body(
      await api(
        world,
        world.finance,
        'getApprovalCycleTimeReport',
        'GET',
        `/reports/approval-cycle-time?${period}&group_by=approver`,
      ),
    );
    expect(people.rows).toEqual([
      {
        key: world.finance.user.id,
        label: 'Fay FinanceManager',
        decisions: 3,
        average_hours: 12,
        median_hours: 10,
      },
    ]);
  });

  it('answers each report as CSV with format=csv', async () => {
    const spend = await api(
      world,
      world.finance,
      'getSpendReport',
      'GET',
      '/reports/spend?group_by=vendor&format=csv',
    );
    expect(spend.headers['content-disposition']).toMatch(
      /^attachment; filename="spend-by-vendor-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(csvRows(spend)).toEqual([
      ['Vendor', 'Spend', 'Currency'],
      ['Southern Cross Couriers', '1250.50', 'AUD'],
    ]);
    const budget = await api(
      world,
      world.finance,
      'getBudgetVsActualReport',
      'GET',
      `/reports/budget-vs-actual?fiscal_year=${YEAR}&format=csv`,
    );
    expect(csvRows(budget)).toEqual([
      ['Cost Center', 'Budget', 'Committed', 'Spent', 'Available', 'Currency'],
      ['CC-200 - Information Technology', '', '349.50', '0.00', '', 'AUD'],
      ['CC-300 - Operations', '5000.00', '75.00', '1000.00', '3925.00', 'AUD'],
    ]);
    const open = await api(
      world,
      world.finance,
      'getOpenCommitmentsReport',
      'GET',
      '/reports/open-commitments?format=csv',
    );
    expect(csvRows(open)[0]).toEqual([
      'Cost Center',
      'Awaiting Order',
      'Awaiting Receipt',
      'Requisitions',
      'Orders',
      'Currency',
    ]);
    const cycle = await api(
      world,
      world.finance,
      'getApprovalCycleTimeReport',
      'GET',
      '/reports/approval-cycle-time?format=csv',
    );
    expect(csvRows(cycle)[0]).toEqual(['Level', 'Decisions', 'Average Hours', 'Median Hours']);
  });

  it('needs report.view, refuses a bad period and another organisation’s cost centre', async () => {
    expect((await api(world, world.staff, 'getSpendReport', 'GET', '/reports/spend')).statusCode).toBe(403);
    const backwards = await api(
      world,
      world.finance,
      'getSpendReport',
      'GET',
      '/reports/spend?from=2026-05-01&to=2026-04-01',
    );
    expect(backwards.statusCode).toBe(400);
    expect(body(backwards).details).toEqual([{ field: 'from', message: 'must be on or before to' }]);
    const long = await api(
      world,
      world.finance,
      'getSpendReport',
      'GET',
      '/reports/spend?from=2015-01-01&to=2026-01-01',
    );
    expect(body(long).details[0].field).toBe('to');
    for (const url of [
      `/reports/spend?cost_center_id=${other.it.id}`,
      `/reports/open-commitments?cost_center_id=${other.it.id}`,
      `/reports/budget-vs-actual?cost_center_id=${other.it.id}`,
    ]) {
      const operationId = url.includes('spend')
        ? 'getSpendReport'
        : url.includes('open')
          ? 'getOpenCommitmentsReport'
          : 'getBudgetVsActualReport';
      expect((await api(world, world.finance, operationId, 'GET', url)).statusCode).toBe(404);
    }
  });
});
