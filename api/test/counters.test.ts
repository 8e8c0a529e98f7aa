import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { inOrganization } from '../src/db/tenant-context.js';
import { fiscalYearOf } from '../src/domain/fiscal-year.js';
import {
  budgetFigures,
  budgetFiguresByScan,
  budgetFiguresOfCostCenters,
} from '../src/features/budgets/budget-figures.js';
import { textMatch } from '../src/features/requisitions/requisition-search.js';
import { call, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import { buildBudget, buildCostCenter, buildMembership, buildRequisition } from './factories.js';
import { buildOrganizationWorld } from './support/approval-world.js';
import { body, useTestApp } from './support/test-app.js';

const app = useTestApp();

async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const manager = await world.member('Manager');
  const admin = await world.member('Admin');
  const requestors = await Promise.all(
    Array.from({ length: 5 }, () => world.member('User', { manager: manager.user })),
  );
  return { ...world, manager, admin, requestors };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

const get = (world: World, token: string, url: string) =>
  call(app.server, 'GET', `/api${url}`, { token, organizationId: world.organization.id });

describe('maintained counters', () => {
  it('stay exact under 25 concurrent creates and submits, and the list and queue totals follow', async () => {
    const world = await buildWorld();
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => {
        const as = world.requestors[i % world.requestors.length]!;
        return call(app.server, 'POST', '/api/requisitions', {
          token: as.token,
          organizationId: world.organization.id,
          payload: {
            cost_center_id: world.costCenter.id,
            gl_account_id: world.glAccount.id,
            justification: `Concurrent ${i}`,
            line_items: [{ description: 'Chair', quantity: 1, unit_price: 10 + i, unit_of_measure: 'each' }],
            submit: i % 2 === 0,
          },
        });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(25).fill(201));
    const list = await get(world, world.admin.token, '/requisitions');
    expectContract(list, 'listRequisitions');
    expect(body(list).pagination).toMatchObject({ total: 25, total_capped: false });
    const underReview = await get(world, world.admin.token, '/requisitions?status=under_review');
    expect(body(underReview).pagination.total).toBe(13);
    const queue = await get(world, world.manager.token, '/approvals/pending');
    expectContract(queue, 'listPendingApprovals');
    expect(body(queue).pagination).toMatchObject({ total: 13, total_capped: false });
    // Approvals from the queue, in parallel: each leaves the queue and the counters exact.
    const ids = (body(queue).pending_approvals as { requisition: { id: string } }[]).map(
      (p) => p.requisition.id,
    );
    const approved = await Promise.all(
      ids.map((id) =>
        call(app.server, 'POST', `/api/approvals/${id}/approve`, {
          token: world.manager.token,
          organizationId: world.organization.id,
          payload: { action: 'approve' },
        }),
      ),
    );
    expect(approved.map((r) => r.statusCode)).toEqual(Array(ids.length).fill(200));
    expect(body(await get(world, world.manager.token, '/approvals/pending')).pagination.total).toBe(3);
    expect(
      body(await get(world, world.manager.token, '/approvals/pending?status=Completed')).pagination.total,
    ).toBe(10);
    await expectCountersExact(app.sequelize);
  });

  it('folding delta rows keeps every sum', async () => {
    const world = await buildWorld();
    for (let i = 0; i < 40; i++) {
      await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.requestors[0]!.user,
        costCenter: world.costCenter,
        glAccount: world.glAccount,
        status: 'approved',
      });
    }
    const sums = () =>
      app.sequelize.query<{ key: string; n: string }>(
        'SELECT key, sum(n)::text AS n FROM counter_deltas WHERE organization_id = $1 GROUP BY key ORDER BY key',
        { bind: [world.organization.id], type: QueryTypes.SELECT },
      );
    // The triggers fold a key now and then (1 in 16 writes), so the last write may just have
    // folded 'req'; two zero deltas per key make sure there is something to fold.
    await app.sequelize.query(
      `INSERT INTO counter_deltas (organization_id, key, n)
         SELECT $1, key, 0 FROM (SELECT DISTINCT key FROM counter_deltas WHERE organization_id = $1) k,
                generate_series(1, 2)`,
      { bind: [world.organization.id] },
    );
    const before = await sums();
    const [{ rows }] = (await app.sequelize.query(
      'SELECT count(*)::int AS rows FROM counter_deltas WHERE organization_id = $1 AND key = $2',
      { bind: [world.organization.id, 'req'], type: QueryTypes.SELECT },
    )) as [{ rows: number }];
    expect(rows).toBeGreaterThan(1);
    await app.sequelize.query(
      `SELECT compact_counter($1, key) FROM (SELECT DISTINCT key FROM counter_deltas WHERE organization_id = $1) k`,
      { bind: [world.organization.id] },
    );
    expect(await sums()).toEqual(before);
    const [{ max }] = (await app.sequelize.query(
      'SELECT max(c)::int AS max FROM (SELECT count(*) AS c FROM counter_deltas WHERE organization_id = $1 GROUP BY key) x',
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    )) as [{ max: number }];
    expect(max).toBe(1);
  });

  it('give the list its exact total for one kind of filter: categories, cost centres, date ranges', async () => {
    const world = await buildWorld();
    const other = await buildCostCenter(app.models, world.organization);
    // Around two month ends and a year end, in UTC, some of them a millisecond from midnight.
    const times = [
      '2025-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-15T12:00:00.000Z',
      '2026-01-31T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-03-01T00:00:00.001Z',
      '2026-03-17T08:00:00.000Z',
      '2026-04-30T23:00:00.000Z',
    ];
    const categories = ['capital', 'freight', 'standard'] as const;
    for (const [i, at] of times.entries()) {
      await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.requestors[i % 5]!.user,
        costCenter: i % 2 ? other : world.costCenter,
        glAccount: world.glAccount,
        status: 'approved',
        overrides: { category: categories[i % 3]!, created_at: new Date(at) },
      });
    }
    const queries = [
      'category=capital',
      'category=capital&category=freight',
      `cost_center_id=${other.id}`,
      `cost_center_id=${other.id}&cost_center_id=${world.costCenter.id}`,
      'date_from=2026-01-01&date_to=2026-01-31',
      'date_from=2026-01-01&date_to=2026-02-28',
      'date_from=2025-12-31&date_to=2026-03-01',
      'date_from=2026-01-15&date_to=2026-03-16',
      'date_from=2026-02-01',
      'date_to=2026-01-31',
      'date_from=2026-03-02&date_to=2026-03-01',
      'date_from=1999-06-01&date_to=2026-02-01',
      // Two kinds at once: counted.
      'category=capital&date_from=2026-01-01',
    ];
    for (const query of queries) {
      const response = await get(world, world.admin.token, `/requisitions?${query}&limit=100`);
      expectContract(response, 'listRequisitions');
      const { requisitions, pagination } = body(response);
      expect(pagination, query).toMatchObject({ total: requisitions.length, total_capped: false });
    }
    expect(
      body(await get(world, world.admin.token, '/requisitions?date_from=2026-01-01&date_to=2026-01-31'))
        .pagination.total,
    ).toBe(3);
    // A page past the end has no rows to carry the total: it is read on its own, the same.
    for (const query of ['category=capital', 'category=capital&date_from=2026-01-01', '']) {
      const all = body(await get(world, world.admin.token, `/requisitions?${query}&limit=100`)).pagination;
      const past = body(await get(world, world.admin.token, `/requisitions?${query}&offset=100`));
      expect(past.requisitions, query).toEqual([]);
      expect(past.pagination, query).toMatchObject({ total: all.total, total_capped: false });
    }
    const queue = body(await get(world, world.manager.token, '/approvals/pending?offset=500')).pagination;
    expect(queue.total).toBe(
      body(await get(world, world.manager.token, '/approvals/pending')).pagination.total,
    );
    await expectCountersExact(app.sequelize);
  });

  it('budget figures from the counters equal the figures from the rows, for the organisation and a cost centre', async () => {
    const world = await buildWorld();
    const fiscalYear = fiscalYearOf(new Date(), 1);
    await buildBudget(app.models, world.costCenter, { fiscal_year: fiscalYear.year });
    for (const status of ['approved', 'po_created', 'approved', 'rejected'] as const) {
      await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.requestors[1]!.user,
        costCenter: world.costCenter,
        glAccount: world.glAccount,
        status,
      });
    }
    for (const costCenterId of [null, world.costCenter.id]) {
      const options = { organizationId: world.organization.id, fiscalYear, costCenterId };
      const counted = await budgetFigures(app, options);
      expect(counted).toEqual(await budgetFiguresByScan(app, options));
      expect(counted.committed).toBeGreaterThan(0);
    }
  });

  it("several cost centres' budget figures in one statement equal each one's own, and leave out a cost centre without a budget", async () => {
    const world = await buildWorld();
    const fiscalYear = fiscalYearOf(new Date(), 1);
    const second = await buildCostCenter(app.models, world.organization);
    const unbudgeted = await buildCostCenter(app.models, world.organization);
    await buildBudget(app.models, world.costCenter, {
      fiscal_year: fiscalYear.year,
      allocated_amount: '5000.00',
    });
    await buildBudget(app.models, second, { fiscal_year: fiscalYear.year, allocated_amount: '700.00' });
    for (const [costCenter, status] of [
      [world.costCenter, 'approved'],
      [world.costCenter, 'po_created'],
      [second, 'approved'],
      [unbudgeted, 'approved'],
    ] as const) {
      await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.requestors[1]!.user,
        costCenter,
        glAccount: world.glAccount,
        status,
      });
    }
    const ids = [world.costCenter.id, second.id, unbudgeted.id];
    const together = await budgetFiguresOfCostCenters(app, {
      organizationId: world.organization.id,
      fiscalYear,
      costCenterIds: ids,
    });
    expect([...together.keys()].sort()).toEqual([world.costCenter.id, second.id].sort());
    for (const costCenterId of [world.costCenter.id, second.id]) {
      const own = await budgetFigures(app, {
        organizationId: world.organization.id,
        fiscalYear,
        costCenterId,
      });
      expect(together.get(costCenterId)).toEqual(own);
      expect(own.committed).toBeGreaterThan(0);
    }
  });
});

