import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User, Vendor } from '../src/db/models/index.js';
import { isOneLiveOrderViolation } from '../src/features/purchase-orders/purchase-order-create.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildBudget,
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildRequisition,
  buildUser,
  buildVendor,
  type RequisitionLineSpec,
} from './factories.js';
import { pdfRuns } from './pdf-inspect.js';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  // Every change these tests made kept the maintained counters exact (issue 12).
  await expectCountersExact(app.sequelize);
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

/** A calendar day `days` from today (UTC), as `YYYY-MM-DD`. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const year = new Date().getUTCFullYear();

interface Member {
  user: User;
  token: string;
}

/** A role of `organization` holding exactly `permissions`. */
async function buildRole(organization: Organization, name: string, permissions: string[]) {
  const role = await app.models.Role.create({ organization_id: organization.id, name, description: name });
  const rows = await app.models.Permission.findAll({ where: { name: permissions } });
  await app.models.RolePermission.bulkCreate(
    rows.map((permission) => ({ role_id: role.id, permission_id: permission.id })),
  );
  return role;
}

/**
 * An organisation (with an address, for billing) and its people: `buyer` (Finance Manager: every
 * purchase_order permission), `staff` (User: view only), `head` (Department Head: view only),
 * `clerk` (a role with view and receive only), `outsider` (a role without any purchase_order
 * permission); an active vendor with an email, one without, and an inactive one.
 */
async function buildWorld() {
  const organization = await buildOrganization(app.models, {
    address: '10 Head Office Road, Sydney NSW 2000',
  });
  await buildRole(organization, 'Receiving Clerk', ['purchase_order.view', 'purchase_order.receive']);
  await buildRole(organization, 'Guest', ['requisition.create']);
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  const [buyer, staff, head, clerk, outsider] = [
    await member('Finance Manager'),
    await member('User'),
    await member('Department Head'),
    await member('Receiving Clerk'),
    await member('Guest'),
  ];
  const vendor = await buildVendor(app.models, organization, { name: 'Acme Office Supplies' });
  const vendorWithoutEmail = await buildVendor(app.models, organization, { email: null });
  const inactiveVendor = await buildVendor(app.models, organization, { is_active: false });
  const costCenter = await buildCostCenter(app.models, organization);
  return {
    organization,
    buyer,
    staff,
    head,
    clerk,
    outsider,
    vendor,
    vendorWithoutEmail,
    inactiveVendor,
    costCenter,
  };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** An approved requisition of the world, raised by its staff member. */
function approvedRequisition(
  world: World,
  options: {
    lines?: RequisitionLineSpec[];
    status?: 'approved' | 'draft' | 'under_review' | 'rejected';
  } = {},
) {
  return buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.staff.user,
    costCenter: world.costCenter,
    status: options.status ?? 'approved',
    ...(options.lines ? { lines: options.lines } : {}),
  });
}

function request(world: World, as: Member, method: string, url: string, payload?: unknown) {
  return call(app.server, method, `/api${url}`, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** Raises an order as the buyer and answers it (asserting 201 and the contract). */
async function raise(
  world: World,
  overrides: Record<string, unknown> = {},
  requisitionOptions: Parameters<typeof approvedRequisition>[1] = {},
) {
  const requisition = await approvedRequisition(world, requisitionOptions);
  const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
    requisition_id: requisition.id,
    vendor_id: world.vendor.id,
    payment_terms: 'Net 30',
    delivery_date: day(14),
    ...overrides,
  });
  expectContract(response, 'createPurchaseOrder');
  expect(response.statusCode, response.payload).toBe(201);
  return { order: body(response).purchase_order, requisition };
}

/** Does `action` to an order as `as`, checking the answer against the contract. */
async function act(
  world: World,
  as: Member,
  id: string,
  action: 'send' | 'receive' | 'cancel' | 'update',
  payload?: unknown,
) {
  const operation = {
    send: 'sendPurchaseOrder',
    receive: 'receivePurchaseOrder',
    cancel: 'cancelPurchaseOrder',
    update: 'updatePurchaseOrder',
  }[action];
  const response =
    action === 'update'
      ? await request(world, as, 'PUT', `/purchase-orders/${id}`, payload ?? { notes: 'Changed' })
      : await request(world, as, 'POST', `/purchase-orders/${id}/${action}`, payload);
  expectContract(response, operation);
  return response;
}

