import { describe, expect, it } from 'vitest';
import { call, expectContract } from './app.js';
import { buildBudget } from './factories.js';
import { raise, requisitionDetail, requisitionForm, submitDraft } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  useTestApp,
} from './support/approval-world.js';

/**
 * Currency done right (issue 13 item 2): exchange rates kept per organisation, a rate frozen at
 * submission, thresholds, budgets and the counters in the base currency.
 */

// Every change these tests made kept the maintained counters exact, in base amounts.
const app = useTestApp({}, { countersExact: true });

/** `YYYY-MM-DD` of today (UTC) moved by `days`. */
const day = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An AUD organisation: an Admin, a requestor managed by a manager in a department with a head, a Finance Manager. */
async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const admin = await world.member('Admin');
  const chain = await buildApprovalChain(world);
  const finance = await world.member('Finance Manager');
  return { ...world, admin, ...chain, finance };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function addRate(world: World, currency: string, rate: number, effectiveFrom: string, as?: Member) {
  return call(app.server, 'POST', '/api/exchange-rates', {
    token: (as ?? world.admin).token,
    organizationId: world.organization.id,
    payload: { currency, rate, effective_from: effectiveFrom },
  });
}

/** A draft of one line of `amount` in `currency`, raised by the requestor. */
function draft(world: World, amount: number, currency: string) {
  const line = { description: 'Booth', unit_price: amount };
  return raise(
    world,
    world.requestor,
    requisitionForm(world, `Conference in Berlin ${amount}`, line, { currency }),
  );
}

const submit = (world: World, id: string) => submitDraft(world, world.requestor, id);

const detail = (world: World, id: string, as: Member = world.requestor) => requisitionDetail(world, as, id);