describe('seek paging', () => {
  it('pages what a plain User sees (own requisitions, and those with their step) by cursor as by offset', async () => {
    const world = await buildWorld();
    const [me, other] = [world.requestors[0]!, world.requestors[1]!];
    const mine: string[] = [];
    for (let i = 0; i < 26; i++) {
      const requisition = await buildRequisition(app.models, {
        organization: world.organization,
        requestor: i % 2 ? me.user : other.user,
        costCenter: world.costCenter,
        glAccount: world.glAccount,
        overrides: { created_at: new Date(Date.UTC(2026, 1, 1 + Math.floor(i / 3), 0, 0, 0, 1)) },
      });
      const decided = (level: number) =>
        app.models.ApprovalStep.create({
          organization_id: world.organization.id,
          requisition_id: requisition.id,
          approval_level: level,
          level_title: 'Manager',
          approver_id: me.user.id,
          actioned_by_id: me.user.id,
          action: 'approve',
          actioned_at: new Date(),
        } as never);
      if (i % 2) {
        mine.push(requisition.id);
        // One of their own with a step of theirs too: still counted and shown once.
        if (i % 6 === 1) await decided(1);
      } else if (i % 4 === 0) {
        // Another's requisition with steps the User decided (two levels of some): visible to them too.
        await decided(1);
        if (i % 8 === 0) await decided(2);
        mine.push(requisition.id);
      }
    }
    const page = async (query: string) => {
      const response = await get(world, me.token, `/requisitions?limit=4${query}`);
      expectContract(response, 'listRequisitions');
      return body(response) as {
        requisitions: { id: string }[];
        pagination: { cursor?: string; total: number };
      };
    };
    const everything = (await get(world, world.admin.token, '/requisitions?limit=100')).payload;
    const expected = (JSON.parse(everything).requisitions as { id: string }[])
      .map((r) => r.id)
      .filter((id) => mine.includes(id));
    expect(expected).toHaveLength(mine.length);
    const byOffset: string[] = [];
    let cursor: string | undefined;
    for (let offset = 0; offset < mine.length; offset += 4) {
      const plain = await page(`&offset=${offset}`);
      expect(plain.pagination.total).toBe(mine.length);
      byOffset.push(...plain.requisitions.map((r) => r.id));
      const sought = await page(`&offset=${offset}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(sought.requisitions).toEqual(plain.requisitions);
      cursor = sought.pagination.cursor;
    }
    expect(byOffset).toEqual(expected);
  });

  it('reads every page the same by cursor as by offset, forwards and backwards', async () => {
    const world = await buildWorld();
    for (let i = 0; i < 23; i++) {
      await buildRequisition(app.models, {
        organization: world.organization,
        requestor: world.requestors[i % 3]!.user,
        costCenter: world.costCenter,
        glAccount: world.glAccount,
        status: i % 4 === 0 ? 'draft' : 'approved',
        // Two rows per timestamp: the id breaks the tie, and microseconds must survive the cursor.
        overrides: { created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2), 0, 0, 0, 1)) },
      });
    }
    const page = async (query: string) => {
      const response = await get(world, world.admin.token, `/requisitions?limit=5${query}`);
      expectContract(response, 'listRequisitions');
      expect(response.statusCode, response.payload).toBe(200);
      return body(response) as {
        requisitions: { id: string }[];
        pagination: { cursor?: string; total: number };
      };
    };
    const byOffset: string[][] = [];
    for (let offset = 0; offset < 25; offset += 5) {
      byOffset.push((await page(`&offset=${offset}`)).requisitions.map((r) => r.id));
    }
    expect(byOffset.flat()).toHaveLength(23);
    // Forwards with the previous page's cursor.
    let cursor = (await page('&offset=0')).pagination.cursor!;
    for (let offset = 5; offset < 25; offset += 5) {
      const next = await page(`&offset=${offset}&cursor=${cursor}`);
      expect(next.requisitions.map((r) => r.id)).toEqual(byOffset[offset / 5]);
      cursor = next.pagination.cursor!;
    }
    // Backwards from the last page, and a jump of two pages back.
    for (let offset = 15; offset >= 0; offset -= 5) {
      const previous = await page(`&offset=${offset}&cursor=${cursor}`);
      expect(previous.requisitions.map((r) => r.id)).toEqual(byOffset[offset / 5]);
      cursor = previous.pagination.cursor!;
    }
    const last = await page('&offset=20');
    expect((await page(`&offset=10&cursor=${last.pagination.cursor}`)).requisitions.map((r) => r.id)).toEqual(
      byOffset[2],
    );
    // A cursor of other filters is ignored (the offset still holds); a malformed one is refused.
    const drafts = await page('&status=draft&offset=0');
    expect(
      (await page(`&offset=5&cursor=${drafts.pagination.cursor}`)).requisitions.map((r) => r.id),
    ).toEqual(byOffset[1]);
    const bad = await get(world, world.admin.token, '/requisitions?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details).toEqual([{ field: 'cursor', message: expect.any(String) }]);
  });

  it('pages the approval queue by cursor as by offset', async () => {
    const world = await buildWorld();
    for (let i = 0; i < 12; i++) {
      const response = await call(app.server, 'POST', '/api/requisitions', {
        token: world.requestors[i % 5]!.token,
        organizationId: world.organization.id,
        payload: {
          cost_center_id: world.costCenter.id,
          gl_account_id: world.glAccount.id,
          line_items: [{ description: 'Desk', quantity: 1, unit_price: 50, unit_of_measure: 'each' }],
          submit: true,
        },
      });
      expect(response.statusCode, response.payload).toBe(201);
    }
    const page = async (query: string) => {
      const response = await get(world, world.manager.token, `/approvals/pending?limit=5${query}`);
      expectContract(response, 'listPendingApprovals');
      return body(response) as { pending_approvals: { id: string }[]; pagination: { cursor?: string } };
    };
    const first = await page('&offset=0');
    const second = await page('&offset=5');
    const third = await page('&offset=10');
    expect(third.pending_approvals).toHaveLength(2);
    expect((await page(`&offset=5&cursor=${first.pagination.cursor}`)).pending_approvals).toEqual(
      second.pending_approvals,
    );
    expect((await page(`&offset=10&cursor=${second.pagination.cursor}`)).pending_approvals).toEqual(
      third.pending_approvals,
    );
    expect((await page(`&offset=0&cursor=${third.pagination.cursor}`)).pending_approvals).toEqual(
      first.pending_approvals,
    );
  });
});

describe('search text', () => {
  it("follows a requestor's new name in every organisation, even when the change runs in one of them", async () => {
    const a = await buildWorld();
    const b = await buildWorld();
    const requestor = a.requestors[0]!;
    await buildMembership(app.models, {
      user: requestor.user,
      organization: b.organization,
      roleName: 'User',
    });
    const inB = await buildRequisition(app.models, {
      organization: b.organization,
      requestor: requestor.user,
      costCenter: b.costCenter,
      glAccount: b.glAccount,
    });
    const scoped = inOrganization(app, a.organization.id).sequelize;
    const after = await scoped.transaction(async (transaction) => {
      await scoped.query("UPDATE users SET first_name = 'Umaima' WHERE id = $1", {
        bind: [requestor.user.id],
        transaction,
      });
      // The rest of the transaction still runs in the organisation it was in.
      return scoped.query("SELECT current_setting('app.organization_id', true) AS org", {
        type: QueryTypes.SELECT,
        transaction,
      });
    });
    expect(after).toEqual([{ org: a.organization.id }]);
    const found = await get(b, b.admin.token, '/requisitions?search=umaima');
    expect(body(found).requisitions.map((r: { id: string }) => r.id)).toEqual([inB.id]);
  });

  it('is read through its trigram index by the application role, under row-level security', async () => {
    const world = await buildWorld();
    const scoped = inOrganization(app, world.organization.id).sequelize;
    const plan = await scoped.transaction(async (transaction) => {
      // Tiny test tables would be read whole anyway: ask which index the planner can use at all.
      await scoped.query('SET LOCAL enable_seqscan = off', { transaction });
      return scoped.query<{ 'QUERY PLAN': string }>(
        // The policy alone scopes the rows: the search condition is the only one an index could serve.
        // As the list tests a term (LIKE on the lower-case text): `textlike` must be LEAKPROOF.
        `EXPLAIN SELECT id FROM requisitions r WHERE ${textMatch('r.search_text', "'%UmaIma%'")}`,
        { type: QueryTypes.SELECT, transaction },
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('requisitions_search_text_trgm_idx');
  });
});
