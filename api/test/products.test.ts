import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { Organization } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildProduct, buildUser, buildVendor } from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

/** Products catalogue (issue 16 item 2): reads for every member, writes and import with `product.manage`. */
const app = useTestApp();

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An organisation with a buyer (Finance Manager: product.manage), a User, and two vendors. */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return {
    organization,
    buyer: await member('Finance Manager'),
    staff: await member('User'),
    dell: await buildVendor(app.models, organization, { name: 'Dell' }),
    officeworks: await buildVendor(app.models, organization, { name: 'Officeworks' }),
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

async function auditOf(productId: string) {
  return app.sequelize.query<{ action: string; to_status: string | null; metadata: Record<string, unknown> }>(
    'SELECT action, to_status, metadata FROM audit_logs WHERE entity_type = $1 AND entity_id = $2 ORDER BY created_at',
    { bind: ['product', productId], type: QueryTypes.SELECT },
  );
}

const monitor = (world: World) => ({
  name: ' Dell 27" Monitor ',
  sku: 'DELL-P27',
  description: '27" IPS',
  category: ' IT equipment ',
  unit_price: 400,
  unit_of_measure: 'each',
  vendor_id: world.dell.id,
  prices: [
    { vendor_id: world.dell.id, unit_price: 380, effective_from: day(-30), effective_to: day(-1) },
    { vendor_id: world.dell.id, unit_price: 389, effective_from: day(0), effective_to: null },
    { vendor_id: world.officeworks.id, unit_price: 420.5, effective_from: day(-10), effective_to: null },
  ],
});

describe('POST /products', () => {
  it('creates a product with its category and vendor prices; the current price of the preferred vendor is its unit price', async () => {
    const world = await buildWorld();
    const response = await api(world, world.buyer, 'createProduct', 'POST', '/products', monitor(world));
    expect(response.statusCode, response.payload).toBe(201);
    const { product } = body(response);
    expect(product).toMatchObject({
      name: 'Dell 27" Monitor',
      category: 'IT equipment',
      is_active: true,
      unit_price: 389,
      list_price: 400,
      currency: 'AUD',
      vendor: { id: world.dell.id, name: 'Dell' },
    });
    expect(product.prices).toHaveLength(3);
    const current = product.prices.filter((price: { is_current: boolean }) => price.is_current);
    expect(current.map((price: { unit_price: number }) => price.unit_price).sort()).toEqual([389, 420.5]);
    expect((await auditOf(product.id)).map((row) => row.action)).toEqual(['create']);

    const viaOfficeworks = await api(
      world,
      world.staff,
      'listVendorProducts',
      'GET',
      `/vendors/${world.officeworks.id}/products`,
    );
    expect(body(viaOfficeworks).products.map((p: { unit_price: number }) => p.unit_price)).toEqual([420.5]);
  });

  it('answers 409 naming the field for a name or SKU the organisation has, whatever its case', async () => {
    const world = await buildWorld();
    await api(world, world.buyer, 'createProduct', 'POST', '/products', monitor(world));
    const byName = await api(world, world.buyer, 'createProduct', 'POST', '/products', {
      ...monitor(world),
      name: 'dell 27" MONITOR',
      sku: null,
      prices: [],
    });
    expect(byName.statusCode).toBe(409);
    expect(body(byName)).toMatchObject({ code: 'PRODUCT_NAME_TAKEN', details: [{ field: 'name' }] });
    const bySku = await api(world, world.buyer, 'createProduct', 'POST', '/products', {
      ...monitor(world),
      name: 'Another',
      sku: 'dell-p27',
      prices: [],
    });
    expect(bySku.statusCode).toBe(409);
    expect(body(bySku)).toMatchObject({ code: 'PRODUCT_SKU_TAKEN', details: [{ field: 'sku' }] });
  });

  it('refuses overlapping windows of one vendor, a window ending before it starts and a foreign vendor, writing nothing', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const foreign = await buildVendor(app.models, other);
    const response = await api(world, world.buyer, 'createProduct', 'POST', '/products', {
      ...monitor(world),
      prices: [
        { vendor_id: world.dell.id, unit_price: 1, effective_from: day(-5), effective_to: null },
        { vendor_id: world.dell.id, unit_price: 2, effective_from: day(-1), effective_to: day(3) },
        { vendor_id: world.officeworks.id, unit_price: 2, effective_from: day(3), effective_to: day(1) },
        { vendor_id: foreign.id, unit_price: 2, effective_from: day(0) },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(
      body(response)
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['prices.1.effective_from', 'prices.2.effective_to', 'prices.3.vendor_id']);
    const list = await api(world, world.staff, 'listProducts', 'GET', '/products');
    expect(body(list).products).toEqual([]);
  });

  it('is refused to a member without product.manage, before the body is read', async () => {
    const world = await buildWorld();
    const response = await api(world, world.staff, 'createProduct', 'POST', '/products', { nonsense: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT and DELETE /products/{id}', () => {
  it('edits, deactivates and reactivates, audited; inactive products are listed only with include_inactive', async () => {
    const world = await buildWorld();
    const created = body(
      await api(world, world.buyer, 'createProduct', 'POST', '/products', monitor(world)),
    ).product;
    const edit = await api(world, world.buyer, 'updateProduct', 'PUT', `/products/${created.id}`, {
      name: 'Dell 27" Monitor',
      unit_price: 400,
      unit_of_measure: 'each',
      category: 'Screens',
      vendor_id: world.officeworks.id,
    });
    expect(edit.statusCode, edit.payload).toBe(200);
    // Prices omitted: kept; the preferred vendor is now Officeworks, so its current price shows.
    expect(body(edit).product).toMatchObject({ category: 'Screens', unit_price: 420.5, sku: null });
    expect(body(edit).product.prices).toHaveLength(3);

    const removed = await api(world, world.buyer, 'deleteProduct', 'DELETE', `/products/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect(body(await api(world, world.staff, 'listProducts', 'GET', '/products')).products).toEqual([]);
    const all = await api(world, world.staff, 'listProducts', 'GET', '/products?include_inactive=true');
    expect(body(all).products.map((p: { is_active: boolean }) => p.is_active)).toEqual([false]);

    const back = await api(world, world.buyer, 'updateProduct', 'PUT', `/products/${created.id}`, {
      name: 'Dell 27" Monitor',
      unit_price: 400,
      unit_of_measure: 'each',
      category: 'Screens',
      vendor_id: world.officeworks.id,
      is_active: true,
      prices: [],
    });
    expect(body(back).product).toMatchObject({ is_active: true, unit_price: 400, prices: [] });
    expect((await auditOf(created.id)).map((row) => row.action)).toEqual([
      'create',
      'update',
      'deactivate',
      'reactivate',
    ]);
  });

  it("answers 404 for another organisation's product", async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const foreign = await buildProduct(app.models, other);
    const response = await api(world, world.buyer, 'deleteProduct', 'DELETE', `/products/${foreign.id}`);
    expect(response.statusCode).toBe(404);
    const read = await api(world, world.staff, 'getProduct', 'GET', `/products/${foreign.id}`);
    expect(read.statusCode).toBe(404);
  });
});

describe('product import', () => {
  const rows = [
    {
      name: 'A4 paper',
      sku: 'PAP-1',
      unit_price: '42.50',
      unit_of_measure: 'Box',
      vendor: 'officeworks',
      category: 'Stationery',
    },
    { name: 'Markers', unit_price: '12', unit_of_measure: 'pack' },
    { name: 'a4 PAPER', sku: 'pap-1', unit_price: '-1', vendor: 'Nobody' },
  ];

  it('previews every row with its errors and writes nothing', async () => {
    const world = await buildWorld();
    const response = await api(
      world,
      world.buyer,
      'previewProductImport',
      'POST',
      '/products/import/preview',
      { rows },
    );
    expect(response.statusCode, response.payload).toBe(200);
    const preview = body(response);
    expect(preview).toMatchObject({ valid_count: 1, error_count: 2 });
    expect(preview.rows[0].errors).toEqual([]);
    expect(preview.rows[1].errors.map((e: { field: string }) => e.field)).toEqual(['unit_of_measure']);
    expect(preview.rows[2].errors.map((e: { field: string }) => e.field)).toEqual([
      'name',
      'sku',
      'unit_price',
      'vendor',
    ]);
    expect(body(await api(world, world.staff, 'listProducts', 'GET', '/products')).products).toEqual([]);
  });

  it('imports all rows or none: any error answers 400 naming rows.<n>.<column>', async () => {
    const world = await buildWorld();
    const refused = await api(world, world.buyer, 'importProducts', 'POST', '/products/import', { rows });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).details.map((d: { field: string }) => d.field)).toContain('rows.2.unit_of_measure');
    expect(body(await api(world, world.staff, 'listProducts', 'GET', '/products')).products).toEqual([]);

    const good = [rows[0]!, { ...rows[1]!, unit_of_measure: 'each' }];
    const done = await api(world, world.buyer, 'importProducts', 'POST', '/products/import', { rows: good });
    expect(done.statusCode, done.payload).toBe(201);
    expect(body(done)).toEqual({ created_count: 2 });
    const list = body(await api(world, world.staff, 'listProducts', 'GET', '/products')).products;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['A4 paper', 'Markers']);
    expect(list[0]).toMatchObject({
      unit_of_measure: 'box',
      vendor: { name: 'Officeworks' },
      category: 'Stationery',
    });
    expect((await auditOf(list[0].id)).map((row) => row.action)).toEqual(['import']);
  });

  it('is refused to a member without product.manage', async () => {
    const world = await buildWorld();
    const response = await api(world, world.staff, 'importProducts', 'POST', '/products/import', { rows });
    expect(response.statusCode).toBe(403);
  });
});
