import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, call, expectContract } from './app.js';
import { buildBudget, buildCostCenter, buildMembership, buildUser, buildVendor } from './factories.js';
import { decide, openStep, raise, request as requestIn } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  useTestApp,
} from './support/approval-world.js';

/** Changes after approval (issue 15 item 7; docs/decisions.md "Changes after approval"). */

// The committed and reserved counters followed every edit exactly.
const app = useTestApp({}, { countersExact: true });

/** An organisation: requestor → manager, department head, a Finance Manager (buyer), a budget of 100,000. */
async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const otherCostCenter = await buildCostCenter(app.models, world.organization);
  await buildBudget(app.models, world.costCenter);
  const vendor = await buildVendor(app.models, world.organization);
  const chain = await buildApprovalChain(world);
  const finance = await world.member('Finance Manager');
  return { ...world, otherCostCenter, vendor, ...chain, finance };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

const lines = (quantity: number, unitPrice = 100) => [
  { description: 'Monitor', quantity, unit_price: unitPrice, unit_of_measure: 'each' },
  { description: 'Cable', quantity: 10, unit_price: 10, unit_of_measure: 'each' },
];

const form = (world: World, extra: Record<string, unknown> = {}) => ({
  cost_center_id: world.costCenter.id,
  gl_account_id: world.glAccount.id,
  justification: 'Monitors for the new starters',
  line_items: lines(9),
  ...extra,
});

const request = (world: World, as: Member, method: string, path: string, payload?: object) =>
  requestIn(world, as, method, path, payload);

/** A requisition of 1,000.00 (9 × 100 + 10 × 10) submitted and approved by the manager. */
async function approved(world: World) {
  const { id } = await raise(world, world.requestor, { ...form(world), submit: true });
  const decided = await decide(world, world.manager, id, 'approve');
  expect(decided.statusCode, decided.payload).toBe(200);
  expect(body(decided).requisition.status).toBe('approved');
  return id;
}

async function edit(world: World, id: string, extra: Record<string, unknown>, as = world.requestor) {
  const response = await request(world, as, 'PUT', `/requisitions/${id}`, form(world, extra));
  expectContract(response, 'updateRequisition');
  return response;
}

async function committed(world: World): Promise<number> {
  const response = await request(
    world,
    world.finance,
    'GET',
    `/budgets/check?cost_center_id=${world.costCenter.id}&amount=0`,
  );
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).committed;
}

async function setTolerance(world: World, percent: number, amount: number) {
  const admin = await buildUser(app.models);
  await buildMembership(app.models, { user: admin, organization: world.organization, roleName: 'Admin' });
  const token = await accessTokenFor(app.server, admin);
  const path = `/api/organizations/${world.organization.id}/settings`;
  const current = await call(app.server, 'GET', path, { token, organizationId: world.organization.id });
  const response = await call(app.server, 'PATCH', path, {
    token,
    organizationId: world.organization.id,
    payload: {
      version: body(current).settings.version,
      reapproval_tolerance_percent: percent,
      reapproval_tolerance_amount: amount,
    },
  });
  expectContract(response, 'updateOrganizationSettings');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).settings;
}

