import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { Organization } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

/** Vendors (issue 16 item 1): create, edit, deactivate with `vendor.manage`; a vendor's spend. */
const app = useTestApp();

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An organisation with a buyer (Finance Manager: vendor.manage and orders), a User (orders: view
 * only) and a guest (a role without any purchase_order permission).
 */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const role = await app.models.Role.create({
    organization_id: organization.id,
    name: 'Guest',
    description: 'Guest',
  });
  const create = await app.models.Permission.findOne({ where: { name: 'requisition.create' } });
  await app.models.RolePermission.create({ role_id: role.id, permission_id: create!.id });
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return {
    organization,
    buyer: await member('Finance Manager'),
    staff: await member('User'),
    guest: await member('Guest'),
    costCenter: await buildCostCenter(app.models, organization),
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
  organization: Organization = world.organization,
) {
  const response = await call(app.server, method, `/api${url}`, {
    token: as.token,
    organizationId: organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  expectContract(response, operationId);
  return response;
}

const courier = {
  name: 'Southern Cross Couriers',
  contact_name: 'Jess Harper',
  email: 'Accounts@SCCouriers.example',
  phone: '+61 3 9600 7000',
  website: 'https://sccouriers.example',
  address: '88 Lorimer Street',
  city: 'Docklands',
  state_province: 'VIC',
  postal_code: '3008',
  country: 'Australia',
  payment_terms: 'Net 30',
  tax_number: ' ABN 33 102 417 032 ',
  currency: 'AUD',
};

async function auditOf(vendorId: string) {
  return app.sequelize.query<{
    action: string;
    from_status: string | null;
    to_status: string | null;
    metadata: Record<string, unknown>;
  }>(
    'SELECT action, from_status, to_status, metadata FROM audit_logs WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at',
    { bind: ['vendor', vendorId], type: QueryTypes.SELECT },
  );
}

describe('POST /vendors', () => {
  it('creates an active vendor with every field, trimmed, the email in lower case, and audits it', async () => {
    const world = await buildWorld();
    const response = await api(world, world.buyer, 'createVendor', 'POST', '/vendors', courier);
    expect(response.statusCode, response.payload).toBe(201);
    const { vendor } = body(response);
    expect(vendor).toMatchObject({
      ...courier,
      email: 'accounts@sccouriers.example',
      tax_number: 'ABN 33 102 417 032',
      is_active: true,
    });
    const read = await api(world, world.staff, 'getVendor', 'GET', `/vendors/${vendor.id}`);
    expect(body(read).vendor).toEqual(vendor);
    expect(await auditOf(vendor.id)).toMatchObject([{ action: 'create', to_status: 'active' }]);
  });

  it('refuses a name the organisation already has, whatever its case, with 409 on the name; other organisations may use it', async () => {
    const world = await buildWorld();
    await buildVendor(app.models, world.organization, { name: 'Dell Technologies' });
    const response = await api(world, world.buyer, 'createVendor', 'POST', '/vendors', {
      name: '  dell technologies ',
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      code: 'VENDOR_NAME_TAKEN',
      details: [{ field: 'name' }],
    });
    const other = await buildWorld();
    const elsewhere = await api(other, other.buyer, 'createVendor', 'POST', '/vendors', {
      name: 'Dell Technologies',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('two creations of one name at once: one 201, one 409, one row', async () => {
    const world = await buildWorld();
    const name = 'Racing Supplies';
    const answers = await Promise.all(
      [0, 1].map(() => api(world, world.buyer, 'createVendor', 'POST', '/vendors', { name })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const [row] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vendors WHERE organization_id = $1 AND name = $2',
      { bind: [world.organization.id, name], type: QueryTypes.SELECT },
    );
    expect(row?.n).toBe(1);
  });

  it('refuses a bad field with 400 naming it, and a member without vendor.manage with 403; nothing is written', async () => {
    const world = await buildWorld();
    const bad = await api(world, world.buyer, 'createVendor', 'POST', '/vendors', {
      name: 'Fine',
      currency: 'XYZ',
      tax_number: 'x'.repeat(51),
    });
    expect(bad.statusCode).toBe(400);
    const fields = body(bad).details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['currency', 'tax_number']));
    const refused = await api(world, world.staff, 'createVendor', 'POST', '/vendors', { name: 'Fine' });
    expect(refused.statusCode).toBe(403);
    const list = await api(world, world.staff, 'listVendors', 'GET', '/vendors?include_inactive=true');
    expect(body(list).vendors).toEqual([]);
  });
});

describe('PUT /vendors/{id} and DELETE /vendors/{id}', () => {
  it('replaces the fields (omitted ones cleared), audits what changed, and keeps an unchanged edit silent', async () => {
    const world = await buildWorld();
    const created = body(await api(world, world.buyer, 'createVendor', 'POST', '/vendors', courier)).vendor;
    const response = await api(world, world.buyer, 'updateVendor', 'PUT', `/vendors/${created.id}`, {
      name: 'Southern Cross Couriers Pty Ltd',
      email: 'orders@sccouriers.example',
      currency: 'USD',
    });
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).vendor).toMatchObject({
      name: 'Southern Cross Couriers Pty Ltd',
      email: 'orders@sccouriers.example',
      currency: 'USD',
      contact_name: null,
      tax_number: null,
      payment_terms: null,
      is_active: true,
    });
    const again = await api(world, world.buyer, 'updateVendor', 'PUT', `/vendors/${created.id}`, {
      name: 'Southern Cross Couriers Pty Ltd',
      email: 'orders@sccouriers.example',
      currency: 'USD',
    });
    expect(again.statusCode).toBe(200);
    const audit = await auditOf(created.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]!.metadata).toMatchObject({
      changes: { currency: { from: 'AUD', to: 'USD' }, tax_number: { from: 'ABN 33 102 417 032', to: null } },
    });
  });

  it('refuses renaming onto another vendor (409) and an unknown or foreign vendor (404)', async () => {
    const world = await buildWorld();
    const [a, b] = [
      await buildVendor(app.models, world.organization, { name: 'Alpha' }),
      await buildVendor(app.models, world.organization, { name: 'Beta' }),
    ];
    const clash = await api(world, world.buyer, 'updateVendor', 'PUT', `/vendors/${b.id}`, { name: 'ALPHA' });
    expect(clash.statusCode).toBe(409);
    expect(body(clash).code).toBe('VENDOR_NAME_TAKEN');
    const other = await buildWorld();
    const foreign = await api(other, other.buyer, 'updateVendor', 'PUT', `/vendors/${a.id}`, {
      name: 'Mine',
    });
    expect(foreign.statusCode).toBe(404);
    const gone = await api(other, other.buyer, 'deleteVendor', 'DELETE', `/vendors/${a.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('deactivates (listed only with include_inactive, refused for new orders, audited once) and reactivates', async () => {
    const world = await buildWorld();
    const vendor = await buildVendor(app.models, world.organization);
    for (let i = 0; i < 2; i++) {
      const response = await api(world, world.buyer, 'deleteVendor', 'DELETE', `/vendors/${vendor.id}`);
      expect(response.statusCode).toBe(204);
    }
    expect(body(await api(world, world.staff, 'listVendors', 'GET', '/vendors')).vendors).toEqual([]);
    const all = body(await api(world, world.staff, 'listVendors', 'GET', '/vendors?include_inactive=true'));
    expect(all.vendors).toMatchObject([{ id: vendor.id, is_active: false }]);
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.staff.user,
      costCenter: world.costCenter,
      status: 'approved',
    });
    const order = await api(world, world.buyer, 'createPurchaseOrder', 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: vendor.id,
      payment_terms: 'Net 30',
      delivery_date: day(14),
    });
    expect(order.statusCode).toBe(400);
    expect(body(order).details).toMatchObject([{ field: 'vendor_id' }]);
    const back = await api(world, world.buyer, 'updateVendor', 'PUT', `/vendors/${vendor.id}`, {
      name: vendor.name,
      is_active: true,
    });
    expect(body(back).vendor.is_active).toBe(true);
    expect((await auditOf(vendor.id)).map((a) => a.action)).toEqual(['deactivate', 'reactivate']);
  });
});

describe('GET /vendors/{id}/spend', () => {
  it("sums the vendor's orders in the base currency by status, and needs purchase_order.view", async () => {
    const world = await buildWorld();
    const vendor = await buildVendor(app.models, world.organization);
    const elsewhere = await buildVendor(app.models, world.organization);
    const empty = await api(world, world.buyer, 'getVendorSpend', 'GET', `/vendors/${vendor.id}/spend`);
    expect(body(empty).spend).toEqual({
      currency: 'AUD',
      order_count: 0,
      open_order_count: 0,
      committed_amount: 0,
      received_amount: 0,
      last_order_at: null,
    });
    const raise = async (price: string, to = vendor) => {
      const requisition = await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.staff.user,
        costCenter: world.costCenter,
        status: 'approved',
        lines: [{ description: 'Freight', quantity: 1, unit_price: price }],
        // Frozen at submission in the real flow: the base currency's rate.
        overrides: { exchange_rate: '1' },
      });
      const response = await api(world, world.buyer, 'createPurchaseOrder', 'POST', '/purchase-orders', {
        requisition_id: requisition.id,
        vendor_id: to.id,
        payment_terms: 'Net 30',
        delivery_date: day(14),
      });
      expect(response.statusCode, response.payload).toBe(201);
      return body(response).purchase_order.id as string;
    };
    const act = async (id: string, action: 'send' | 'receive' | 'cancel', payload: unknown = {}) => {
      const operation = {
        send: 'sendPurchaseOrder',
        receive: 'receivePurchaseOrder',
        cancel: 'cancelPurchaseOrder',
      }[action];
      const response = await api(
        world,
        world.buyer,
        operation,
        'POST',
        `/purchase-orders/${id}/${action}`,
        payload,
      );
      expect(response.statusCode, response.payload).toBe(200);
    };
    await raise('100.00'); // draft: open
    const sent = await raise('250.50');
    await act(sent, 'send');
    const received = await raise('1000.00');
    await act(received, 'send');
    await act(received, 'receive');
    const cancelled = await raise('99.00');
    await act(cancelled, 'cancel', { reason: 'Not needed' });
    await raise('5000.00', elsewhere);

    const response = await api(world, world.buyer, 'getVendorSpend', 'GET', `/vendors/${vendor.id}/spend`);
    expect(response.statusCode).toBe(200);
    const { spend } = body(response);
    expect(spend).toMatchObject({
      currency: 'AUD',
      order_count: 3,
      open_order_count: 2,
      committed_amount: 250.5,
      received_amount: 1000,
    });
    expect(Date.parse(spend.last_order_at)).toBeGreaterThan(Date.now() - 600_000);

    const refused = await api(world, world.guest, 'getVendorSpend', 'GET', `/vendors/${vendor.id}/spend`);
    expect(refused.statusCode).toBe(403);
    const other = await buildWorld();
    const foreign = await api(other, other.buyer, 'getVendorSpend', 'GET', `/vendors/${vendor.id}/spend`);
    expect(foreign.statusCode).toBe(404);
  });
});
