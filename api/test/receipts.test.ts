import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { fiscalYearOf } from '../src/domain/fiscal-year.js';
import { budgetFigures, budgetFiguresByScan } from '../src/features/budgets/budget-figures.js';
import { expectContract } from './app.js';
import { buildRequisition } from './factories.js';
import { request } from './support/approval-calls.js';
import { body, useTestApp } from './support/approval-world.js';
import { type BuyingWorld, buildBuyingWorld, day, sentLaptopOrder } from './support/order-world.js';

/** Receipts per line (issue 16 item 3; docs/decisions.md "Receipts"). */

// Receipts keep the spent counters exact (a receipt trigger, a trigger on the order's status).
const app = useTestApp({}, { countersExact: true });

const buildWorld = () => buildBuyingWorld(app);
type World = BuyingWorld;

/** A sent order of three laptops (10 % tax as a rate) and two docks (tax as an amount). */
const sentOrder = sentLaptopOrder;

async function receive(
  world: World,
  id: string,
  lines: { po_line_item_id: string; quantity: number }[],
  extra = {},
) {
  const response = await request(world, world.buyer, 'POST', `/purchase-orders/${id}/receipts`, {
    lines,
    ...extra,
  });
  expectContract(response, 'createPurchaseOrderReceipt');
  return response;
}

const spentNow = async (world: World) => {
  const options = { organizationId: world.organization.id, fiscalYear: fiscalYearOf(new Date(), 7) };
  const counted = await budgetFigures(app, options);
  expect(await budgetFiguresByScan(app, options)).toEqual(counted);
  return counted.spent;
};

