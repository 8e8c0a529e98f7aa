import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter } from '../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';

/**
 * Open commitments from counters (issue 16, item 4; migration 2026.11.28T07.20.00): the report
 * reads the `open:*` keys per cost centre, exact after an order is drafted, sent, partly received,
 * received and cancelled, and equal to the open work summed from the rows.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await expectCountersExact(app.sequelize);
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const finance = await buildUser(app.models, { first_name: 'Fin', last_name: 'Ance' });
  await buildMembership(app.models, { user: finance, organization, roleName: 'Finance Manager' });
  const staff = await buildUser(app.models, { first_name: 'Sta', last_name: 'Ff' });
  await buildMembership(app.models, { user: staff, organization, roleName: 'User' });
  return {
    organization,
    finance,
    staff,
    token: await accessTokenFor(app.server, finance),
    vendor: await buildVendor(app.models, organization),
    it: await buildCostCenter(app.models, organization, { code: 'CC-200', name: 'Information Technology' }),
    ops: await buildCostCenter(app.models, organization, { code: 'CC-300', name: 'Operations' }),
  };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function api(world: World, operationId: string, method: string, url: string, payload?: unknown) {
  const response = await call(app.server, method, `/api${url}`, {
    token: world.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  expectContract(response, operationId);
  expect(response.statusCode, response.payload).toBeLessThan(300);
  return body(response);
}

/** An approved requisition of four units at `price`, and its draft order (the order's id and line). */
async function order(world: World, costCenter: CostCenter, price: string) {
  const requisition = await buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.staff,
    costCenter,
    status: 'approved',
    lines: [{ description: 'Chairs', quantity: 4, unit_price: price }],
    overrides: { exchange_rate: '1' },
  });
  const created = await api(world, 'createPurchaseOrder', 'POST', '/purchase-orders', {
    requisition_id: requisition.id,
    vendor_id: world.vendor.id,
    payment_terms: 'Net 30',
    delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
  return {
    id: created.purchase_order.id as string,
    line: created.purchase_order.po_line_items[0].id as string,
  };
}

/** The report's figures summed from the rows, as the report read them before the counters. */
async function byScan(world: World) {
  const [row] = await app.sequelize.query<{ total: string }>(
    `SELECT COALESCE(sum(n), 0)::text AS total FROM (
       SELECT round(COALESCE(r.base_total_amount, r.total_amount) * 100) AS n FROM requisitions r
        WHERE r.organization_id = $1 AND r.status = 'approved'
       UNION ALL
       SELECT round(COALESCE(po.base_total_amount, po.total_amount) * 100)
              - CASE WHEN po.status = 'draft' THEN 0 ELSE COALESCE((SELECT round(sum(x.base_amount) * 100)
                  FROM po_receipts x WHERE x.purchase_order_id = po.id), 0) END
         FROM purchase_orders po
        WHERE po.organization_id = $1 AND po.status IN ('draft', 'sent', 'partially_received')) open`,
    { bind: [world.organization.id], type: QueryTypes.SELECT },
  );
  return Number(row?.total) / 100;
}

describe('open commitments from counters', () => {
  it('follow draft, send, partial receipt, receipt and cancel, and equal the rows', async () => {
    const world = await buildWorld();
    const report = async () => {
      const answer = await api(world, 'getOpenCommitmentsReport', 'GET', '/reports/open-commitments');
      expect(answer.total).toBe(await byScan(world));
      return answer;
    };
    const kept = await order(world, world.it, '25.00'); // 100.00
    const partial = await order(world, world.ops, '10.00'); // 40.00
    const received = await order(world, world.ops, '5.00'); // 20.00
    const cancelled = await order(world, world.it, '2.50'); // 10.00
    expect((await report()).rows).toEqual([
      expect.objectContaining({ awaiting_order: 110, awaiting_receipt: 0, requisitions: 0, orders: 2 }),
      expect.objectContaining({ awaiting_order: 60, awaiting_receipt: 0, requisitions: 0, orders: 2 }),
    ]);
    for (const { id } of [kept, partial, received, cancelled]) {
      await api(world, 'sendPurchaseOrder', 'POST', `/purchase-orders/${id}/send`, {});
    }
    await api(world, 'createPurchaseOrderReceipt', 'POST', `/purchase-orders/${partial.id}/receipts`, {
      lines: [{ po_line_item_id: partial.line, quantity: 1 }],
    });
    await api(world, 'createPurchaseOrderReceipt', 'POST', `/purchase-orders/${partial.id}/receipts`, {
      lines: [{ po_line_item_id: partial.line, quantity: 2 }],
    });
    await api(world, 'receivePurchaseOrder', 'POST', `/purchase-orders/${received.id}/receive`, {});
    await api(world, 'cancelPurchaseOrder', 'POST', `/purchase-orders/${cancelled.id}/cancel`, {});
    // The cancelled order's requisition is approved again (awaiting order); the partly received
    // order lacks one chair of four; the received one is no longer open.
    const after = await report();
    expect(after.rows).toEqual([
      expect.objectContaining({
        cost_center: { id: world.it.id, code: 'CC-200', name: 'Information Technology' },
        awaiting_order: 10,
        awaiting_receipt: 100,
        requisitions: 1,
        orders: 1,
      }),
      expect.objectContaining({ awaiting_order: 0, awaiting_receipt: 10, requisitions: 0, orders: 1 }),
    ]);
    expect(after.total).toBe(120);
    const one = await api(
      world,
      'getOpenCommitmentsReport',
      'GET',
      `/reports/open-commitments?cost_center_id=${world.ops.id}`,
    );
    expect(one.rows).toEqual([after.rows[1]]);
    await expectCountersExact(app.sequelize);
  });
});