/** An order of the world in `status`, moved there through the API. */
async function orderIn(world: World, status: 'draft' | 'sent' | 'received' | 'cancelled') {
  const { order } = await raise(world);
  if (status === 'sent' || status === 'received') {
    expect((await act(world, world.buyer, order.id, 'send')).statusCode).toBe(200);
  }
  if (status === 'received') {
    expect((await act(world, world.buyer, order.id, 'receive')).statusCode).toBe(200);
  }
  if (status === 'cancelled') {
    expect((await act(world, world.buyer, order.id, 'cancel')).statusCode).toBe(200);
  }
  return order as { id: string; po_number: string; requisition: { id: string } };
}

async function requisitionStatus(id: string): Promise<string> {
  const [row] = await app.sequelize.query<{ status: string }>(
    'SELECT status FROM requisitions WHERE id = $1',
    {
      bind: [id],
      type: QueryTypes.SELECT,
    },
  );
  return row!.status;
}

async function auditOf(entityType: string, id: string) {
  return app.sequelize.query<{ action: string; from_status: string | null; to_status: string | null }>(
    `SELECT action, from_status, to_status FROM audit_logs
      WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at`,
    { bind: [entityType, id], type: QueryTypes.SELECT },
  );
}

interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

async function mailsTo(address: string): Promise<OutboxRow[]> {
  return app.sequelize.query<OutboxRow>(
    `SELECT to_address, subject, text_body, attachments FROM email_outbox WHERE to_address = $1 ORDER BY created_at`,
    { bind: [address], type: QueryTypes.SELECT },
  );
}

