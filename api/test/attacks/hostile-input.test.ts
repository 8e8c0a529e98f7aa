import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter, GlAccount, Organization } from '../../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from '../app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from '../factories.js';

/**
 * Issue 11, "Hostile input": each request here answered 500 before its fix and was found by the
 * contract-driven fuzz (test/fuzz.test.ts). They replay it on the plain route.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
let organization: Organization;
let costCenter: CostCenter;
let glAccount: GlAccount;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  organization = await buildOrganization(app.models);
  const superAdmin = await buildUser(app.models);
  await buildMembership(app.models, { user: superAdmin, organization, roleName: 'Super Admin' });
  costCenter = await buildCostCenter(app.models, organization);
  glAccount = await buildGlAccount(app.models, organization);
  token = await accessTokenFor(app.server, superAdmin);
});
afterAll(async () => {
  await app.close();
});

const requisition = (overrides: Record<string, unknown>) => ({
  cost_center_id: costCenter.id,
  gl_account_id: glAccount.id,
  justification: 'Hostile input',
  line_items: [{ description: 'Chair', quantity: 1, unit_price: 10, unit_of_measure: 'each' }],
  ...overrides,
});

describe('dates in year 0000 (valid RFC 3339, unknown to PostgreSQL) are refused with 400', () => {
  it('in a body: a requisition delivered on 0000-01-01', async () => {
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token,
      organizationId: organization.id,
      payload: requisition({ delivery_date: '0000-01-01' }),
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'createRequisition');
    expect(JSON.parse(response.payload).details).toEqual([
      expect.objectContaining({ field: 'delivery_date' }),
    ]);
  });

  it('in a query: requisitions created from 0000-01-01', async () => {
    const response = await call(app.server, 'GET', '/api/requisitions?date_from=0000-01-01', {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'listRequisitions');
  });

  it('still accepts the first day of AD 1 and the last of 9999', async () => {
    for (const date of ['0001-01-01', '9999-12-31']) {
      const response = await call(app.server, 'GET', `/api/requisitions?date_from=${date}`, {
        token,
        organizationId: organization.id,
      });
      expect(response.statusCode, `${date}: ${response.payload}`).toBe(200);
    }
  });
});

describe('NUL characters (U+0000) are refused with 400, never stored as something else', () => {
  it('in a body field: the requisition is not created', async () => {
    const justification = `NUL-${Date.now()}\u0000after`;
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token,
      organizationId: organization.id,
      payload: requisition({ justification }),
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'createRequisition');
    expect(JSON.parse(response.payload).details).toEqual([
      { field: 'justification', message: 'must not contain a NUL character' },
    ]);
    const [rows] = await app.sequelize.query('SELECT 1 FROM requisitions WHERE justification LIKE $1', {
      bind: [`${justification.slice(0, 17)}%`],
    });
    expect(rows).toEqual([]);
  });

  it('in a nested line and in a query', async () => {
    const nested = await call(app.server, 'POST', '/api/requisitions', {
      token,
      organizationId: organization.id,
      payload: requisition({
        line_items: [{ description: 'Ch\u0000air', quantity: 1, unit_price: 10, unit_of_measure: 'each' }],
      }),
    });
    expect(nested.statusCode).toBe(400);
    expect(JSON.parse(nested.payload).details[0].field).toBe('line_items.0.description');
    const query = await call(app.server, 'GET', '/api/requisitions?search=a%00b', {
      token,
      organizationId: organization.id,
    });
    expect(query.statusCode, query.payload).toBe(400);
    expectContract(query, 'listRequisitions');
  });
});
