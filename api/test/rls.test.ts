import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bypassesRowSecurity } from '../src/db/app-role.js';
import {
  CHILD_TABLES,
  ORGANIZATION_TABLES,
} from '../src/db/migrations/2026.11.24T23.30.00.row-level-security.js';
import { COUNTER_TABLES } from '../src/db/migrations/2026.11.25T01.00.00.counters-and-seek-indexes.js';
import { IDEMPOTENCY_TABLES } from '../src/db/migrations/2026.11.25T10.00.00.idempotency-keys.js';
import { CURRENCY_TABLES } from '../src/db/migrations/2026.11.25T10.30.00.currency.js';
import { HISTORY_CHAIN_TABLES } from '../src/db/migrations/2026.11.27T10.20.00.history-chain.js';
import { RECEIPT_TABLES } from '../src/db/migrations/2026.11.27T10.30.00.purchase-order-receipts.js';
import { PRODUCT_TABLES } from '../src/db/migrations/2026.11.27T10.40.00.product-catalogue.js';
import { WEBHOOK_TABLES } from '../src/db/migrations/2026.11.27T13.20.00.webhooks.js';
import { ABSENCE_TABLES } from '../src/db/migrations/2026.11.27T13.40.00.user-absences.js';
import { EMAIL_DECISION_TABLES } from '../src/db/migrations/2026.11.27T13.50.00.email-decision-tokens.js';
import { NOTIFICATION_TABLES } from '../src/db/migrations/2026.11.27T18.20.00.notifications.js';
import { APPROVAL_POLICY_TABLES } from '../src/db/migrations/2026.11.27T18.40.00.approval-policy-versions.js';
import { CYCLE_TIME_TABLES } from '../src/db/migrations/2026.11.28T09.10.00.cycle-time-histogram.js';
import { PACKED_CYCLE_TABLES } from '../src/db/migrations/2026.11.29T01.10.00.cycle-time-packed-months.js';
import type { Organization, User } from '../src/db/models/index.js';
import { createSequelize } from '../src/db/sequelize.js';
import { acrossOrganizations, inOrganization, tenantContextStats } from '../src/db/tenant-context.js';
import { usePreparedStatements } from '../src/db-query.js';
import { NotFound } from '../src/domain/errors.js';
import { resolveScope } from '../src/features/organizations/scope.service.js';
import { listPurchaseOrders } from '../src/features/purchase-orders/purchase-order-list.js';
import { getPurchaseOrder } from '../src/features/purchase-orders/purchase-orders.service.js';
import { listRequisitions } from '../src/features/requisitions/requisition-list.js';
import { type Actor, getRequisition } from '../src/features/requisitions/requisitions.service.js';
import { getMember, listMembers } from '../src/features/users/users.service.js';
import type { Db } from '../src/http/context.js';
import { accessTokenFor, call, createTestApp } from './app.js';
import { testAppDatabaseUrl } from './database.js';
import {
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
  uniqueSuffix,
} from './factories.js';

/**
 * Row-level security, the second line behind the services' own organisation filters (issue 11,
 * docs/adr/004-row-level-security.md). The services' real list and detail SQL runs with every
 * `<alias>.organization_id = $n` condition rewritten to one always true; connected as the plain role
 * `purchasing_app` with organisation A current, not one row of organisation B comes back.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

const FILTER = /\b(?:\w+\.)?organization_id = (\$\d+)/g;

/**
 * `sequelize` whose queries have the application's organisation filter removed (every
 * `organization_id = $n` replaced by a condition always true), counting the conditions removed.
 */