describe('editing an approved requisition', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('sends a rise past 5,000 back to the Department Head, keeping the manager approval and moving the budget', async () => {
    const id = await approved(world);
    expect(await committed(world)).toBe(1000);

    const response = await edit(world, id, { line_items: lines(59) }); // 5,900 + 100 = 6,000.00
    expect(response.statusCode, response.payload).toBe(200);
    const requisition = body(response).requisition;
    expect(requisition.status).toBe('under_review');
    expect(requisition.approved_at).toBeNull();
    expect(openStep(requisition)).toMatchObject({ approval_level: 2, approver: { id: world.head.user.id } });
    // Level 1 keeps its approval: it is not asked again.
    expect(
      requisition.approval_workflow.filter((s: { action: string }) => s.action === 'approve'),
    ).toHaveLength(1);
    expect(requisition.approval_workflow[0].superseded_at).toBeNull();
    expect(requisition.changes_after_approval).toEqual([
      expect.objectContaining({
        outcome: 'reapproval',
        restart_level: 2,
        reason: 'The total rose: sent back for approval.',
        actor: expect.objectContaining({ id: world.requestor.user.id }),
        changes: expect.arrayContaining([
          { label: 'Total', before: '1000.00', after: '6000.00' },
          { label: 'Line 1 quantity', before: '9', after: '59' },
        ]),
      }),
    ]);
    // Off committed while under review; the head got the decision mail.
    expect(await committed(world)).toBe(0);
    const mails = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_address) = lower($1) AND subject LIKE $2',
      { bind: [world.head.user.email, 'Awaiting your decision:%'], type: QueryTypes.SELECT },
    );
    expect(mails[0]!.n).toBe(1);
    // The history chain holds the before → after.
    const [entry] = await app.sequelize.query<{ action: string; comment: string; from_status: string }>(
      `SELECT action, comment, from_status FROM audit_chain_entries WHERE requisition_id = $1
        ORDER BY sequence DESC LIMIT 1`,
      { bind: [id], type: QueryTypes.SELECT },
    );
    expect(entry).toMatchObject({ action: 'reapproval', from_status: 'approved' });
    expect(entry!.comment).toContain('Total: 1000.00 → 6000.00');

    const again = await request(world, world.head, 'POST', `/approvals/${id}/approve`, { action: 'approve' });
    expect(again.statusCode, again.payload).toBe(200);
    expect(body(again).requisition.status).toBe('approved');
    expect(await committed(world)).toBe(6000);
  });

  it('restarts at level 1 on a line change, where the same manager decides again', async () => {
    const id = await approved(world);
    const response = await edit(world, id, {
      line_items: [
        ...lines(9).slice(0, 1),
        { description: 'HDMI cable', quantity: 10, unit_price: 10, unit_of_measure: 'each' },
      ],
    });
    expect(response.statusCode, response.payload).toBe(200);
    const requisition = body(response).requisition;
    expect(requisition.status).toBe('under_review');
    expect(openStep(requisition)).toMatchObject({
      approval_level: 1,
      approver: { id: world.manager.user.id },
    });
    // The first approval stays in the history, marked superseded.
    expect(requisition.approval_workflow[0]).toMatchObject({
      approval_level: 1,
      action: 'approve',
      superseded_at: expect.any(String),
    });
    const decided = await request(world, world.manager, 'POST', `/approvals/${id}/approve`, {
      action: 'approve',
    });
    expect(decided.statusCode, decided.payload).toBe(200);
    expect(body(decided).requisition.status).toBe('approved');
  });

  it('keeps the approval for notes and a delivery date, recording them', async () => {
    const id = await approved(world);
    const response = await edit(world, id, { notes: 'Deliver to reception', delivery_date: '2027-01-15' });
    expect(response.statusCode, response.payload).toBe(200);
    const requisition = body(response).requisition;
    expect(requisition.status).toBe('approved');
    expect(requisition.changes_after_approval[0]).toMatchObject({ outcome: 'kept', restart_level: null });
  });

  it('re-approves any decrease by default, and keeps one within the tolerance', async () => {
    const first = await approved(world);
    const down = await edit(world, first, { line_items: lines(8) });
    expect(body(down).requisition.status).toBe('under_review');
    expect(openStep(body(down).requisition)).toMatchObject({ approval_level: 1 });

    const settings = await setTolerance(world, 10, 0);
    expect(settings).toMatchObject({ reapproval_tolerance_percent: 10, reapproval_tolerance_amount: 0 });
    const second = await approved(world);
    const before = await committed(world);
    const within = await edit(world, second, { line_items: lines(8) }); // 1,000 → 900: 10 %
    expect(within.statusCode, within.payload).toBe(200);
    expect(body(within).requisition.status).toBe('approved');
    expect(body(within).requisition.changes_after_approval[0]).toMatchObject({
      outcome: 'kept',
      changes: expect.arrayContaining([{ label: 'Total', before: '1000.00', after: '900.00' }]),
    });
    expect(await committed(world)).toBe(before - 100);
    const beyond = await edit(world, second, { line_items: lines(5) }); // 900 → 600
    expect(body(beyond).requisition.status).toBe('under_review');
  });

  it('re-approves a change of cost centre even with a lower total', async () => {
    const id = await approved(world);
    const response = await edit(world, id, {
      cost_center_id: world.otherCostCenter.id,
      line_items: lines(8),
    });
    expect(body(response).requisition.status).toBe('under_review');
    const change = body(response).requisition.changes_after_approval[0];
    expect(change.changes.map((c: { label: string }) => c.label)).toContain('Cost center');
  });

  it('refuses anyone but the requestor, and a requisition with an order', async () => {
    const id = await approved(world);
    expect((await edit(world, id, {}, world.finance)).statusCode).toBe(403);
    const order = await request(world, world.finance, 'POST', '/purchase-orders', {
      requisition_id: id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: '2027-02-01',
    });
    expect(order.statusCode, order.payload).toBe(201);
    const refused = await edit(world, id, { notes: 'too late' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe('ALREADY_ORDERED');
  });

  it('lets exactly one of an edit and a purchase order raised at once succeed', async () => {
    const id = await approved(world);
    const responses = await Promise.all([
      request(world, world.requestor, 'PUT', `/requisitions/${id}`, form(world, { line_items: lines(20) })),
      request(world, world.finance, 'POST', '/purchase-orders', {
        requisition_id: id,
        vendor_id: world.vendor.id,
        payment_terms: 'Net 30',
        delivery_date: '2027-02-01',
      }),
    ]);
    const [edited, ordered] = responses;
    const codes = responses.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c < 300),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      JSON.stringify(codes),
    ).toHaveLength(1);
    const [row] = await app.sequelize.query<{ status: string; orders: number }>(
      `SELECT r.status, (SELECT count(*)::int FROM purchase_orders p WHERE p.requisition_id = r.id) AS orders
         FROM requisitions r WHERE r.id = $1`,
      { bind: [id], type: QueryTypes.SELECT },
    );
    if (edited!.statusCode === 200) {
      // The edit came first: back under review, and the order was refused.
      expect(row).toEqual({ status: 'under_review', orders: 0 });
    } else {
      // The order came first: the edit is refused as ordered.
      expect(body(edited!).code).toBe('ALREADY_ORDERED');
      expect(ordered!.statusCode).toBe(201);
      expect(row).toEqual({ status: 'po_created', orders: 1 });
    }
  });
});

describe('the tolerance settings', () => {
  it('refuses a percentage above 100 and more than two decimals, naming the field', async () => {
    const world = await buildWorld();
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization: world.organization, roleName: 'Admin' });
    const token = await accessTokenFor(app.server, admin);
    const path = `/api/organizations/${world.organization.id}/settings`;
    const current = body(
      await call(app.server, 'GET', path, { token, organizationId: world.organization.id }),
    );
    expect(current.settings).toMatchObject({
      reapproval_tolerance_percent: 0,
      reapproval_tolerance_amount: 0,
    });
    for (const [field, value] of [
      ['reapproval_tolerance_percent', 101],
      ['reapproval_tolerance_amount', 1.005],
    ] as const) {
      const response = await call(app.server, 'PATCH', path, {
        token,
        organizationId: world.organization.id,
        payload: { version: current.settings.version, [field]: value },
      });
      expect(response.statusCode, response.payload).toBe(400);
      expect(body(response).details[0].field).toBe(field);
    }
  });
});