describe('exchange rates', () => {
  it('are kept by org.settings holders, read by every member, and refuse what makes no sense', async () => {
    const world = await buildWorld();
    const created = await addRate(world, 'EUR', 1.65, day(-30));
    expectContract(created, 'createExchangeRate');
    expect(created.statusCode, created.payload).toBe(201);
    const rate = body(created).exchange_rate;
    expect(rate).toMatchObject({ currency: 'EUR', rate: 1.65, effective_from: day(-30) });

    const again = await addRate(world, 'EUR', 1.7, day(-30));
    expect(again.statusCode).toBe(409);
    expect(body(again).details).toEqual([expect.objectContaining({ field: 'effective_from' })]);

    const base = await addRate(world, 'AUD', 1, day());
    expect(base.statusCode).toBe(400);
    expect(body(base).details).toEqual([expect.objectContaining({ field: 'currency' })]);
    const fine = await addRate(world, 'USD', 1.123456789, day());
    expect(fine.statusCode).toBe(400);
    expect(body(fine).details).toEqual([expect.objectContaining({ field: 'rate' })]);

    const staff = await addRate(world, 'USD', 1.5, day(), world.requestor);
    expect(staff.statusCode).toBe(403);

    const later = await addRate(world, 'EUR', 1.7, day(-1));
    expect(later.statusCode).toBe(201);
    const list = await call(app.server, 'GET', '/api/exchange-rates?currency=EUR', {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(list, 'listExchangeRates');
    expect(body(list).base_currency).toBe('AUD');
    expect(
      body(list).exchange_rates.map((r: { rate: number; status: string }) => [r.rate, r.status]),
    ).toEqual([
      [1.7, 'in_effect'],
      [1.65, 'superseded'],
    ]);

    const changed = await call(app.server, 'PUT', `/api/exchange-rates/${rate.id}`, {
      token: world.admin.token,
      organizationId: world.organization.id,
      payload: { rate: 1.6, effective_from: day(-20) },
    });
    expectContract(changed, 'updateExchangeRate');
    expect(body(changed).exchange_rate).toMatchObject({ id: rate.id, rate: 1.6, effective_from: day(-20) });

    const other = await buildWorld();
    for (const [method, payload] of [
      ['PUT', { rate: 2, effective_from: day() }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await call(app.server, method, `/api/exchange-rates/${rate.id}`, {
        token: other.admin.token,
        organizationId: other.organization.id,
        ...(payload ? { payload } : {}),
      });
      expect(foreign.statusCode).toBe(404);
    }
    const gone = await call(app.server, 'DELETE', `/api/exchange-rates/${rate.id}`, {
      token: world.admin.token,
      organizationId: world.organization.id,
    });
    expect(gone.statusCode).toBe(204);
  });
});

describe('a requisition in another currency', () => {
  it('is refused at submission while no rate is in effect, and stays a draft', async () => {
    const world = await buildWorld();
    await addRate(world, 'EUR', 1.5, day(1)); // from tomorrow: not in effect yet
    const { id } = await draft(world, 100, 'EUR');
    const refused = await submit(world, id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'EXCHANGE_RATE_MISSING',
      details: [expect.objectContaining({ field: 'currency' })],
    });
    expect(body(refused).message).toContain('No exchange rate from EUR to AUD');
    const after = await detail(world, id);
    expect(after).toMatchObject({ status: 'draft', exchange_rate: null, base_total_amount: null });
    expect(after.approval_workflow).toEqual([]);
  });

  it('freezes the rate in effect on the day it is submitted; thresholds and budgets count the base amount', async () => {
    const world = await buildWorld();
    await buildBudget(app.models, world.costCenter, { allocated_amount: '100000.00' });
    await addRate(world, 'EUR', 1.2, day(-60));
    const current = body(await addRate(world, 'EUR', 1.5, day(-1))).exchange_rate;
    const future = body(await addRate(world, 'EUR', 3, day(2))).exchange_rate; // not used yet
    expect([current.status, future.status]).toEqual(['in_effect', 'scheduled']);

    // 20,000.01 EUR is 30,000.015 AUD, rounded half up to 30,000.02: over the 25,000 Finance threshold.
    const { id } = await draft(world, 20_000.01, 'EUR');
    const submitted = await submit(world, id);
    expect(submitted.statusCode, submitted.payload).toBe(200);
    const view = await detail(world, id);
    expect(view).toMatchObject({
      currency: 'EUR',
      total_amount: 20_000.01,
      base_currency: 'AUD',
      exchange_rate: 1.5,
      base_total_amount: 30_000.02,
      status: 'under_review',
    });
    const levels = view.approval_workflow.map((step: { level_title: string }) => step.level_title);
    expect(levels).toEqual(['Manager Approval']);

    // The rate changes after submission: the requisition keeps the one it froze.
    const changed = await call(app.server, 'PUT', `/api/exchange-rates/${current.id}`, {
      token: world.admin.token,
      organizationId: world.organization.id,
      payload: { rate: 2.5, effective_from: day(-1) },
    });
    expect(changed.statusCode).toBe(200);

    for (const approver of [world.manager, world.head]) {
      const approved = await call(app.server, 'POST', `/api/approvals/${id}/approve`, {
        token: approver.token,
        organizationId: world.organization.id,
        payload: { action: 'approve' },
      });
      expect(approved.statusCode, approved.payload).toBe(200);
    }
    // Levels 2 (≥ 5,000) and 3 (≥ 25,000) apply to the base amount, not to 20,000.01.
    const third = await detail(world, id);
    expect(third.approval_workflow.at(-1)).toMatchObject({
      level_title: 'Finance Manager Approval',
      action: null,
    });
    expect(third.exchange_rate).toBe(1.5);
    const approved = await call(app.server, 'POST', `/api/approvals/${id}/approve`, {
      token: world.finance.token,
      organizationId: world.organization.id,
      payload: { action: 'approve' },
    });
    expect(approved.statusCode, approved.payload).toBe(200);

    // Committed counts the frozen base amount (from the maintained counters).
    const check = await call(
      app.server,
      'GET',
      `/api/budgets/check?cost_center_id=${world.costCenter.id}&amount=1`,
      { token: world.finance.token, organizationId: world.organization.id },
    );
    expectContract(check, 'checkBudget');
    expect(body(check)).toMatchObject({ currency: 'AUD', committed: 30_000.02, available: 69_999.98 });
  });

  it('is checked against the budget in the base currency', async () => {
    const world = await buildWorld();
    await buildBudget(app.models, world.costCenter, { allocated_amount: '25000.00' });
    const policy = await call(app.server, 'PUT', '/api/budgets/policy', {
      token: world.admin.token,
      organizationId: world.organization.id,
      payload: { budget_policy: 'block' },
    });
    expect(policy.statusCode, policy.payload).toBe(200);
    await addRate(world, 'EUR', 1.5, day(-1));
    // 20,000 EUR fits 25,000 at face value, not as 30,000 AUD.
    const { id } = await draft(world, 20_000, 'EUR');
    const refused = await submit(world, id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'BUDGET_EXCEEDED',
      details: expect.arrayContaining([{ field: 'overrun', message: '5000.00' }]),
    });
    expect(await detail(world, id)).toMatchObject({ status: 'draft', exchange_rate: null });
  });

  it('shows its base amount in the list and in the approval queue', async () => {
    const world = await buildWorld();
    await addRate(world, 'USD', 1.25, day(-3));
    const { id } = await draft(world, 100.01, 'USD');
    const list = async () => {
      const response = await call(app.server, 'GET', '/api/requisitions', {
        token: world.requestor.token,
        organizationId: world.organization.id,
      });
      expectContract(response, 'listRequisitions');
      return body(response).requisitions.find((row: { id: string }) => row.id === id);
    };
    // A draft has no frozen rate yet: no base amount.
    expect(await list()).toMatchObject({ currency: 'USD', base_currency: 'AUD', base_total_amount: null });
    expect((await submit(world, id)).statusCode).toBe(200);
    // 100.01 × 1.25 = 125.0125, rounded half up to 125.01.
    expect(await list()).toMatchObject({ total_amount: 100.01, base_total_amount: 125.01 });
    const queue = await call(app.server, 'GET', '/api/approvals/pending', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(queue, 'listPendingApprovals');
    const step = body(queue).pending_approvals.find(
      (row: { requisition: { id: string } }) => row.requisition.id === id,
    );
    expect(step.requisition).toMatchObject({
      currency: 'USD',
      base_currency: 'AUD',
      base_total_amount: 125.01,
    });
  });

  it('in the base currency freezes the rate 1', async () => {
    const world = await buildWorld();
    const { id } = await draft(world, 10.01, 'AUD');
    expect((await submit(world, id)).statusCode).toBe(200);
    expect(await detail(world, id)).toMatchObject({ exchange_rate: 1, base_total_amount: 10.01 });
  });
});

describe('the budget check', () => {
  const check = (world: World, query: string) =>
    call(app.server, 'GET', `/api/budgets/check?cost_center_id=${world.costCenter.id}&${query}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });

  it('converts an amount in another currency at the rate in effect today', async () => {
    const world = await buildWorld();
    await buildBudget(app.models, world.costCenter, { allocated_amount: '1000.00' });
    await addRate(world, 'EUR', 1.2, day(-30));
    await addRate(world, 'EUR', 1.5, day(-1));
    await addRate(world, 'EUR', 9, day(3)); // scheduled: not used

    // 666.67 EUR is 1,000.005 AUD, rounded half up to 1,000.01: just over the 1,000 available.
    const over = await check(world, 'amount=666.67&currency=EUR');
    expectContract(over, 'checkBudget');
    expect(body(over)).toMatchObject({
      currency: 'AUD',
      available: 1000,
      amount_in_base: 1000.01,
      exchange_rate: 1.5,
      within_budget: false,
    });
    const fits = await check(world, 'amount=666.66&currency=EUR');
    expect(body(fits)).toMatchObject({ amount_in_base: 999.99, within_budget: true });

    // The base currency, named or not, is not converted.
    for (const query of ['amount=1000', 'amount=1000&currency=AUD']) {
      const same = await check(world, query);
      expectContract(same, 'checkBudget');
      expect(body(same)).toMatchObject({ amount_in_base: 1000, exchange_rate: null, within_budget: true });
    }
  });

  it('answers 409 naming the currency when no rate is in effect', async () => {
    const world = await buildWorld();
    await addRate(world, 'GBP', 2, day(5)); // only a future rate
    const refused = await check(world, 'amount=10&currency=GBP');
    expectContract(refused, 'checkBudget');
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'EXCHANGE_RATE_MISSING',
      details: [{ field: 'currency', message: expect.stringContaining('No GBP to AUD rate') }],
    });
  });
});