describe('POST /purchase-orders', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('raises a numbered draft from an approved requisition, copying its lines, total, currency and shipping address', async () => {
    const product = await buildProduct(app.models, world.organization, {
      sku: `CHAIR-${Date.now()}`,
      unit_of_measure: 'each',
    });
    const { order, requisition } = await raise(
      world,
      { payment_terms: 'Net 45', notes: '  Deliver to the loading dock  ' },
      {
        lines: [
          {
            description: 'Office chair',
            quantity: 3,
            unit_price: '199.99',
            tax_amount: '60.00',
            product_id: product.id,
          },
          { description: 'Desk lamp', quantity: 2, unit_price: '24.50', unit_of_measure: 'box' },
        ],
      },
    );
    expect(order.po_number).toMatch(new RegExp(`^PO-${year}-\\d{5}$`));
    expect(order.status).toBe('draft');
    expect(order.total_amount).toBe(708.97);
    expect(order.currency).toBe('AUD');
    expect(order.payment_terms).toBe('Net 45');
    expect(order.delivery_date).toBe(day(14));
    expect(order.notes).toBe('Deliver to the loading dock');
    expect(order.shipping_address).toBe(requisition.shipping_address);
    expect(order.billing_address).toBe('10 Head Office Road, Sydney NSW 2000');
    expect(order.requisition).toEqual({
      id: requisition.id,
      requisition_number: requisition.requisition_number,
    });
    expect(order.vendor).toEqual({
      id: world.vendor.id,
      name: 'Acme Office Supplies',
      email: world.vendor.email,
      phone: world.vendor.phone,
      address: world.vendor.address,
      city: world.vendor.city,
      state_province: world.vendor.state_province,
      postal_code: world.vendor.postal_code,
      country: world.vendor.country,
    });
    expect(order.po_line_items).toEqual([
      {
        id: expect.any(String),
        description: 'Office chair',
        quantity: 3,
        unit_price: 199.99,
        unit_of_measure: 'each',
        tax_amount: 60,
        tax_rate: null,
        total_amount: 659.97,
        quantity_received: 0,
        product: { id: product.id, name: product.name, sku: product.sku, unit_of_measure: 'each' },
      },
      {
        id: expect.any(String),
        description: 'Desk lamp',
        quantity: 2,
        unit_price: 24.5,
        unit_of_measure: 'box',
        tax_amount: 0,
        tax_rate: null,
        total_amount: 49,
        quantity_received: 0,
        product: null,
      },
    ]);
    expect(order).toMatchObject({ subtotal_amount: 648.97, tax_amount: 60 });
    expect(order.attachments).toEqual([]);
    expect(order.sent_at).toBeNull();
    expect(order.received_date).toBeNull();
    expect(order.receipt_notes).toBeNull();
    expect(order.cancellation_reason).toBeNull();
  });

  it('turns the requisition into po_created in the same transaction and audits both', async () => {
    const { order, requisition } = await raise(world);
    expect(await requisitionStatus(requisition.id)).toBe('po_created');
    expect(await auditOf('purchase_order', order.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
    ]);
    expect(await auditOf('requisition', requisition.id)).toEqual([
      { action: 'po_create', from_status: 'approved', to_status: 'po_created' },
    ]);
  });

  it('takes the given shipping and billing addresses instead of the defaults', async () => {
    const { order } = await raise(world, {
      shipping_address: 'Site B',
      billing_address: 'Accounts Payable, PO Box 1',
    });
    expect(order.shipping_address).toBe('Site B');
    expect(order.billing_address).toBe('Accounts Payable, PO Box 1');
  });

  it('numbers orders from the per-organisation counter, one after the other', async () => {
    const first = (await raise(world)).order.po_number as string;
    const second = (await raise(world)).order.po_number as string;
    expect(Number(second.slice(-5))).toBe(Number(first.slice(-5)) + 1);
  });

  it('answers 409 for a second order on the same requisition', async () => {
    const { requisition } = await raise(world);
    const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
    });
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode).toBe(409);
    expect(body(response).message).toBe(
      `Requisition ${requisition.requisition_number} already has a purchase order. Cancel that order before raising another.`,
    );
  });

  it('answers 409, never 500, for a requisition wrongly back at approved while its order lives', async () => {
    const { requisition } = await raise(world);
    await app.sequelize.query(`UPDATE requisitions SET status = 'approved' WHERE id = $1`, {
      bind: [requisition.id],
    });
    const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
    });
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode).toBe(409);
    expect(body(response).code).toBe('ALREADY_ORDERED');
  });

  it('recognises the database refusing a second live order on one requisition', async () => {
    const { order, requisition } = await raise(world);
    let caught: unknown;
    try {
      await app.sequelize.query(
        `INSERT INTO purchase_orders (organization_id, po_number, requisition_id, vendor_id)
         VALUES ($1, $2, $3, $4)`,
        { bind: [world.organization.id, `PO-${year}-99999`, requisition.id, order.vendor.id] },
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UniqueConstraintError);
    expect(isOneLiveOrderViolation(caught as UniqueConstraintError)).toBe(true);
  });

  it('gives one order and one 409 to two buyers ordering one requisition at once', async () => {
    const requisition = await approvedRequisition(world);
    const payload = {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
    };
    const responses = await Promise.all([
      request(world, world.buyer, 'POST', '/purchase-orders', payload),
      request(world, world.buyer, 'POST', '/purchase-orders', payload),
    ]);
    for (const response of responses) expectContract(response, 'createPurchaseOrder');
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [count] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM purchase_orders WHERE requisition_id = $1',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(count!.n).toBe(1);
  });

  it.each([
    ['draft', 'a draft'],
    ['under_review', 'under review'],
    ['rejected', 'rejected'],
  ] as const)('answers 409 for a %s requisition, naming its status', async (status, words) => {
    const requisition = await approvedRequisition(world, { status });
    const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
    });
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode).toBe(409);
    expect(body(response).message).toBe(
      `A purchase order can only be raised from an approved requisition. Requisition ${requisition.requisition_number} is ${words}.`,
    );
    expect(await requisitionStatus(requisition.id)).toBe(status);
  });

  it("refuses a delivery date in the past with the product's message", async () => {
    const requisition = await approvedRequisition(world);
    const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(-3),
    });
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'delivery_date', message: 'Delivery date cannot be in the past' },
    ]);
    expect(await requisitionStatus(requisition.id)).toBe('approved');
  });

  it('refuses an inactive vendor, and a vendor or requisition of another organisation, naming the field', async () => {
    const other = await buildOrganization(app.models);
    const otherVendor = await buildVendor(app.models, other);
    const otherRequisition = await buildRequisition(app.models, {
      organization: other,
      requestor: world.staff.user,
    });
    const requisition = await approvedRequisition(world);
    const attempt = (requisitionId: string, vendorId: string) =>
      request(world, world.buyer, 'POST', '/purchase-orders', {
        requisition_id: requisitionId,
        vendor_id: vendorId,
        payment_terms: 'COD',
        delivery_date: day(3),
      });

    const inactive = await attempt(requisition.id, world.inactiveVendor.id);
    expectContract(inactive, 'createPurchaseOrder');
    expect(inactive.statusCode).toBe(400);
    expect(body(inactive).details).toEqual([
      { field: 'vendor_id', message: 'This vendor is inactive. Choose an active vendor.' },
    ]);

    const foreign = await attempt(otherRequisition.id, otherVendor.id);
    expectContract(foreign, 'createPurchaseOrder');
    expect(foreign.statusCode).toBe(400);
    expect(body(foreign).details).toEqual([
      { field: 'requisition_id', message: 'Requisition not found' },
      { field: 'vendor_id', message: 'Vendor not found' },
    ]);
    expect(await requisitionStatus(requisition.id)).toBe('approved');
    expect(await requisitionStatus(otherRequisition.id)).toBe('approved');
  });

  it('refuses protected fields such as status and total_amount with 400', async () => {
    const requisition = await approvedRequisition(world);
    const response = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
      status: 'sent',
      total_amount: 1,
    });
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode).toBe(400);
    expect(
      body(response)
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['status', 'total_amount']);
  });
});

