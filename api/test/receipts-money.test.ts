import { describe, expect, it } from 'vitest';
import { fiscalYearOf } from '../src/domain/fiscal-year.js';
import { budgetFigures, budgetFiguresByScan } from '../src/features/budgets/budget-figures.js';
import { expectCountersExact } from './counters-check.js';
import { request as requestAs } from './support/approval-calls.js';
import { body, useTestApp } from './support/approval-world.js';
import { type BuyingWorld, buildBuyingWorld, sentLaptopOrder } from './support/order-world.js';

/**
 * Partial receipts counted once (issue 16; docs/decisions.md "Receipts"): the received part of an
 * order leaves committed as it enters spent, in the counters and in the figures read from the rows.
 */

const app = useTestApp({}, { countersExact: true });

const buildWorld = () => buildBuyingWorld(app, { budget: true });
type World = BuyingWorld;

const request = (world: World, method: string, url: string, payload?: unknown) =>
  requestAs(world, world.buyer, method, url, payload);

/** A sent order of three laptops (3,300.00 with tax) and two docks (215.01): 3,515.01 in all. */
const sentOrder = sentLaptopOrder;

const receive = async (world: World, id: string, lines: { po_line_item_id: string; quantity: number }[]) => {
  const response = await request(world, 'POST', `/purchase-orders/${id}/receipts`, { lines });
  expect(response.statusCode, response.payload).toBe(201);
  return response;
};

/**
 * Spent and committed in cents, for the organisation and for its cost centre, from the counters,
 * checked equal to the figures from the rows and to what `GET /budgets/check` answers.
 */
async function figures(world: World): Promise<{ spent: number; committed: number }> {
  const fiscalYear = fiscalYearOf(new Date(), 7);
  const answers = [];
  for (const costCenterId of [null, world.costCenter.id]) {
    const options = { organizationId: world.organization.id, fiscalYear, costCenterId };
    const counted = await budgetFigures(app, options);
    expect(await budgetFiguresByScan(app, options)).toEqual(counted);
    answers.push({ spent: counted.spent, committed: counted.committed });
  }
  expect(answers[1]).toEqual(answers[0]);
  const check = await request(world, 'GET', `/budgets/check?cost_center_id=${world.costCenter.id}&amount=1`);
  expect(check.statusCode, check.payload).toBe(200);
  const cents = (figures: { spent: number; committed: number }) => ({
    spent: Math.round(figures.spent * 100),
    committed: Math.round(figures.committed * 100),
  });
  expect(cents(body(check))).toEqual(answers[0]);
  // The other readers: the budget list, the budget-vs-actual report, the dashboard's utilisation.
  const budgets = await request(world, 'GET', '/budgets');
  expect(budgets.statusCode, budgets.payload).toBe(200);
  const budget = body(budgets).budgets.find(
    (b: { cost_center: { id: string } }) => b.cost_center.id === world.costCenter.id,
  );
  expect(cents(budget)).toEqual(answers[0]);
  const report = await request(world, 'GET', '/reports/budget-vs-actual');
  expect(report.statusCode, report.payload).toBe(200);
  const row = body(report).rows.find(
    (r: { cost_center: { id: string } }) => r.cost_center.id === world.costCenter.id,
  );
  expect(cents(row)).toEqual(answers[0]);
  const summary = await request(world, 'GET', `/organizations/${world.organization.id}/summary`);
  expect(summary.statusCode, summary.payload).toBe(200);
  const { spent, committed } = answers[0]!;
  expect(body(summary).summary.budget_utilization).toBeCloseTo(((spent + committed) / 10_000_000) * 100, 1);
  return answers[0]!;
}

const TOTAL = 351_501;

