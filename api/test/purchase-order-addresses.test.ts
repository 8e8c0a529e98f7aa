import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User, Vendor } from '../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { pdfRuns } from './pdf-inspect.js';

/**
 * A new order's default bill-to and ship-to come from the organisation's settings (issue 16): billing
 * from the billing address, else the registered one; shipping from the requisition, else the delivery
 * address, else the registered one. The order keeps them; its PDF prints its own.
 */

const app = await createTestApp();
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Person {
  user: User;
  token: string;
}

interface World {
  organization: Organization;
  admin: Person;
  buyer: Person;
  vendor: Vendor;
}

const REGISTERED = {
  lines: ['10 Head Office Road'],
  city: 'Sydney',
  region: 'NSW',
  postcode: '2000',
  country: 'Australia',
};
const BILLING = {
  lines: ['Accounts Payable', 'PO Box 77'],
  city: 'Sydney',
  region: 'NSW',
  postcode: '2001',
  country: null,
};
const DELIVERY = {
  lines: ['Dock 4', '12 Wharf Road'],
  city: 'Port Botany',
  region: 'NSW',
  postcode: '2036',
  country: 'Australia',
};

async function buildWorld(): Promise<World> {
  const organization = await buildOrganization(app.models, { address: null });
  const person = async (roleName: string) => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  const admin = await person('Admin');
  const buyer = await person('Finance Manager');
  const vendor = await buildVendor(app.models, organization, { name: 'Wharf Supplies' });
  return { organization, admin, buyer, vendor };
}

async function readSettings(world: World) {
  const response = await call(app.server, 'GET', `/api/organizations/${world.organization.id}/settings`, {
    token: world.buyer.token,
  });
  expectContract(response, 'getOrganizationSettings');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).settings;
}

/** Changes the settings as the admin, from the version last read. */
async function changeSettings(world: World, change: object) {
  const { version } = await readSettings(world);
  const response = await call(app.server, 'PATCH', `/api/organizations/${world.organization.id}/settings`, {
    token: world.admin.token,
    organizationId: world.organization.id,
    payload: { version, ...change },
  });
  expectContract(response, 'updateOrganizationSettings');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).settings;
}

/** Raises an order for an approved requisition with `shipping` as its shipping address. */
async function raise(world: World, shipping: string | null, overrides: object = {}) {
  const requisition = await buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.buyer.user,
    costCenter: await buildCostCenter(app.models, world.organization),
    overrides: { shipping_address: shipping },
  });
  const response = await call(app.server, 'POST', '/api/purchase-orders', {
    token: world.buyer.token,
    organizationId: world.organization.id,
    payload: {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(10),
      ...overrides,
    },
  });
  expectContract(response, 'createPurchaseOrder');
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).purchase_order as {
    id: string;
    po_number: string;
    shipping_address: string | null;
    billing_address: string | null;
  };
}

describe("a new order's default addresses", () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('are null when the organisation has no address at all', async () => {
    expect((await readSettings(world)).purchase_order_addresses).toEqual({
      billing_address: null,
      shipping_address: null,
    });
    const order = await raise(world, null);
    expect(order.shipping_address).toBeNull();
    expect(order.billing_address).toBeNull();
  });

  it('fall back to the registered address for billing and for a requisition without a shipping address', async () => {
    const settings = await changeSettings(world, { registered_address: REGISTERED });
    const registered = '10 Head Office Road, Sydney NSW 2000, Australia';
    expect(settings.purchase_order_addresses).toEqual({
      billing_address: registered,
      shipping_address: registered,
    });
    const order = await raise(world, '   ');
    expect(order.shipping_address).toBe(registered);
    expect(order.billing_address).toBe(registered);
  });

  it("bill to the settings' billing address and ship to their delivery address when the requisition has none", async () => {
    const settings = await changeSettings(world, { billing_address: BILLING, delivery_address: DELIVERY });
    const billing = 'Accounts Payable, PO Box 77, Sydney NSW 2001';
    const delivery = 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia';
    expect(settings.purchase_order_addresses).toEqual({
      billing_address: billing,
      shipping_address: delivery,
    });
    const order = await raise(world, null);
    expect(order.shipping_address).toBe(delivery);
    expect(order.billing_address).toBe(billing);
  });

  it("ship to the requisition's own shipping address before the settings' delivery address", async () => {
    const order = await raise(world, '5 Receiving Dock, Sydney NSW 2000');
    expect(order.shipping_address).toBe('5 Receiving Dock, Sydney NSW 2000');
    expect(order.billing_address).toBe('Accounts Payable, PO Box 77, Sydney NSW 2001');
  });

  it('give way to addresses the buyer gives; blank ones get the defaults', async () => {
    const given = await raise(world, null, { shipping_address: 'Site B', billing_address: 'Head office' });
    expect(given).toMatchObject({ shipping_address: 'Site B', billing_address: 'Head office' });
    const blank = await raise(world, null, { shipping_address: ' ', billing_address: '' });
    expect(blank).toMatchObject({
      shipping_address: 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
      billing_address: 'Accounts Payable, PO Box 77, Sydney NSW 2001',
    });
  });

  it('stay with the order when the settings change later, and its PDF prints its own', async () => {
    const order = await raise(world, null);
    await changeSettings(world, {
      billing_address: { ...BILLING, lines: ['New Billing House'] },
      delivery_address: null,
    });
    const after = await readSettings(world);
    expect(after.purchase_order_addresses).toEqual({
      billing_address: 'New Billing House, Sydney NSW 2001',
      shipping_address: '10 Head Office Road, Sydney NSW 2000, Australia',
    });
    const current = body(
      await call(app.server, 'GET', `/api/purchase-orders/${order.id}`, {
        token: world.buyer.token,
        organizationId: world.organization.id,
      }),
    ).purchase_order;
    expect(current.shipping_address).toBe('Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia');
    expect(current.billing_address).toBe('Accounts Payable, PO Box 77, Sydney NSW 2001');

    const sent = await call(app.server, 'POST', `/api/purchase-orders/${order.id}/send`, {
      token: world.buyer.token,
      organizationId: world.organization.id,
    });
    expect(sent.statusCode, sent.payload).toBe(200);
    const [mail] = await app.sequelize.query<{ attachments: { content_base64: string }[] }>(
      `SELECT attachments FROM email_outbox WHERE to_address = $1 AND subject LIKE $2`,
      { bind: [world.vendor.email, `%${order.po_number}%`], type: QueryTypes.SELECT },
    );
    const texts = pdfRuns(Buffer.from(mail!.attachments[0]!.content_base64, 'base64')).map((run) => run.text);
    // A block's lines, as wrapped, from its title to the next title.
    const block = (title: string, next: string) =>
      texts
        .slice(texts.indexOf(title) + 1, texts.indexOf(next))
        .map((line) => line.trim())
        .join(' ');
    expect(block('SHIP TO', 'BILL TO')).toBe('Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia');
    expect(block('BILL TO', '#')).toBe('Accounts Payable, PO Box 77, Sydney NSW 2001');
    expect(texts.join('\n')).not.toContain('New Billing House');
  });
});