describe('permissions', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('answers 403 to a User (no purchase_order.manage) on create, update, send, receive and cancel', async () => {
    const requisition = await approvedRequisition(world);
    const create = await request(world, world.staff, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(3),
    });
    expectContract(create, 'createPurchaseOrder');
    expect(create.statusCode).toBe(403);
    expect(await requisitionStatus(requisition.id)).toBe('approved');

    const draft = await orderIn(world, 'draft');
    const sent = await orderIn(world, 'sent');
    for (const [id, action] of [
      [draft.id, 'update'],
      [draft.id, 'send'],
      [sent.id, 'receive'],
      [draft.id, 'cancel'],
      [sent.id, 'cancel'],
    ] as const) {
      const response = await act(world, world.staff, id, action);
      expect(response.statusCode, `${action}: ${response.payload}`).toBe(403);
    }
    const current = body(await request(world, world.buyer, 'GET', `/purchase-orders/${draft.id}`));
    expect(current.purchase_order.status).toBe('draft');
  });

  it('lets a member holding only purchase_order.receive record receipt, but not send or cancel', async () => {
    const sent = await orderIn(world, 'sent');
    expect((await act(world, world.clerk, sent.id, 'cancel')).statusCode).toBe(403);
    const received = await act(world, world.clerk, sent.id, 'receive', { notes: 'All boxes intact' });
    expect(received.statusCode, received.payload).toBe(200);
    expect(body(received).purchase_order.receipt_notes).toBe('All boxes intact');
  });

  it('answers 403 on receive to a Department Head, who may only view orders', async () => {
    const sent = await orderIn(world, 'sent');
    const response = await act(world, world.head, sent.id, 'receive');
    expect(response.statusCode).toBe(403);
    expect(body(response).message).toBe('You do not have permission to perform this action');
  });

  it('answers 403 on the list and the detail to a member without purchase_order.view', async () => {
    const draft = await orderIn(world, 'draft');
    const list = await request(world, world.outsider, 'GET', '/purchase-orders');
    expectContract(list, 'listPurchaseOrders');
    expect(list.statusCode).toBe(403);
    const detail = await request(world, world.outsider, 'GET', `/purchase-orders/${draft.id}`);
    expectContract(detail, 'getPurchaseOrder');
    expect(detail.statusCode).toBe(403);
  });

  it('lets a User (purchase_order.view) read the list and the detail', async () => {
    const draft = await orderIn(world, 'draft');
    const detail = await request(world, world.staff, 'GET', `/purchase-orders/${draft.id}`);
    expectContract(detail, 'getPurchaseOrder');
    expect(detail.statusCode).toBe(200);
    const list = await request(world, world.staff, 'GET', '/purchase-orders');
    expectContract(list, 'listPurchaseOrders');
    expect(list.statusCode).toBe(200);
  });

  it("answers 404 for another organisation's order on every call, and changes nothing", async () => {
    const draft = await orderIn(world, 'draft');
    const other = await buildWorld();
    const detail = await request(other, other.buyer, 'GET', `/purchase-orders/${draft.id}`);
    expectContract(detail, 'getPurchaseOrder');
    expect(detail.statusCode).toBe(404);
    expect(body(detail).message).toBe('Purchase order not found');
    for (const action of ['update', 'send', 'receive', 'cancel'] as const) {
      const response = await act(other, other.buyer, draft.id, action);
      expect(response.statusCode, `${action}: ${response.payload}`).toBe(404);
    }
    const list = body(await request(other, other.buyer, 'GET', '/purchase-orders?limit=100'));
    expect(list.data.map((o: { id: string }) => o.id)).not.toContain(draft.id);
    expect(
      body(await request(world, world.buyer, 'GET', `/purchase-orders/${draft.id}`)).purchase_order.status,
    ).toBe('draft');
  });
});