describe('POST /purchase-orders/{id}/receipts', () => {
  it('receives over several receipts: partially_received, then received; spent follows', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    expect(await spentNow(world)).toBe(0);

    const first = await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 2 }], {
      received_at: day(0),
      notes: 'Third laptop back-ordered',
    });
    expect(first.statusCode, first.payload).toBe(201);
    const answer = body(first);
    expect(answer.purchase_order.status).toBe('partially_received');
    expect(
      answer.purchase_order.po_line_items.map((l: { quantity_received: number }) => l.quantity_received),
    ).toEqual([2, 0]);
    expect(answer.receipt).toMatchObject({
      received_at: day(0),
      notes: 'Third laptop back-ordered',
      amount: 2200,
      attachment: null,
      received_by: { id: world.buyer.user.id },
      lines: [{ po_line_item_id: order.laptop, description: 'Laptop', quantity: 2 }],
    });
    expect(await spentNow(world)).toBe(220_000);

    const second = await receive(world, order.id, [
      { po_line_item_id: order.laptop, quantity: 1 },
      { po_line_item_id: order.dock, quantity: 1 },
    ]);
    expect(second.statusCode, second.payload).toBe(201);
    expect(body(second).purchase_order.status).toBe('partially_received');
    // A dock: 100 + half of 15.01 (7.505, half up 7.51).
    expect(body(second).receipt.amount).toBe(1100 + 107.51);

    const last = await receive(world, order.id, [{ po_line_item_id: order.dock, quantity: 1 }]);
    expect(last.statusCode, last.payload).toBe(201);
    expect(body(last).purchase_order.status).toBe('received');
    expect(body(last).purchase_order.received_date).toBe(day(0));
    expect(body(last).receipt.amount).toBe(107.5);
    // The whole order, to the cent: 3300 + 215.01.
    expect(await spentNow(world)).toBe(351_501);

    const list = await request(world, world.staff, 'GET', `/purchase-orders/${order.id}/receipts`);
    expectContract(list, 'listPurchaseOrderReceipts');
    expect(list.statusCode).toBe(200);
    expect(body(list).data.map((r: { amount: number }) => r.amount)).toEqual([2200, 1207.51, 107.5]);
  });

  it('refuses over-receipt with 422 naming the line, and writes nothing', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    const response = await receive(world, order.id, [
      { po_line_item_id: order.dock, quantity: 1 },
      { po_line_item_id: order.laptop, quantity: 4 },
    ]);
    expect(response.statusCode).toBe(422);
    expect(body(response)).toEqual({
      code: 'OVER_RECEIPT',
      message: 'Laptop: 4 received, only 3 outstanding',
      details: [{ field: 'lines.1.quantity', message: 'Laptop: 4 received, only 3 outstanding' }],
    });
    const rows = await app.sequelize.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM po_receipts WHERE purchase_order_id = $1)
            + (SELECT sum(quantity_received) FROM po_line_items WHERE purchase_order_id = $1) AS n`,
      { bind: [order.id], type: QueryTypes.SELECT },
    );
    expect(Number(rows[0]!.n)).toBe(0);
    const other = await receive(world, order.id, [{ po_line_item_id: world.vendor.id, quantity: 1 }]);
    expect(other.statusCode).toBe(400);
    expect(body(other).details).toEqual([
      { field: 'lines.0.po_line_item_id', message: 'Not a line of this purchase order' },
    ]);
  });

  it('answers 409 on drafts, cancelled and fully received orders', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    expect(
      (await request(world, world.buyer, 'POST', `/purchase-orders/${order.id}/receive`)).statusCode,
    ).toBe(200);
    const again = await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('INVALID_STATUS');
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.staff.user,
      costCenter: world.costCenter,
    });
    const draft = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(14),
    });
    const draftOrder = body(draft).purchase_order;
    const onDraft = await receive(world, draftOrder.id, [
      { po_line_item_id: draftOrder.po_line_items[0].id, quantity: 1 },
    ]);
    expect(onDraft.statusCode).toBe(409);
    await request(world, world.buyer, 'POST', `/purchase-orders/${draftOrder.id}/cancel`);
    const onCancelled = await receive(world, draftOrder.id, [
      { po_line_item_id: draftOrder.po_line_items[0].id, quantity: 1 },
    ]);
    expect(onCancelled.statusCode).toBe(409);
  });

  it('receivePurchaseOrder receives what is outstanding after a partial receipt', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 1 }]);
    const rest = await request(world, world.buyer, 'POST', `/purchase-orders/${order.id}/receive`, {
      notes: 'The rest',
    });
    expectContract(rest, 'receivePurchaseOrder');
    expect(rest.statusCode, rest.payload).toBe(200);
    expect(body(rest).purchase_order).toMatchObject({ status: 'received', receipt_notes: 'The rest' });
    const list = body(await request(world, world.buyer, 'GET', `/purchase-orders/${order.id}/receipts`)).data;
    expect(list[1].lines.map((l: { quantity: number }) => l.quantity)).toEqual([2, 2]);
    expect(await spentNow(world)).toBe(351_501);
  });

  it('two concurrent receipts never receive more than ordered', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    const [a, b] = await Promise.all([
      receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 2 }]),
      receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 2 }]),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const [row] = await app.sequelize.query<{ quantity_received: number }>(
      'SELECT quantity_received FROM po_line_items WHERE id = $1',
      { bind: [order.laptop], type: QueryTypes.SELECT },
    );
    expect(row!.quantity_received).toBe(2);
  });

  it('takes one of the order’s own files, refuses others, and needs purchase_order.receive', async () => {
    const world = await buildWorld();
    const order = await sentOrder(world);
    const refused = await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 1 }], {
      attachment_id: order.dock,
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).details[0].field).toBe('attachment_id');
    const forbidden = await request(world, world.staff, 'POST', `/purchase-orders/${order.id}/receipts`, {
      lines: [{ po_line_item_id: order.laptop, quantity: 1 }],
    });
    expect(forbidden.statusCode).toBe(403);
    const future = await receive(world, order.id, [{ po_line_item_id: order.laptop, quantity: 1 }], {
      received_at: day(3),
    });
    expect(future.statusCode).toBe(400);
  });
});
