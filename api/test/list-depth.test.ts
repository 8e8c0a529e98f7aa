import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '../src/features/paging.js';
import { ANCHOR_FROM_OFFSET } from '../src/features/requisitions/requisition-list.js';
import { PROBE_ROWS } from '../src/features/requisitions/requisition-search.js';
import { LARGE_SET_STEPS, manyStepsCountSql } from '../src/features/requisitions/requisition-visible.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
} from './factories.js';
import { body, useTestApp } from './support/test-app.js';

/**
 * The requisition list where its plans change with depth and with the term (issue 12): a far page of
 * everything found from the day counters, and a search term read newest first when it is common and
 * from the trigram index when it is rare. Every page is compared with the same rows read plainly
 * (ORDER BY … OFFSET over `search_text ILIKE`).
 */

const app = useTestApp();

const ROWS = 1250;

/**
 * An organisation with {@link ROWS} requisitions, newest first by `g`, two per timestamp, 137 minutes
 * apart (four months): every third mentions "consumables", the even ones past 1,100 (all older than
 * the newest {@link PROBE_ROWS}) "Archived widget", and each has the number REQ-2026-9nnnnn.
 */
async function buildWorld(options: { oldRow?: boolean } = {}) {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName: 'Admin' });
  const template = await buildRequisition(app.models, {
    organization,
    requestor: user,
    costCenter,
    glAccount,
  });
  const columns = (
    await app.sequelize.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'requisitions' AND table_schema = current_schema() AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'requisition_number', 'justification', 'created_at', 'search_text')`,
      { type: QueryTypes.SELECT },
    )
  ).map((row) => `"${row.column_name}"`);
  await app.sequelize.query(
    `INSERT INTO requisitions (id, requisition_number, justification, created_at, ${columns.join(', ')})
     SELECT gen_random_uuid(), 'REQ-2026-9' || lpad(g::text, 5, '0'),
            CASE WHEN g % 3 = 0 THEN 'Cleaning consumables, batch ' || g
                 WHEN g > 1100 AND g % 2 = 0 THEN 'Archived widget ' || g
                 ELSE 'Stationery ' || g END,
            timestamptz '2026-03-01 09:30:00.123456+00' - (g / 2) * interval '137 minutes',
            ${columns.map((column) => `t.${column}`).join(', ')}
       FROM requisitions t, generate_series(1, ${ROWS}) g WHERE t.id = :template`,
    { replacements: { template: template.id } },
  );
  // The factory's own row, out of the way: older than all of them (or by 26 years, empty months between).
  await app.sequelize.query('UPDATE requisitions SET created_at = :at WHERE id = :id', {
    replacements: { at: options.oldRow ? '1999-12-31T23:59:59Z' : '2025-01-01T00:00:00Z', id: template.id },
  });
  const token = await accessTokenFor(app.server, user);
  const get = async (query: string) => {
    const response = await call(app.server, 'GET', `/api/requisitions?${query}`, {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'listRequisitions');
    return body(response) as {
      requisitions: { id: string }[];
      pagination: { total: number; total_capped: boolean; cursor?: string };
    };
  };
  /** The ids a plain read answers: matching `pattern` (or all), newest first. */
  const expected = async (pattern: string | null) =>
    (
      await app.sequelize.query<{ id: string }>(
        `SELECT id FROM requisitions WHERE organization_id = :org ${pattern ? 'AND search_text ILIKE :pattern' : ''}
          ORDER BY created_at DESC, id DESC`,
        { type: QueryTypes.SELECT, replacements: { org: organization.id, pattern } },
      )
    ).map((row) => row.id);
  return { organization, get, expected, user };
}

const ids = (page: { requisitions: { id: string }[] }) => page.requisitions.map((r) => r.id);

describe('requisition list at depth', () => {
  it('answers a far page of everything as an OFFSET would, from the day counters', async () => {
    expect(ANCHOR_FROM_OFFSET).toBeLessThan(ROWS - 20);
    const world = await buildWorld();
    const all = await world.expected(null);
    expect(all).toHaveLength(ROWS + 1);
    for (const offset of [
      ANCHOR_FROM_OFFSET - 1,
      ANCHOR_FROM_OFFSET,
      1001,
      1037,
      1100,
      1242,
      ROWS,
      ROWS + 5,
    ]) {
      const page = await world.get(`offset=${offset}&limit=10`);
      expect(ids(page), `offset ${offset}`).toEqual(all.slice(offset, offset + 10));
      expect(page.pagination).toMatchObject({ total: ROWS + 1, total_capped: false });
    }
    expect(ids(await world.get('offset=1111&limit=100'))).toEqual(all.slice(1111, 1211));
    // A row 26 years older than the others: the months between count nothing.
    const old = await buildWorld({ oldRow: true });
    const oldAll = await old.expected(null);
    for (const offset of [1000, 1250, 1251]) {
      expect(ids(await old.get(`offset=${offset}&limit=10`))).toEqual(oldAll.slice(offset, offset + 10));
    }
    await expectCountersExact(app.sequelize);
  });

  it('reads a common term newest first and a rare one from the index, with the same rows as a plain read', async () => {
    const world = await buildWorld();
    const common = await world.expected('%consumables%');
    expect(common.length).toBeGreaterThan(SEARCH_COUNT_CAP + 1);
    // Common among the newest rows: "100+", every page the plain read's, by offset and by cursor.
    let cursor: string | undefined;
    for (const offset of [0, 10, 20, 90, 100, 110, 400]) {
      const page = await world.get(`search=CONSUMABLES&offset=${offset}&limit=10`);
      expect(ids(page), `offset ${offset}`).toEqual(common.slice(offset, offset + 10));
      expect(page.pagination).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
      if (offset === 90) cursor = page.pagination.cursor;
    }
    const next = await world.get(`search=CONSUMABLES&offset=100&limit=10&cursor=${cursor}`);
    expect(ids(next)).toEqual(common.slice(100, 110));
    // Only among the oldest rows: the probe finds none, the index finds all 50.
    const archived = await world.expected('%archived widget%');
    expect(archived).toHaveLength(50);
    const first = await world.get('search=archived%20widget&limit=10');
    expect(ids(first)).toEqual(archived.slice(0, 10));
    expect(first.pagination).toMatchObject({ total: 50, total_capped: false });
    expect(ids(await world.get(`search=archived%20widget&limit=10&offset=40`))).toEqual(archived.slice(40));
    // A number, a part of one, and a term with no match.
    const number = await world.expected('%REQ-2026-900500%');
    expect(number).toHaveLength(1);
    expect(ids(await world.get('search=req-2026-900500'))).toEqual(number);
    const part = await world.expected('%90050%');
    expect(ids(await world.get('search=90050&limit=20'))).toEqual(part);
    expect((await world.get('search=90050')).pagination).toMatchObject({
      total: part.length,
      total_capped: false,
    });
    const none = await world.get('search=nowhere%20to%20be%20found');
    expect(none.requisitions).toEqual([]);
    expect(none.pagination).toMatchObject({ total: 0, total_capped: false });
    // With another filter (every row is approved), a term of two letters, and LIKE's wildcards.
    expect(ids(await world.get('search=consumables&status=approved&offset=10'))).toEqual(
      common.slice(10, 20),
    );
    // Two statuses (no index answers them in the list's order: the probe sorts their ids first).
    expect(ids(await world.get('search=Consumables&status=approved&status=rejected&offset=10'))).toEqual(
      common.slice(10, 20),
    );
    expect(ids(await world.get('search=on&limit=10'))).toEqual((await world.expected('%on%')).slice(0, 10));
    expect(ids(await world.get('search=%25_&limit=10'))).toEqual([]);
  });

  it("pages a manager's list with thousands of steps newest first, as a plain read of their set", async () => {
    const world = await buildWorld();
    const manager = await buildUser(app.models);
    await buildMembership(app.models, {
      user: manager,
      organization: world.organization,
      roleName: 'Manager',
    });
    // Two decided levels on 1,030 requisitions: 2,060 step rows, past LARGE_SET_STEPS.
    await app.sequelize.query(
      `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id,
                                   actioned_by_id, action, actioned_at)
       SELECT r.organization_id, r.id, l, 'Manager', :manager, :manager, 'approve', now()
         FROM (SELECT id, organization_id FROM requisitions WHERE organization_id = :org
                ORDER BY requisition_number LIMIT 1030) r, generate_series(1, 2) l`,
      { replacements: { manager: manager.id, org: world.organization.id } },
    );
    expect(LARGE_SET_STEPS).toBeLessThan(2060);
    const visible = (
      await app.sequelize.query<{ id: string }>(
        `SELECT r.id FROM requisitions r WHERE r.organization_id = :org
            AND EXISTS (SELECT 1 FROM approval_steps s WHERE s.requisition_id = r.id AND s.actioned_by_id = :manager)
          ORDER BY r.created_at DESC, r.id DESC`,
        { type: QueryTypes.SELECT, replacements: { org: world.organization.id, manager: manager.id } },
      )
    ).map((row) => row.id);
    expect(visible).toHaveLength(1030);
    const token = await accessTokenFor(app.server, manager);
    const page = async (query: string) => {
      const response = await call(app.server, 'GET', `/api/requisitions?${query}`, {
        token,
        organizationId: world.organization.id,
      });
      expect(response.statusCode, response.payload).toBe(200);
      expectContract(response, 'listRequisitions');
      return body(response) as { requisitions: { id: string }[]; pagination: { total: number } };
    };
    for (const offset of [0, 10, 1020]) {
      const answer = await page(`offset=${offset}&limit=10`);
      expect(ids(answer), `offset ${offset}`).toEqual(visible.slice(offset, offset + 10));
      expect(answer.pagination).toMatchObject({ total: 1030, total_capped: false });
    }
    // The count for a caller with many steps: past a cap one kind of step alone exceeds, it stops
    // there (from the steps' index); under it, it is exact.
    const countUpTo = async (cap: number) =>
      Number(
        (
          await app.sequelize.query<{ n: string }>(`SELECT (${manyStepsCountSql('$2', '$3', cap)}) AS n`, {
            type: QueryTypes.SELECT,
            bind: [world.organization.id, manager.id, 'Manager'],
          })
        )[0]!.n,
      );
    expect(await countUpTo(100)).toBe(101);
    expect(await countUpTo(1029)).toBe(1030);
    expect(await countUpTo(1030)).toBe(1030);
    expect(await countUpTo(10_000)).toBe(1030);

    // Their decisions searched: a term with few matches (from the index), one with more than the index
    // path sorts ("e", in every row: tested on each decision), and a number.
    const decided = async (pattern: string) =>
      (
        await app.sequelize.query<{ id: string }>(
          `SELECT s.id FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
            WHERE s.actioned_by_id = :manager AND r.search_text ILIKE :pattern
            ORDER BY s.actioned_at DESC, s.id DESC`,
          { type: QueryTypes.SELECT, replacements: { manager: manager.id, pattern } },
        )
      ).map((row) => row.id);
    const number = (
      await app.sequelize.query<{ requisition_number: string }>(
        `SELECT r.requisition_number FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
          WHERE s.actioned_by_id = :manager ORDER BY r.requisition_number LIMIT 1 OFFSET 500`,
        { type: QueryTypes.SELECT, replacements: { manager: manager.id } },
      )
    )[0]!.requisition_number;
    for (const [term, pattern] of [
      ['consumables', '%consumables%'],
      ['e', '%e%'],
      [number.toLowerCase(), `%${number}%`],
    ] as const) {
      const expected = await decided(pattern);
      expect(expected.length, term).toBeGreaterThan(0);
      for (const offset of [0, 20]) {
        const response = await call(
          app.server,
          'GET',
          `/api/approvals/pending?status=Completed&search=${term}&limit=20&offset=${offset}`,
          { token, organizationId: world.organization.id },
        );
        expect(response.statusCode, response.payload).toBe(200);
        expectContract(response, 'listPendingApprovals');
        const answer = body(response) as { pending_approvals: { id: string }[]; pagination: object };
        expect(
          answer.pending_approvals.map((step) => step.id),
          `${term} at ${offset}`,
        ).toEqual(expected.slice(offset, offset + 20));
        expect(answer.pagination, term).toMatchObject(
          expected.length > SEARCH_COUNT_CAP
            ? { total: SEARCH_COUNT_CAP, total_capped: true }
            : { total: expected.length, total_capped: false },
        );
      }
    }
  });
});
