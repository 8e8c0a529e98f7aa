import { describe, expect, inject, it } from 'vitest';
import { migrateDown, migrateUp } from '../src/db/migrator.js';
import { createSequelize } from '../src/db/sequelize.js';

import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildBudget,
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
} from './factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from './global-setup.js';
import { body, useTestApp } from './support/test-app.js';

/** Budget administration and the budget policy setting (issue 13). */

const app = useTestApp();

const YEAR = new Date().getUTCFullYear();

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string) => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return {
    organization,
    admin: await member('Admin'),
    finance: await member('Finance Manager'),
    user: await member('User'),
  };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function as(
  world: World,
  who: { token: string },
  method: string,
  url: string,
  operationId: string,
  payload?: unknown,
) {
  const response = await call(app.server, method, `/api${url}`, {
    token: who.token,
    organizationId: world.organization.id,
    ...(payload === undefined ? {} : { payload }),
  });
  expectContract(response, operationId);
  return response;
}

describe('budget administration', () => {
  it('creates, refuses a second budget for the same year with 409, edits, and lists with the figures', async () => {
    const world = await buildWorld();
    const costCenter = await buildCostCenter(app.models, world.organization, { code: 'AA-01' });
    const created = await as(world, world.admin, 'POST', '/budgets', 'createBudget', {
      cost_center_id: costCenter.id,
      fiscal_year: YEAR,
      allocated: 5000,
    });
    expect(created.statusCode, created.payload).toBe(201);
    const budget = body(created).budget;
    expect(budget).toMatchObject({
      allocated: 5000,
      committed: 0,
      spent: 0,
      available: 5000,
      currency: 'AUD',
    });

    const again = await as(world, world.admin, 'POST', '/budgets', 'createBudget', {
      cost_center_id: costCenter.id,
      fiscal_year: YEAR,
      allocated: 1,
    });
    expect(again.statusCode).toBe(409);

    // Committed (approved, not received) and pending (under review) requisitions of the cost centre.
    await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.user.user,
      costCenter,
      lines: [{ description: 'Desk', quantity: 2, unit_price: '600.00' }],
    });
    await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.user.user,
      costCenter,
      status: 'under_review',
      lines: [{ description: 'Chair', quantity: 1, unit_price: '300.00' }],
    });
    const edited = await as(world, world.admin, 'PATCH', `/budgets/${budget.id}`, 'updateBudget', {
      allocated: 4000,
    });
    expect(edited.statusCode, edited.payload).toBe(200);
    expect(body(edited).budget).toMatchObject({
      allocated: 4000,
      committed: 1200,
      pending: 300,
      available: 2800,
      utilization: 30,
    });

    const other = await buildCostCenter(app.models, world.organization, { code: 'BB-02' });
    await buildBudget(app.models, other, { allocated_amount: '10.00' });
    await buildBudget(app.models, other, { fiscal_year: YEAR - 1, allocated_amount: '99.00' });
    const list = await as(world, world.finance, 'GET', `/budgets?fiscal_year=${YEAR}&limit=1`, 'listBudgets');
    expect(list.statusCode).toBe(200);
    expect(body(list).fiscal_year).toBe(YEAR);
    expect(body(list).pagination).toMatchObject({ limit: 1, offset: 0, total: 2 });
    expect(body(list).budgets.map((b: { cost_center: { code: string } }) => b.cost_center.code)).toEqual([
      'AA-01',
    ]);
    const page2 = await as(world, world.finance, 'GET', `/budgets?limit=1&offset=1`, 'listBudgets');
    expect(body(page2).budgets[0]).toMatchObject({ allocated: 10, fiscal_year: YEAR });
    const last = await as(world, world.finance, 'GET', `/budgets?fiscal_year=${YEAR - 1}`, 'listBudgets');
    expect(body(last).budgets.map((b: { allocated: number }) => b.allocated)).toEqual([99]);
  });

  it('lets budget.view read but not write, and refuses a plain user with 403', async () => {
    const world = await buildWorld();
    const costCenter = await buildCostCenter(app.models, world.organization);
    const budget = await buildBudget(app.models, costCenter);
    const create = { cost_center_id: costCenter.id, fiscal_year: YEAR + 1, allocated: 1 };
    for (const who of [world.finance, world.user]) {
      expect((await as(world, who, 'POST', '/budgets', 'createBudget', create)).statusCode).toBe(403);
      expect(
        (await as(world, who, 'PATCH', `/budgets/${budget.id}`, 'updateBudget', { allocated: 1 })).statusCode,
      ).toBe(403);
      expect(
        (await as(world, who, 'PUT', '/budgets/policy', 'updateBudgetPolicy', { budget_policy: 'warn' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await as(world, world.user, 'GET', '/budgets', 'listBudgets')).statusCode).toBe(403);
    expect((await as(world, world.user, 'GET', '/budgets/policy', 'getBudgetPolicy')).statusCode).toBe(403);
    expect((await as(world, world.finance, 'GET', '/budgets', 'listBudgets')).statusCode).toBe(200);
    expect((await as(world, world.finance, 'GET', '/budgets/policy', 'getBudgetPolicy')).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another organisation's budget and 400 for its cost centre", async () => {
    const world = await buildWorld();
    const elsewhere = await buildOrganization(app.models);
    const foreignCostCenter = await buildCostCenter(app.models, elsewhere);
    const foreign = await buildBudget(app.models, foreignCostCenter);
    const patch = await as(world, world.admin, 'PATCH', `/budgets/${foreign.id}`, 'updateBudget', {
      allocated: 1,
    });
    expect(patch.statusCode).toBe(404);
    const create = await as(world, world.admin, 'POST', '/budgets', 'createBudget', {
      cost_center_id: foreignCostCenter.id,
      fiscal_year: YEAR + 1,
      allocated: 1,
    });
    expect(create.statusCode).toBe(400);
    expect(body(create).details).toEqual([{ field: 'cost_center_id', message: 'Cost center not found' }]);
    const [row] = (await app.sequelize.query('SELECT allocated_amount FROM budgets WHERE id = $1', {
      bind: [foreign.id],
    })) as [{ allocated_amount: string }[], unknown];
    expect(row[0]!.allocated_amount).toBe('100000.00');
  });
});

describe('budget policy setting', () => {
  it('is require_finance by default and changes with org.settings', async () => {
    const world = await buildWorld();
    const read = await as(world, world.finance, 'GET', '/budgets/policy', 'getBudgetPolicy');
    expect(body(read)).toEqual({ budget_policy: 'require_finance' });
    const put = await as(world, world.admin, 'PUT', '/budgets/policy', 'updateBudgetPolicy', {
      budget_policy: 'block',
    });
    expect(body(put)).toEqual({ budget_policy: 'block' });
    const organizations = await as(world, world.admin, 'GET', '/organizations', 'listOrganizations');
    const mine = body(organizations).organizations.find(
      (o: { id: string }) => o.id === world.organization.id,
    );
    expect(mine.settings.budget_policy).toBe('block');
    const bad = await as(world, world.admin, 'PUT', '/budgets/policy', 'updateBudgetPolicy', {
      budget_policy: 'ignore',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the migration gives existing organisations require_finance and keeps a chosen policy', async () => {
    const admin = inject('pgAdminUrl');
    const name = await createDatabase('budget_migration', admin);
    const sequelize = createSequelize(databaseUrlFor(name, admin), { poolMax: 2 });
    try {
      await migrateUp(sequelize);
      await migrateDown(sequelize, { to: '2026.11.25T10.10.00.budget-policy' });
      await sequelize.query(
        `INSERT INTO organizations (name, code, settings) VALUES
           ('Old', 'OLD', '{"approval_policy": {"auto_approve_below": 0, "levels": []}}'),
           ('Chosen', 'CHOSEN', '{"approval_policy": {"auto_approve_below": 0, "levels": []}, "budget_policy": "block"}')`,
      );
      await migrateUp(sequelize);
      const [rows] = (await sequelize.query(
        `SELECT code, settings ->> 'budget_policy' AS policy FROM organizations ORDER BY code`,
      )) as [{ code: string; policy: string }[], unknown];
      expect(rows).toEqual([
        { code: 'CHOSEN', policy: 'block' },
        { code: 'OLD', policy: 'require_finance' },
      ]);
      await migrateDown(sequelize, { to: '2026.11.25T10.10.00.budget-policy' });
      const [after] = (await sequelize.query(
        `SELECT count(*)::int AS n FROM organizations WHERE settings ? 'budget_policy'`,
      )) as [{ n: number }[], unknown];
      expect(after[0]!.n).toBe(0);
    } finally {
      await sequelize.close();
      await dropDatabase(name, admin);
    }
  });
});