describe('transitions', () => {
  let world: World;
  const orders: Record<string, { id: string }> = {};
  beforeAll(async () => {
    world = await buildWorld();
    for (const status of ['draft', 'sent', 'received', 'cancelled'] as const) {
      orders[status] = await orderIn(world, status);
    }
  });

  it.each([
    ['update', 'sent', 'Only draft purchase orders can be edited. This one is sent.'],
    ['update', 'received', 'Only draft purchase orders can be edited. This one is received.'],
    ['update', 'cancelled', 'Only draft purchase orders can be edited. This one is cancelled.'],
    ['send', 'sent', 'Only draft purchase orders can be sent to the vendor. This one is sent.'],
    ['send', 'received', 'Only draft purchase orders can be sent to the vendor. This one is received.'],
    ['send', 'cancelled', 'Only draft purchase orders can be sent to the vendor. This one is cancelled.'],
    ['receive', 'draft', 'Only sent purchase orders can be marked as received. This one is draft.'],
    ['receive', 'received', 'Only sent purchase orders can be marked as received. This one is received.'],
    ['receive', 'cancelled', 'Only sent purchase orders can be marked as received. This one is cancelled.'],
    ['cancel', 'received', 'Only draft or sent purchase orders can be cancelled. This one is received.'],
    ['cancel', 'cancelled', 'Only draft or sent purchase orders can be cancelled. This one is cancelled.'],
  ] as const)('answers 409 to %s on a %s order, naming its status', async (action, status, message) => {
    const response = await act(world, world.buyer, orders[status]!.id, action);
    expect(response.statusCode, response.payload).toBe(409);
    expect(body(response)).toEqual({ message, code: 'INVALID_STATUS', details: [] });
    const current = body(await request(world, world.buyer, 'GET', `/purchase-orders/${orders[status]!.id}`));
    expect(current.purchase_order.status).toBe(status);
  });

  it('audits every transition of an order', async () => {
    expect(await auditOf('purchase_order', orders.received!.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
      { action: 'send', from_status: 'draft', to_status: 'sent' },
      { action: 'receive', from_status: 'sent', to_status: 'received' },
    ]);
    expect(await auditOf('purchase_order', orders.cancelled!.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
      { action: 'cancel', from_status: 'draft', to_status: 'cancelled' },
    ]);
  });
});

describe('PUT /purchase-orders/{id}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('changes only the editable fields it is given', async () => {
    const { order } = await raise(world, { notes: 'First notes' });
    const response = await act(world, world.buyer, order.id, 'update', {
      delivery_date: day(30),
      payment_terms: 'Due on Receipt',
      billing_address: 'Accounts, Level 2',
    });
    expect(response.statusCode, response.payload).toBe(200);
    const updated = body(response).purchase_order;
    expect(updated).toMatchObject({
      delivery_date: day(30),
      payment_terms: 'Due on Receipt',
      billing_address: 'Accounts, Level 2',
      notes: 'First notes',
      shipping_address: order.shipping_address,
      total_amount: order.total_amount,
      status: 'draft',
    });
    expect(await auditOf('purchase_order', order.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
      { action: 'update', from_status: 'draft', to_status: 'draft' },
    ]);
  });

  it('clears a field sent as null', async () => {
    const { order } = await raise(world, { notes: 'To be removed' });
    const response = await act(world, world.buyer, order.id, 'update', { notes: null });
    expect(response.statusCode).toBe(200);
    expect(body(response).purchase_order.notes).toBeNull();
    expect(body(response).purchase_order.delivery_date).toBe(order.delivery_date);
  });

  it('refuses to remove the delivery date (required on edit as on create), changing nothing', async () => {
    const { order } = await raise(world, { notes: 'Kept' });
    const response = await act(world, world.buyer, order.id, 'update', { notes: null, delivery_date: null });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(body(response).details).toEqual([expect.objectContaining({ field: 'delivery_date' })]);
    const current = body(
      await request(world, world.buyer, 'GET', `/purchase-orders/${order.id}`),
    ).purchase_order;
    expect(current.delivery_date).toBe(order.delivery_date);
    expect(current.notes).toBe('Kept');
  });

  it("answers 400 on delivery_date with 'Delivery date cannot be in the past', changing nothing", async () => {
    const { order } = await raise(world);
    const response = await act(world, world.buyer, order.id, 'update', {
      delivery_date: day(-2),
      notes: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      message: 'Delivery date cannot be in the past',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'delivery_date', message: 'Delivery date cannot be in the past' }],
    });
    const current = body(
      await request(world, world.buyer, 'GET', `/purchase-orders/${order.id}`),
    ).purchase_order;
    expect(current.delivery_date).toBe(order.delivery_date);
    expect(current.notes).toBeNull();
  });

  it('refuses fields beyond the five editable ones', async () => {
    const { order } = await raise(world);
    const response = await act(world, world.buyer, order.id, 'update', {
      vendor_id: world.vendorWithoutEmail.id,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([{ field: 'vendor_id', message: 'This field is not allowed' }]);
  });
});