function withoutOrganizationFilter(sequelize: Sequelize): { db: Db; removed: () => number } {
  let removed = 0;
  const proxy = new Proxy(sequelize, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (sql: string, options?: object) => {
          // `$n::uuid IS NOT NULL` is true (the id is given) and keeps the parameter's type known.
          const stripped = sql.replace(FILTER, (_match, parameter: string) => {
            removed += 1;
            return `${parameter}::uuid IS NOT NULL`;
          });
          return target.query(stripped, options);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: { sequelize: proxy }, removed: () => removed };
}

interface Tenant {
  organization: Organization;
  admin: User;
  actor: Actor;
  token: string;
  requisitionIds: string[];
  orderId: string;
  onlyMember: User;
}

let a: Tenant;
let b: Tenant;
let shared: User;
const overlap = `Overlap ${uniqueSuffix()}`;

/** An organisation with the same content as the other: same vendor name, same justification, a shared member. */
async function buildTenant(): Promise<Tenant> {
  const organization = await buildOrganization(app.models, { address: '1 Same Street' });
  const admin = await buildUser(app.models);
  await buildMembership(app.models, { user: admin, organization, roleName: 'Super Admin' });
  await buildMembership(app.models, { user: shared, organization, roleName: 'User' });
  const onlyMember = await buildUser(app.models, { last_name: overlap });
  await buildMembership(app.models, { user: onlyMember, organization, roleName: 'User' });
  const vendor = await buildVendor(app.models, organization, { name: overlap });
  const requisitionIds: string[] = [];
  for (const requestor of [admin, shared, onlyMember]) {
    const requisition = await buildRequisition(app.models, {
      organization,
      requestor,
      overrides: { justification: overlap },
    });
    requisitionIds.push(requisition.id);
  }
  const token = await accessTokenFor(app.server, admin);
  const response = await call(app.server, 'POST', '/api/purchase-orders', {
    token,
    organizationId: organization.id,
    payload: {
      requisition_id: requisitionIds[0],
      vendor_id: vendor.id,
      payment_terms: 'Net 30',
      delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(response.statusCode, response.payload).toBe(201);
  const scope = await resolveScope({ sequelize: app.sequelize }, admin.id, organization.id);
  expect(scope?.permissions.has('requisition.view_all')).toBe(true);
  return {
    organization,
    admin,
    actor: { userId: admin.id, scope: scope! },
    token,
    requisitionIds,
    orderId: body(response).purchase_order.id,
    onlyMember,
  };
}

beforeAll(async () => {
  // The filters are removed from the SQL on its way through Sequelize's `query`: this file's
  // statements take that path, not the driver's prepared statements (api/src/db-query.ts, whose own
  // tenant setting api/test/db-query.test.ts checks).
  usePreparedStatements(false);
  // Always as the plain role, whatever TEST_DB_ROLE says: a superuser would skip every policy.
  app = await createTestApp({}, { databaseUrl: testAppDatabaseUrl() });
  shared = await buildUser(app.models, { last_name: overlap });
  a = await buildTenant();
  b = await buildTenant();
});
afterAll(async () => {
  await app.close();
});

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('row-level security', () => {
  it('applies to the role the API tests connect as: no superuser, no BYPASSRLS, not the owner', async () => {
    expect(await bypassesRowSecurity(app.sequelize)).toBe(false);
    const owners = await app.sequelize.query<{ owned: number }>(
      `SELECT count(*)::int AS owned FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`,
      { type: QueryTypes.SELECT },
    );
    expect(owners[0]!.owned).toBe(0);
  });

  it('is enabled and forced on every table with organization_id and on their child tables', async () => {
    const rows = await app.sequelize.query<{
      relname: string;
      relrowsecurity: boolean;
      relforcerowsecurity: boolean;
    }>(
      `SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
      { type: QueryTypes.SELECT },
    );
    const secured = rows
      .filter((row) => row.relrowsecurity && row.relforcerowsecurity)
      .map((row) => row.relname);
    const withColumn = await app.sequelize.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'organization_id'`,
      { type: QueryTypes.SELECT },
    );
    // A table added later with organization_id and no policy fails here.
    for (const { table_name } of withColumn) expect(secured).toContain(table_name);
    expect(secured.sort()).toEqual(
      [
        'organizations',
        ...ORGANIZATION_TABLES,
        ...COUNTER_TABLES,
        ...CURRENCY_TABLES,
        ...PRODUCT_TABLES,
        ...ABSENCE_TABLES,
        ...RECEIPT_TABLES,
        ...WEBHOOK_TABLES,
        ...IDEMPOTENCY_TABLES,
        ...HISTORY_CHAIN_TABLES,
        ...EMAIL_DECISION_TABLES,
        ...NOTIFICATION_TABLES,
        ...APPROVAL_POLICY_TABLES,
        ...CYCLE_TIME_TABLES,
        ...PACKED_CYCLE_TABLES,
        ...CHILD_TABLES.map((child) => child.table),
      ].sort(),
    );
  });

  it('the requisition list without its organisation filter: all of B outside an organisation, none with A current', async () => {
    const { db, removed } = withoutOrganizationFilter(app.sequelize);
    const filter = { limit: 100, search: overlap };
    // Control: the rewritten SQL really spans organisations when no organisation is set.
    const open = await listRequisitions(db, a.actor, filter);
    expect(ids(open.requisitions)).toEqual(
      expect.arrayContaining([...a.requisitionIds, ...b.requisitionIds]),
    );
    expect(removed()).toBeGreaterThan(0);

    const before = removed();
    const scoped = await listRequisitions(inOrganization(db, a.organization.id), a.actor, filter);
    expect(removed()).toBeGreaterThan(before);
    expect(ids(scoped.requisitions).sort()).toEqual([...a.requisitionIds].sort());
    expect(scoped.pagination.total).toBe(3);
    expect(ids(scoped.requisitions).filter((id) => b.requisitionIds.includes(id))).toEqual([]);
  });

  it('the requisition detail without its organisation filter: B is not found with A current', async () => {
    const { db, removed } = withoutOrganizationFilter(app.sequelize);
    const foreign = b.requisitionIds[1]!;
    expect((await getRequisition(db, a.actor, foreign)).id).toBe(foreign); // control
    await expect(
      getRequisition(inOrganization(db, a.organization.id), a.actor, foreign),
    ).rejects.toBeInstanceOf(NotFound);
    const own = await getRequisition(inOrganization(db, a.organization.id), a.actor, a.requisitionIds[1]!);
    expect(own.line_items).toHaveLength(1);
    expect(removed()).toBeGreaterThanOrEqual(3);
  });

  it('the purchase-order list and detail without their organisation filter: none of B with A current', async () => {
    const { db, removed } = withoutOrganizationFilter(app.sequelize);
    const open = await listPurchaseOrders(db, a.actor, { limit: 100 });
    expect(ids(open.data)).toEqual(expect.arrayContaining([a.orderId, b.orderId])); // control
    const scoped = await listPurchaseOrders(inOrganization(db, a.organization.id), a.actor, { limit: 100 });
    expect(ids(scoped.data)).toEqual([a.orderId]);
    expect(scoped.pagination.total).toBe(1);
    await expect(
      getPurchaseOrder(inOrganization(db, a.organization.id), a.actor, b.orderId),
    ).rejects.toBeInstanceOf(NotFound);
    const own = await getPurchaseOrder(inOrganization(db, a.organization.id), a.actor, a.orderId);
    expect(own.po_line_items).toHaveLength(1);
    expect(removed()).toBeGreaterThan(0);
  });

  it('the users list without its organisation filter: A members only, the shared user with A membership only', async () => {
    const { db, removed } = withoutOrganizationFilter(app.sequelize);
    const open = await listMembers(db, { ...a.actor, linkBase: 'http://localhost' });
    expect(ids(open)).toEqual(expect.arrayContaining([b.admin.id, b.onlyMember.id])); // control
    const scoped = await listMembers(inOrganization(db, a.organization.id), {
      ...a.actor,
      linkBase: 'http://localhost',
    });
    expect(ids(scoped).sort()).toEqual([a.admin.id, shared.id, a.onlyMember.id].sort());
    for (const member of scoped) {
      expect(member.user_organizations.map((m) => m.organization.id)).toEqual([a.organization.id]);
      for (const permission of member.user_organizations[0]!.role.permissions)
        expect(permission.id).toBeTruthy();
    }
    await expect(
      getMember(
        inOrganization(db, a.organization.id),
        { ...a.actor, linkBase: 'http://localhost' },
        b.onlyMember.id,
      ),
    ).rejects.toBeInstanceOf(NotFound);
    expect(removed()).toBeGreaterThan(0);
  });

  it('refuses writes of B rows while A is current (WITH CHECK), and finds none of them to change', async () => {
    const run = (sql: string, bind: unknown[]) =>
      inOrganization(app, a.organization.id).sequelize.query(sql, { bind, type: QueryTypes.RAW });
    const [costCenter] = await app.sequelize.query<{ id: string }>(
      'SELECT cost_center_id AS id FROM requisitions WHERE id = $1',
      { bind: [b.requisitionIds[0]], type: QueryTypes.SELECT },
    );
    await expect(
      run(`INSERT INTO cost_centers (organization_id, code, name) VALUES ($1, $2, 'Planted')`, [
        b.organization.id,
        `P${uniqueSuffix()}`,
      ]),
    ).rejects.toThrow(/row-level security/);
    // Moving an own row into B is refused too.
    await expect(
      run('UPDATE vendors SET organization_id = $1 WHERE organization_id = $2', [
        b.organization.id,
        a.organization.id,
      ]),
    ).rejects.toThrow(/row-level security/);
    await expect(
      run(
        `INSERT INTO requisition_line_items (requisition_id, position, description, quantity, unit_price,
                                             unit_of_measure, currency, tax_amount, total_amount)
         VALUES ($1, 9, 'Planted', 1, 1, 'each', 'AUD', 0, 1)`,
        [b.requisitionIds[0]],
      ),
      // The line takes its organisation from its parent, which A cannot see.
    ).rejects.toThrow(/row-level security|null value in column "organization_id"/);
    const [, updated] = (await run(`UPDATE requisitions SET justification = 'Changed by A' WHERE id = $1`, [
      b.requisitionIds[0],
    ])) as [unknown, { rowCount: number }];
    expect(updated.rowCount).toBe(0);
    const [, deleted] = (await run('DELETE FROM requisition_line_items WHERE requisition_id = $1', [
      b.requisitionIds[0],
    ])) as [unknown, { rowCount: number }];
    expect(deleted.rowCount).toBe(0);
    expect(costCenter).toBeDefined();
    const after = await app.models.Requisition.findByPk(b.requisitionIds[0]);
    expect(after?.justification).toBe(overlap);
    expect(
      await app.models.RequisitionLineItem.count({ where: { requisition_id: b.requisitionIds[0]! } }),
    ).toBe(1);
  });

  it('spans organisations where nothing is set: sign-in and /auth/me of a member of both', async () => {
    const token = await accessTokenFor(app.server, shared);
    const me = await call(app.server, 'GET', '/api/auth/me', { token });
    expect(me.statusCode, me.payload).toBe(200);
    const organizations = JSON.stringify(body(me));
    expect(organizations).toContain(a.organization.id);
    expect(organizations).toContain(b.organization.id);
    // Through the API, each organisation's list shows its own rows only.
    const list = await call(
      app.server,
      'GET',
      `/api/requisitions?limit=100&search=${encodeURIComponent(overlap)}`,
      {
        token: b.token,
        organizationId: b.organization.id,
      },
    );
    expect(ids(body(list).requisitions).sort()).toEqual([...b.requisitionIds].sort());
  });

  it('never carries an organisation from one pooled connection holder to the next', async () => {
    const sequelize = createSequelize(testAppDatabaseUrl(), { poolMax: 3 });
    try {
      const visible = async (handle: typeof sequelize) => {
        const rows = await handle.query<{ organization_id: string; setting: string }>(
          `SELECT DISTINCT organization_id, current_setting('app.organization_id') AS setting
             FROM requisitions WHERE justification = $1`,
          { bind: [overlap], type: QueryTypes.SELECT },
        );
        return rows;
      };
      // 60 interleaved holders of 3 connections, in A, in B and in neither, single queries and transactions.
      const runs = Array.from({ length: 60 }, async (_, i) => {
        const tenant = [a, b, null][i % 3];
        const work = (handle: typeof sequelize) =>
          i % 2 === 0
            ? visible(handle)
            : handle.transaction((transaction) =>
                handle.query<{ organization_id: string; setting: string }>(
                  `SELECT DISTINCT organization_id, current_setting('app.organization_id') AS setting
               FROM requisitions WHERE justification = $1`,
                  { bind: [overlap], type: QueryTypes.SELECT, transaction },
                ),
              );
        const rows = await work(
          tenant ? inOrganization({ sequelize }, tenant.organization.id).sequelize : sequelize,
        );
        return { tenant, rows };
      });
      for (const { tenant, rows } of await Promise.all(runs)) {
        if (tenant) {
          expect(rows).toEqual([
            { organization_id: tenant.organization.id, setting: tenant.organization.id },
          ]);
        } else {
          expect(rows.map((row) => row.setting)).toEqual(['', '']);
          expect(rows.map((row) => row.organization_id).sort()).toEqual(
            [a.organization.id, b.organization.id].sort(),
          );
        }
      }
    } finally {
      await sequelize.close();
    }
  });

  it('lets a deliberate cross-organisation query through inside a transaction, and only it', async () => {
    const count = (transaction: Transaction) =>
      app.sequelize.query<{ n: number }>(
        'SELECT count(DISTINCT organization_id)::int AS n FROM requisitions WHERE justification = $1',
        { bind: [overlap], type: QueryTypes.SELECT, transaction },
      );
    const scoped = inOrganization(app, a.organization.id).sequelize;
    const seen = await scoped.transaction(async (transaction) => {
      const before = await count(transaction);
      const across = await acrossOrganizations(app.sequelize, transaction, () => count(transaction));
      const after = await count(transaction);
      return [before, across, after].map((rows) => rows[0]!.n);
    });
    expect(seen).toEqual([1, 2, 1]);
  });

  it('keeps one organisation on the connections through a scoped request: no switch once warm', async () => {
    const list = () =>
      call(app.server, 'GET', '/api/requisitions?limit=10', {
        token: a.token,
        organizationId: a.organization.id,
      });
    // Warm every pooled connection with organisation A (rounds of parallel calls, so that each of
    // the pool's connections, whichever the earlier tests left idle, serves organisation A once).
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 10 }, list));
    const before = tenantContextStats.switches;
    for (let i = 0; i < 5; i++) expect((await list()).statusCode).toBe(200);
    expect(tenantContextStats.switches - before).toBe(0);
  });
});