describe('partial receipts in the budget figures', () => {
  it('moves each receipt from committed to spent: spent + committed is the order total at every step', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    expect(await figures(world)).toEqual({ spent: 0, committed: TOTAL });

    await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 2 }]);
    expect(await figures(world)).toEqual({ spent: 220_000, committed: TOTAL - 220_000 });

    // A partially received order cannot be cancelled; nothing moves.
    const cancel = await request(world, 'POST', `/purchase-orders/${order.id}/cancel`, { reason: 'No' });
    expect(cancel.statusCode).toBe(409);
    expect(await figures(world)).toEqual({ spent: 220_000, committed: TOTAL - 220_000 });

    await receive(world, order.id, [
      { po_line_item_id: order.laptop, quantity: 1 },
      { po_line_item_id: order.dock, quantity: 1 },
    ]);
    expect(await figures(world)).toEqual({ spent: 340_751, committed: TOTAL - 340_751 });

    // The last receipt completes the order: all spent, nothing committed.
    await receive(world, order.id, [{ po_line_item_id: order.dock, quantity: 1 }]);
    expect(await figures(world)).toEqual({ spent: TOTAL, committed: 0 });
    await expectCountersExact(app.sequelize);
  });

  it('receivePurchaseOrder after a partial receipt ends with the whole total spent and none committed', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    await receive(world, order.id, [{ po_line_item_id: order.dock, quantity: 2 }]);
    expect(await figures(world)).toEqual({ spent: 21_501, committed: TOTAL - 21_501 });
    const rest = await request(world, 'POST', `/purchase-orders/${order.id}/receive`, { notes: 'The rest' });
    expect(rest.statusCode, rest.payload).toBe(200);
    expect(await figures(world)).toEqual({ spent: TOTAL, committed: 0 });
  });

  it('two concurrent receipts of one order each move their own amount once', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    const [a, b] = await Promise.all([
      request(world, 'POST', `/purchase-orders/${order.id}/receipts`, {
        lines: [{ po_line_item_id: order.laptop, quantity: 1 }],
      }),
      request(world, 'POST', `/purchase-orders/${order.id}/receipts`, {
        lines: [{ po_line_item_id: order.dock, quantity: 1 }],
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    // A laptop 1,100.00; a dock 107.51 (half of the dock's tax, half up).
    expect(await figures(world)).toEqual({ spent: 120_751, committed: TOTAL - 120_751 });
    const [c, d] = await Promise.all([
      request(world, 'POST', `/purchase-orders/${order.id}/receive`, {}),
      request(world, 'POST', `/purchase-orders/${order.id}/receipts`, {
        lines: [{ po_line_item_id: order.laptop, quantity: 2 }],
      }),
    ]);
    // Receive-all always succeeds; the laptops' receipt runs first (201) or finds the order received (409).
    expect(c.statusCode, c.payload).toBe(200);
    expect([201, 409]).toContain(d.statusCode);
    expect(await figures(world)).toEqual({ spent: TOTAL, committed: 0 });
    await expectCountersExact(app.sequelize);
  });

  it('a cancelled order gives the requisition back to committed in full; a new order is received in parts', async () => {
    const world = await buildWorld();
    const first = await sentOrder(world);
    const cancel = await request(world, 'POST', `/purchase-orders/${first.id}/cancel`, {
      reason: 'Wrong vendor',
    });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    expect(await figures(world)).toEqual({ spent: 0, committed: TOTAL });
    // Mixed history: a second requisition's order partly received, the first order cancelled.
    const second = await sentOrder(world);
    await receive(world, second.id, [{ po_line_item_id: second.laptop, quantity: 3 }]);
    expect(await figures(world)).toEqual({ spent: 330_000, committed: 2 * TOTAL - 330_000 });
    await expectCountersExact(app.sequelize);
  });

  it("counts partial receipts in the vendor's spend and takes them off what it still has committed", async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 2 }]);
    const spend = await request(world, 'GET', `/vendors/${world.vendor.id}/spend`);
    expect(spend.statusCode, spend.payload).toBe(200);
    expect(body(spend).spend).toMatchObject({
      open_order_count: 1,
      received_amount: 2200,
      committed_amount: 1315.01,
    });
  });
});