describe('POST /purchase-orders/{id}/send', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('emails the order to the vendor with the order attached as a PDF and marks it sent', async () => {
    const before = (await mailsTo(world.vendor.email!)).length;
    const { order } = await raise(world);
    const response = await act(world, world.buyer, order.id, 'send');
    expect(response.statusCode, response.payload).toBe(200);
    const sent = body(response).purchase_order;
    expect(sent.status).toBe('sent');
    expect(new Date(sent.sent_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const mails = await mailsTo(world.vendor.email!);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Purchase order ${order.po_number} from ${world.organization.name}`);
    expect(mail.text_body).toContain(order.po_number);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`${order.po_number}.pdf`);
    expect(mail.attachments[0]!.content_type).toBe('application/pdf');
    const pdf = Buffer.from(mail.attachments[0]!.content_base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    // The organisation placing the order heads the document.
    expect(pdfRuns(pdf)[0]?.text).toBe(world.organization.name);
  });

  it('gives exactly one 200 and one 409 to two concurrent sends of one order, and one mail', async () => {
    const vendor = await buildVendor(app.models, world.organization);
    const { order } = await raise(world, { vendor_id: vendor.id });
    const responses = await Promise.all([
      act(world, world.buyer, order.id, 'send'),
      act(world, world.buyer, order.id, 'send'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await mailsTo(vendor.email!)).toHaveLength(1);
    expect((await auditOf('purchase_order', order.id)).filter((a) => a.action === 'send')).toHaveLength(1);
  });

  it('answers 409 when the vendor has no email address, leaving the draft unsent', async () => {
    const { order } = await raise(world, { vendor_id: world.vendorWithoutEmail.id });
    const response = await act(world, world.buyer, order.id, 'send');
    expect(response.statusCode).toBe(409);
    expect(body(response).message).toBe(
      "This purchase order cannot be sent: its vendor has no email address. Add one to the vendor's details first.",
    );
    const current = body(
      await request(world, world.buyer, 'GET', `/purchase-orders/${order.id}`),
    ).purchase_order;
    expect(current.status).toBe('draft');
    expect(current.sent_at).toBeNull();
  });
});

describe('POST /purchase-orders/{id}/receive', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it("records today's receipt by default, with the notes as receipt_notes", async () => {
    const sent = await orderIn(world, 'sent');
    const response = await act(world, world.buyer, sent.id, 'receive', { notes: 'One carton dented' });
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).purchase_order).toMatchObject({
      status: 'received',
      received_date: day(0),
      receipt_notes: 'One carton dented',
    });
  });

  it('records the given received date and accepts no body at all', async () => {
    const sent = await orderIn(world, 'sent');
    const response = await act(world, world.buyer, sent.id, 'receive');
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).purchase_order.receipt_notes).toBeNull();
  });

  it('refuses a received date in the future or before the order was sent, changing nothing', async () => {
    const sent = await orderIn(world, 'sent');
    const future = await act(world, world.buyer, sent.id, 'receive', { received_date: day(3) });
    expect(future.statusCode).toBe(400);
    expect(body(future).details).toEqual([
      { field: 'received_date', message: 'Received date cannot be in the future' },
    ]);
    const early = await act(world, world.buyer, sent.id, 'receive', { received_date: day(-5) });
    expect(early.statusCode).toBe(400);
    expect(body(early).details).toEqual([
      { field: 'received_date', message: 'Received date cannot be before the order was sent' },
    ]);
    const current = body(
      await request(world, world.buyer, 'GET', `/purchase-orders/${sent.id}`),
    ).purchase_order;
    expect(current.status).toBe('sent');
  });
});

describe('POST /purchase-orders/{id}/cancel', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('cancels a draft with its reason and returns the requisition to approved, audited', async () => {
    const { order, requisition } = await raise(world);
    const response = await act(world, world.buyer, order.id, 'cancel', {
      reason: 'Vendor cannot deliver in time',
    });
    expect(response.statusCode, response.payload).toBe(200);
    const cancelled = body(response).purchase_order;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellation_reason).toBe('Vendor cannot deliver in time');
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(await requisitionStatus(requisition.id)).toBe('approved');
    expect(await auditOf('requisition', requisition.id)).toEqual([
      { action: 'po_create', from_status: 'approved', to_status: 'po_created' },
      { action: 'po_cancel', from_status: 'po_created', to_status: 'approved' },
    ]);
  });

  it('cancels a sent order without a reason, and the requisition can be ordered again', async () => {
    const sent = await orderIn(world, 'sent');
    const response = await act(world, world.buyer, sent.id, 'cancel');
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).purchase_order.cancellation_reason).toBeNull();
    expect(await requisitionStatus(sent.requisition.id)).toBe('approved');
    const again = await request(world, world.buyer, 'POST', '/purchase-orders', {
      requisition_id: sent.requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 15',
      delivery_date: day(7),
    });
    expect(again.statusCode, again.payload).toBe(201);
    expect(await requisitionStatus(sent.requisition.id)).toBe('po_created');
  });
});

describe('GET /purchase-orders', () => {
  let world: World;
  let otherVendor: Vendor;
  const ids: Record<string, { id: string; po_number: string }> = {};
  beforeAll(async () => {
    world = await buildWorld();
    otherVendor = await buildVendor(app.models, world.organization, { name: 'Zenith Timber Traders' });
    ids.draft = await orderIn(world, 'draft');
    ids.sent = await orderIn(world, 'sent');
    ids.cancelled = await orderIn(world, 'cancelled');
    ids.timber = (await raise(world, { vendor_id: otherVendor.id })).order;
    // Another organisation with overlapping names and statuses.
    const other = await buildWorld();
    await orderIn(other, 'draft');
  });

  const list = async (query: string) => {
    const response = await request(world, world.staff, 'GET', `/purchase-orders${query}`);
    expectContract(response, 'listPurchaseOrders');
    expect(response.statusCode, response.payload).toBe(200);
    return body(response) as {
      data: { id: string; vendor: { id: string; name: string } | null; line_item_count: number }[];
      pagination: { limit: number; offset: number; total: number };
    };
  };

  it('lists the organisation’s orders newest first with summaries and the total', async () => {
    const page = await list('');
    expect(page.pagination).toMatchObject({ limit: 10, offset: 0, total: 4, total_capped: false });
    expect(page.data.map((o) => o.id)).toEqual([
      ids.timber!.id,
      ids.cancelled!.id,
      ids.sent!.id,
      ids.draft!.id,
    ]);
    expect(page.data[0]!.vendor).toEqual({ id: otherVendor.id, name: 'Zenith Timber Traders' });
    expect(page.data[0]!.line_item_count).toBe(1);
  });

  it('filters by several statuses given as repeated keys', async () => {
    const page = await list('?status=draft&status=sent');
    expect(page.data.map((o) => o.id).sort()).toEqual([ids.draft!.id, ids.sent!.id, ids.timber!.id].sort());
    expect(page.pagination.total).toBe(3);
    expect((await list('?status=cancelled')).data.map((o) => o.id)).toEqual([ids.cancelled!.id]);
  });

  it('filters by vendor ids given as repeated keys', async () => {
    expect((await list(`?vendor_id=${otherVendor.id}`)).data.map((o) => o.id)).toEqual([ids.timber!.id]);
    const both = await list(`?vendor_id=${otherVendor.id}&vendor_id=${world.vendor.id}`);
    expect(both.pagination.total).toBe(4);
  });

  it('searches the PO number and the vendor name, case-insensitively', async () => {
    const byNumber = await list(`?search=${ids.sent!.po_number.toLowerCase()}`);
    expect(byNumber.data.map((o) => o.id)).toEqual([ids.sent!.id]);
    const byVendor = await list('?search=timber');
    expect(byVendor.data.map((o) => o.id)).toEqual([ids.timber!.id]);
    expect((await list('?search=no-such-order')).data).toEqual([]);
    // A fragment of every number (tested on each order), and the digits of one number.
    expect((await list('?search=po-')).pagination.total).toBe(4);
    const digits = ids.sent!.po_number.split('-')[2]!;
    expect((await list(`?search=${digits}`)).data.map((o) => o.id)).toEqual([ids.sent!.id]);
  });

  it('bounds the creation date, both ends inclusive', async () => {
    expect((await list(`?date_from=${day(0)}&date_to=${day(0)}`)).pagination.total).toBe(4);
    expect((await list(`?date_from=${day(1)}`)).pagination.total).toBe(0);
    expect((await list(`?date_to=${day(-1)}`)).pagination.total).toBe(0);
  });

  it('pages with limit and offset', async () => {
    const page = await list('?limit=3&offset=3');
    expect(page.data.map((o) => o.id)).toEqual([ids.draft!.id]);
    expect(page.pagination).toMatchObject({ limit: 3, offset: 3, total: 4, total_capped: false });
  });

  it('refuses an unknown status with 400', async () => {
    const response = await request(world, world.staff, 'GET', '/purchase-orders?status=approved');
    expectContract(response, 'listPurchaseOrders');
    expect(response.statusCode).toBe(400);
  });
});

describe('dashboard figures (DECISIONS §5)', () => {
  it('counts an order in Monthly Spend once sent, and moves its amount from committed to spent on receipt', async () => {
    const world = await buildWorld();
    await buildBudget(app.models, world.costCenter, { allocated_amount: '10000.00' });
    const figures = async () => {
      const summary = await call(app.server, 'GET', `/api/organizations/${world.organization.id}/summary`, {
        token: world.buyer.token,
      });
      expectContract(summary, 'getOrganizationSummary');
      const check = await request(
        world,
        world.buyer,
        'GET',
        `/budgets/check?cost_center_id=${world.costCenter.id}&amount=1`,
      );
      expectContract(check, 'checkBudget');
      const { total_spend_this_month, budget_utilization } = body(summary).summary;
      const { spent, committed } = body(check);
      return { total_spend_this_month, budget_utilization, spent, committed };
    };

    const { order } = await raise(
      world,
      {},
      { lines: [{ description: 'Laptop', quantity: 2, unit_price: '1250.00' }] },
    );
    expect(await figures()).toEqual({
      total_spend_this_month: 0,
      budget_utilization: 25,
      spent: 0,
      committed: 2500,
    });
    expect((await act(world, world.buyer, order.id, 'send')).statusCode).toBe(200);
    expect(await figures()).toEqual({
      total_spend_this_month: 2500,
      budget_utilization: 25,
      spent: 0,
      committed: 2500,
    });
    expect((await act(world, world.buyer, order.id, 'receive')).statusCode).toBe(200);
    expect(await figures()).toEqual({
      total_spend_this_month: 2500,
      budget_utilization: 25,
      spent: 2500,
      committed: 0,
    });
  });
});

describe('vendors', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('lists the active vendors by name to any member, and inactive ones on request', async () => {
    const response = await request(world, world.staff, 'GET', '/vendors');
    expectContract(response, 'listVendors');
    expect(response.statusCode).toBe(200);
    const names = body(response).vendors.map((v: { name: string }) => v.name);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('Acme Office Supplies');
    const all = await request(world, world.staff, 'GET', '/vendors?include_inactive=true');
    expectContract(all, 'listVendors');
    expect(body(all).vendors).toHaveLength(3);
  });

  it('searches vendors by name or email', async () => {
    const byName = await request(world, world.staff, 'GET', '/vendors?search=acme');
    expect(body(byName).vendors.map((v: { id: string }) => v.id)).toEqual([world.vendor.id]);
    const byEmail = await request(world, world.staff, 'GET', `/vendors?search=${world.vendor.email}`);
    expect(body(byEmail).vendors.map((v: { id: string }) => v.id)).toEqual([world.vendor.id]);
  });

  it("answers one vendor, and 404 for another organisation's", async () => {
    const response = await request(world, world.staff, 'GET', `/vendors/${world.inactiveVendor.id}`);
    expectContract(response, 'getVendor');
    expect(body(response).vendor).toMatchObject({ id: world.inactiveVendor.id, is_active: false });
    const other = await buildOrganization(app.models);
    const foreign = await buildVendor(app.models, other);
    const missing = await request(world, world.staff, 'GET', `/vendors/${foreign.id}`);
    expectContract(missing, 'getVendor');
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Vendor not found');
  });

  it("lists a vendor's active products, and 404 for an unknown vendor", async () => {
    const product = await buildProduct(app.models, world.organization, {
      vendor_id: world.vendor.id,
      name: 'Stapler',
    });
    await buildProduct(app.models, world.organization, { vendor_id: world.vendor.id, is_active: false });
    await buildProduct(app.models, world.organization);
    const response = await request(world, world.staff, 'GET', `/vendors/${world.vendor.id}/products`);
    expectContract(response, 'listVendorProducts');
    expect(body(response).products).toEqual([
      {
        id: product.id,
        name: 'Stapler',
        description: 'A test product',
        sku: product.sku,
        category: null,
        is_active: true,
        list_price: 10,
        prices: [],
        unit_price: 10,
        unit_of_measure: 'each',
        currency: 'AUD',
        vendor: { id: world.vendor.id, name: 'Acme Office Supplies' },
      },
    ]);
    const other = await buildOrganization(app.models);
    const foreign = await buildVendor(app.models, other);
    const missing = await request(world, world.staff, 'GET', `/vendors/${foreign.id}/products`);
    expectContract(missing, 'listVendorProducts');
    expect(missing.statusCode).toBe(404);
  });
});
