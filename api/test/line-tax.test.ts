import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter, GlAccount, Organization, User } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { body, useTestApp } from './support/test-app.js';

/** A line's tax given as a rate (issue 19, item 9; docs/decisions.md "Line tax"). */

const app = useTestApp({}, { countersExact: true });

interface World {
  organization: Organization;
  costCenter: CostCenter;
  glAccount: GlAccount;
  requestor: { user: User; token: string };
  buyer: { user: User; token: string };
}

let world: World;

beforeAll(async () => {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string) => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  world = {
    organization,
    costCenter: await buildCostCenter(app.models, organization),
    glAccount: await buildGlAccount(app.models, organization),
    requestor: await member('User'),
    buyer: await member('Finance Manager'),
  };
});

const form = (lines: Record<string, unknown>[]) => ({
  cost_center_id: world.costCenter.id,
  gl_account_id: world.glAccount.id,
  line_items: lines.map((line) => ({ description: 'Item', unit_of_measure: 'each', ...line })),
});

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token = world.requestor.token) =>
  call(app.server, method, `/api${url}`, { token, organizationId: world.organization.id, payload });

async function lineRows(requisitionId: string) {
  return app.sequelize.query<{ tax_amount: string; tax_rate: string | null; total_amount: string }>(
    `SELECT tax_amount, tax_rate, total_amount FROM requisition_line_items
      WHERE requisition_id = $1 ORDER BY position`,
    { bind: [requisitionId], type: QueryTypes.SELECT },
  );
}

describe('a line with a tax rate', () => {
  it('computes the tax from the rate, half up to the cent, and gives the subtotal and tax', async () => {
    const response = await send(
      'POST',
      '/requisitions',
      form([
        { quantity: 1, unit_price: 2199, tax_rate: 10 },
        { quantity: 1, unit_price: 0.05, tax_rate: 10 }, // 0.5 cent: up
        { quantity: 3, unit_price: 33.33, tax_rate: 7.5 }, // 7.49925: 7.50
        { quantity: 2, unit_price: 10, tax_amount: 1.5 }, // an amount, no rate
        { quantity: 1, unit_price: 4 }, // neither: no tax
      ]),
    );
    expectContract(response, 'createRequisition');
    expect(response.statusCode, response.payload).toBe(201);
    const requisition = body(response).requisition;
    expect(
      requisition.line_items.map((line: Record<string, unknown>) => [
        line.tax_rate,
        line.tax_amount,
        line.total_amount,
      ]),
    ).toEqual([
      [10, 219.9, 2418.9],
      [10, 0.01, 0.06],
      [7.5, 7.5, 107.49],
      [null, 1.5, 21.5],
      [null, 0, 4],
    ]);
    expect(requisition).toMatchObject({
      subtotal_amount: 2323.04,
      tax_amount: 228.91,
      total_amount: 2551.95,
    });
    expect((await lineRows(requisition.id))[2]).toEqual({
      tax_amount: '7.50',
      tax_rate: '7.500',
      total_amount: '107.49',
    });
  });

  it('accepts a tax amount beside the rate when it is the computed one', async () => {
    const response = await send(
      'POST',
      '/requisitions',
      form([{ quantity: 4, unit_price: 12.5, tax_rate: 10, tax_amount: 5 }]),
    );
    expect(response.statusCode, response.payload).toBe(201);
    expect(body(response).requisition.line_items[0]).toMatchObject({
      tax_rate: 10,
      tax_amount: 5,
      total_amount: 55,
    });
  });

  it.each([
    ['above 100', 100.5, 'line_items.1.tax_rate'],
    ['below 0', -1, 'line_items.1.tax_rate'],
    ['with more than three decimals', 10.0005, 'line_items.1.tax_rate'],
  ])('refuses a rate %s with 400 naming the line and changes nothing', async (_name, rate, field) => {
    const draft = body(
      await send('POST', '/requisitions', form([{ quantity: 1, unit_price: 100, tax_rate: 10 }])),
    ).requisition;
    const before = await lineRows(draft.id);
    const response = await send(
      'PUT',
      `/requisitions/${draft.id}`,
      form([
        { quantity: 2, unit_price: 50 },
        { quantity: 1, unit_price: 100, tax_rate: rate },
      ]),
    );
    expectContract(response, 'updateRequisition');
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response).details.map((detail: { field: string }) => detail.field)).toEqual([field]);
    expect(await lineRows(draft.id)).toEqual(before);
  });

  it('says why a rate is out of range in the product words', async () => {
    const response = await send(
      'POST',
      '/requisitions',
      form([{ quantity: 1, unit_price: 1, tax_rate: -5 }]),
    );
    expect(body(response).details).toEqual([
      { field: 'line_items.0.tax_rate', message: 'Tax rate must be between 0 and 100' },
    ]);
  });

  it('refuses a tax amount that disagrees with the rate, naming the amount, and creates nothing', async () => {
    const count = async () =>
      (
        await app.sequelize.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM requisitions WHERE organization_id = $1',
          { bind: [world.organization.id], type: QueryTypes.SELECT },
        )
      )[0]?.n;
    const before = await count();
    const response = await send(
      'POST',
      '/requisitions',
      form([{ quantity: 1, unit_price: 2199, tax_rate: 10, tax_amount: 200 }]),
    );
    expectContract(response, 'createRequisition');
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response).details).toEqual([
      {
        field: 'line_items.0.tax_amount',
        message:
          'Tax amount does not match the tax rate: 10% of this line is 219.90. Leave it out to have it computed',
      },
    ]);
    expect(await count()).toBe(before);
  });

  it('is kept by the database: a rate that disagrees with the amount is refused there too', async () => {
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      costCenter: world.costCenter,
      status: 'draft',
      lines: [
        { description: 'Desk', quantity: 1, unit_price: '100.00', tax_amount: '10.00', tax_rate: '10' },
      ],
    });
    await expect(
      app.sequelize.query('UPDATE requisition_line_items SET tax_rate = 12 WHERE requisition_id = $1', {
        bind: [requisition.id],
      }),
    ).rejects.toThrow(/tax_from_rate_check/);
  });
});

describe('a purchase order of taxed lines', () => {
  it('copies each line’s rate and gives the subtotal and tax', async () => {
    const vendor = await buildVendor(app.models, world.organization);
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      costCenter: world.costCenter,
      lines: [
        { description: 'Laptop', quantity: 2, unit_price: '1000.00', tax_amount: '200.00', tax_rate: '10' },
        { description: 'Freight', quantity: 1, unit_price: '50.00', tax_amount: '2.00' },
      ],
    });
    const response = await send(
      'POST',
      '/purchase-orders',
      {
        requisition_id: requisition.id,
        vendor_id: vendor.id,
        payment_terms: 'Net 30',
        delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      },
      world.buyer.token,
    );
    expectContract(response, 'createPurchaseOrder');
    expect(response.statusCode, response.payload).toBe(201);
    const order = body(response).purchase_order;
    expect(
      order.po_line_items.map((line: Record<string, unknown>) => [line.tax_rate, line.tax_amount]),
    ).toEqual([
      [10, 200],
      [null, 2],
    ]);
    expect(order).toMatchObject({ subtotal_amount: 2050, tax_amount: 202, total_amount: 2252 });
  });
});
