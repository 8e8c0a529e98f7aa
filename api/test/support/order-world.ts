import { expect } from 'vitest';
import { fiscalYearOf } from '../../src/domain/fiscal-year.js';
import { buildBudget, buildRequisition, buildVendor } from '../factories.js';
import { request } from './approval-calls.js';
import { body, buildOrganizationWorld, type TestApp } from './approval-world.js';

/**
 * The purchase-order tests' world: an organisation with a buyer, a member whose requisitions are
 * ordered, a vendor, and an order sent to it.
 */

/** `YYYY-MM-DD` of today (UTC) moved by `days`. */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `buyer` (a Finance Manager), `staff` (a User) and the vendor Dell; with `budget`, the cost centre
 * holds 100,000.00 for the fiscal year (starting in July) of today.
 */
export async function buildBuyingWorld(app: TestApp, options: { budget?: boolean } = {}) {
  const world = await buildOrganizationWorld(app);
  const buyer = await world.member('Finance Manager');
  const staff = await world.member('User');
  const vendor = await buildVendor(app.models, world.organization, { name: 'Dell' });
  if (options.budget) {
    await buildBudget(app.models, world.costCenter, {
      fiscal_year: fiscalYearOf(new Date(), 7).year,
      allocated_amount: '100000.00',
    });
  }
  return { ...world, buyer, staff, vendor };
}

/** The world of {@link buildBuyingWorld}. */
export type BuyingWorld = Awaited<ReturnType<typeof buildBuyingWorld>>;

/**
 * An order sent by the buyer: three laptops (3,300.00 with 10 % tax as a rate) and two docks
 * (215.01 with tax as an amount), 3,515.01 in all, from an approved requisition of `staff`.
 */
export async function sentLaptopOrder(world: BuyingWorld) {
  const requisition = await buildRequisition(world.app.models, {
    organization: world.organization,
    requestor: world.staff.user,
    costCenter: world.costCenter,
    status: 'approved',
    lines: [
      { description: 'Laptop', quantity: 3, unit_price: '1000.00', tax_amount: '300.00', tax_rate: '10' },
      { description: 'Dock', quantity: 2, unit_price: '100.00', tax_amount: '15.01' },
    ],
  });
  const created = await request(world, world.buyer, 'POST', '/purchase-orders', {
    requisition_id: requisition.id,
    vendor_id: world.vendor.id,
    payment_terms: 'Net 30',
    delivery_date: day(14),
  });
  expect(created.statusCode, created.payload).toBe(201);
  const id = body(created).purchase_order.id as string;
  const sent = await request(world, world.buyer, 'POST', `/purchase-orders/${id}/send`);
  expect(sent.statusCode, sent.payload).toBe(200);
  const lines = body(sent).purchase_order.po_line_items as { id: string }[];
  return { id, laptop: lines[0]!.id, dock: lines[1]!.id, requisitionId: requisition.id };
}
