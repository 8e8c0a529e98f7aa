import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportPeriod } from '../src/domain/report-period.js';
import { approvalCycleTimeRows, type CycleTimeGroup } from '../src/features/reports/approval-cycle-time.js';
import { runCycleFoldPass } from '../src/features/reports/cycle-fold-job.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
} from './factories.js';

/**
 * Approval cycle time from the maintained histogram (issue 16, item 4; migration
 * 2026.11.28T09.10.00): on decisions spread over six months, for whole and partial months read either
 * way, by level and by approver, the report equals the exact `percentile_cont(0.5)` and average over
 * the steps (the median within 1%, or 3 minutes below 5 h); the cells follow decisions taken,
 * cleared, re-timed and deleted.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await expectCycleCountsExact();
  // The tests below change steps with SQL: they must leave the maintained counters as exact as they
  // found them, since the files after this one share the worker's database and check them.
  await expectCountersExact(app.sequelize);
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

/**
 * Every organisation's cells, packed months (`approval_cycle_months`) and loose cells together,
 * against the cells recomputed from its steps (one snapshot).
 */
async function expectCycleCountsExact() {
  const rows = await app.sequelize.query(
    `WITH kept AS (
       SELECT organization_id, month, group_by, group_key, title, bucket, sum(n) AS n, sum(ms) AS ms
         FROM (SELECT organization_id, month, group_by, group_key, title, bucket, n, ms FROM approval_cycle_counts
               UNION ALL
               SELECT p.organization_id, p.month, p.group_by, p.group_key, p.title, u.bucket, u.n, u.ms
                 FROM approval_cycle_months p CROSS JOIN LATERAL unnest(p.buckets, p.n, p.ms) AS u(bucket, n, ms)) c
        GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(ms) <> 0),
     recomputed AS (
       SELECT c.organization_id, c.month, c.group_by, c.group_key, c.title, c.bucket, sum(c.n) AS n, sum(c.ms) AS ms
         FROM approval_steps s CROSS JOIN LATERAL approval_cycle_cells(s.organization_id, s.approval_level,
              s.level_title, s.actioned_by_id, s.action, s.created_at, s.actioned_at) c
        GROUP BY 1, 2, 3, 4, 5, 6)
     SELECT * FROM kept FULL JOIN recomputed USING (organization_id, month, group_by, group_key, title, bucket)
      WHERE kept.n IS DISTINCT FROM recomputed.n OR kept.ms IS DISTINCT FROM recomputed.ms`,
    { type: QueryTypes.SELECT },
  );
  expect(rows).toEqual([]);
}

/** The exact figures, as the report computed them before the histogram (hours, unrounded). */
async function exact(organizationId: string, groupBy: CycleTimeGroup, from: string, to: string) {
  const byLevel = groupBy === 'level';
  return app.sequelize.query<{
    key: string;
    label: string;
    decisions: number;
    average: number;
    median: number;
  }>(
    `SELECT g.key::text AS key, ${byLevel ? 'g.label' : "COALESCE(u.first_name || ' ' || u.last_name, 'Unknown')"} AS label,
            g.decisions, (extract(epoch FROM g.average) / 3600)::float8 AS average,
            (extract(epoch FROM g.median) / 3600)::float8 AS median
       FROM (SELECT ${byLevel ? 's.approval_level::text' : "COALESCE(s.actioned_by_id::text, 'none')"} AS key,
                    min(s.level_title) AS label, count(*)::int AS decisions,
                    avg(s.actioned_at - s.created_at) AS average,
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY s.actioned_at - s.created_at) AS median
               FROM approval_steps s
              WHERE s.organization_id = $1 AND s.actioned_at >= $2::timestamptz AND s.actioned_at < $3::timestamptz
                AND s.action IN ('approve', 'reject', 'request_info')
              GROUP BY 1) g
       ${byLevel ? '' : 'LEFT JOIN users u ON u.id::text = g.key'}
      ORDER BY ${byLevel ? 'g.key::int' : 'g.average DESC, label'}`,
    {
      bind: [
        organizationId,
        `${from}T00:00:00Z`,
        new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(),
      ],
      type: QueryTypes.SELECT,
    },
  );
}

/** An organisation with three approvers and one requisition whose steps the tests write. */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const people = [];
  for (const [first, last] of [
    ['Ann', 'Able'],
    ['Ben', 'Baker'],
    ['Cat', 'Cole'],
  ] as const) {
    const user = await buildUser(app.models, { first_name: first, last_name: last });
    await buildMembership(app.models, { user, organization, roleName: 'Finance Manager' });
    people.push(user);
  }
  const costCenter = await buildCostCenter(app.models, organization, { code: 'CC-9', name: 'Nine' });
  const requisition = await buildRequisition(app.models, {
    organization,
    requestor: people[0]!,
    costCenter,
    status: 'rejected',
  });
  return { organization, people, requisition };
}

/** Uniform in [0, 1), fixed per row `i` and salt (the same data every run). */
const uniform = (salt: string) => `(abs(hashtext(i::text || '${salt}'))::float8 / 2147483648)`;

/**
 * Inserts `count` steps of `world`'s requisition decided from `start` over `days` days: waits
 * log-uniform from 1 minute to 40 days, three levels (level 2 under two titles), its three approvers
 * and a few with no one recorded; one in five an automatic approval and one in five a delegation
 * (neither counts).
 */
async function insertDecisions(
  world: Awaited<ReturnType<typeof buildWorld>>,
  count: number,
  start: string,
  days: number,
  salt = '',
) {
  const u = (name: string) => uniform(name + salt);
  await app.sequelize.query(
    `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id,
                                 action, comments, actioned_at, actioned_by_id, created_at)
     SELECT $1, $2, lvl, CASE WHEN lvl = 2 AND i % 5 = 0 THEN 'Head (old)' ELSE 'Level ' || lvl END,
            ($3::uuid[])[1 + i % 3], (ARRAY['approve', 'reject', 'request_info', 'auto_approve', 'delegate'])[1 + i % 5],
            'ok', decided, CASE WHEN i % 17 = 0 THEN NULL ELSE ($3::uuid[])[1 + i % 3] END,
            decided - interval '1 minute' * exp(${u('wait')} * ln(57600))
       FROM generate_series(1, $4::int) i
      CROSS JOIN LATERAL (SELECT 1 + floor(${u('level')} * 3)::int AS lvl,
                                 $5::timestamptz + ${u('day')} * $6::int * interval '1 day' AS decided) x`,
    {
      bind: [world.organization.id, world.requisition.id, world.people.map((p) => p.id), count, start, days],
    },
  );
}

/**
 * The report against the exact SQL over each period, by level and by approver, each way of reading
 * a partial month: the same groups, labels and counts, the average to the millisecond, the median
 * within 1% (or 3 minutes). Answers how many rows it compared.
 */
async function expectReportExact(organizationId: string, periods: [string, string][]) {
  const db = { sequelize: app.sequelize };
  let compared = 0;
  for (const [from, to] of periods) {
    const period = reportPeriod({ from, to });
    for (const groupBy of ['level', 'approver'] as const) {
      const expected = await exact(organizationId, groupBy, from, to);
      // `now` chooses how a partial month is read: after the data (the shorter part exactly), at
      // the period's end (the whole month less the part after), at its start.
      for (const now of [new Date('2027-01-01'), period.end, period.start]) {
        const rows = await approvalCycleTimeRows(db, organizationId, groupBy, period, now);
        expect(rows.map((row) => [row.key, row.label, row.decisions])).toEqual(
          expected.map((row) => [row.key, row.label, row.decisions]),
        );
        rows.forEach((row, i) => {
          const want = expected[i]!;
          expect(Math.abs(row.average - want.average)).toBeLessThan(1e-6); // exact to the millisecond
          expect(Math.abs(row.median - want.median)).toBeLessThanOrEqual(
            Math.max(0.01 * Math.abs(want.median), 0.05) + 1e-9,
          );
          compared++;
        });
      }
    }
  }
  return compared;
}

/** One pass of the fold job (every organisation of this run's database). */
const fold = () => runCycleFoldPass({ sequelize: app.sequelize });

describe('approval cycle time from the histogram', () => {
  it('equals the exact median and average over whole and partial months, by level and by approver, packed or not', async () => {
    const world = await buildWorld();
    // 900 decisions from January to June 2026.
    await insertDecisions(world, 900, '2026-01-01', 181);
    const periods: [string, string][] = [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-17', '2026-05-09'],
      ['2026-02-01', '2026-04-30'],
      ['2026-03-05', '2026-03-20'],
      ['2026-03-02', '2026-03-31'],
      ['2026-01-01', '2026-01-29'],
      ['2025-12-10', '2026-07-15'],
    ];
    expect(await expectReportExact(world.organization.id, periods)).toBeGreaterThan(100);
    // The same once the months are packed (one row per group and month, no loose cell left).
    await fold();
    expect(await countRows(world.organization.id)).toBe(0);
    expect(await countRows(world.organization.id, 'approval_cycle_months')).toBeGreaterThan(0);
    expect(await expectReportExact(world.organization.id, periods)).toBeGreaterThan(100);

    // Through the API: rounded to 0.1 h, in the contract's shape.
    const token = await accessTokenFor(app.server, world.people[0]!);
    const response = await call(
      app.server,
      'GET',
      '/api/reports/approval-cycle-time?from=2026-01-17&to=2026-05-09&group_by=approver',
      {
        token,
        organizationId: world.organization.id,
      },
    );
    expectContract(response, 'getApprovalCycleTimeReport');
    const report = body(response);
    const want = await exact(world.organization.id, 'approver', '2026-01-17', '2026-05-09');
    expect(report.rows.map((row: { key: string; decisions: number }) => [row.key, row.decisions])).toEqual(
      want.map((row) => [row.key, row.decisions]),
    );
    report.rows.forEach((row: { average_hours: number; median_hours: number }, i: number) => {
      expect(Math.abs(row.average_hours - want[i]!.average)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(row.median_hours - want[i]!.median)).toBeLessThanOrEqual(
        Math.max(0.01 * want[i]!.median, 0.05) + 0.05 + 1e-9,
      );
    });
    await expectCycleCountsExact();
  });

  it('the cells follow a decision taken, re-timed, cleared and deleted, and a requisition deleted', async () => {
    const world = await buildWorld();
    const [ann] = world.people;
    const cells = async () =>
      app.sequelize.query<{ group_by: string; group_key: string; month: string; n: number; ms: number }>(
        `SELECT group_by, group_key, to_char(month, 'YYYY-MM') AS month, sum(n)::int AS n, sum(ms)::float8 AS ms
           FROM (SELECT group_by, group_key, month, n, ms FROM approval_cycle_counts WHERE organization_id = $1
                 UNION ALL
                 SELECT p.group_by, p.group_key, p.month, u.n, u.ms FROM approval_cycle_months p
                  CROSS JOIN LATERAL unnest(p.n, p.ms) AS u(n, ms) WHERE p.organization_id = $1) c
          GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(ms) <> 0 ORDER BY 1, 2, 3`,
        { bind: [world.organization.id], type: QueryTypes.SELECT },
      );
    const [open] = await app.sequelize.query<{ id: string }>(
      `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id, created_at)
       VALUES ($1, $2, 1, 'Manager', $3, '2026-03-01T00:00:00Z') RETURNING id`,
      { bind: [world.organization.id, world.requisition.id, ann!.id], type: QueryTypes.SELECT },
    );
    expect(await cells()).toEqual([]); // an open step counts nowhere
    const update = (set: string) =>
      app.sequelize.query(`UPDATE approval_steps SET ${set} WHERE id = $1`, { bind: [open!.id] });

    await update(`action = 'approve', actioned_at = '2026-03-01T06:00:00Z', actioned_by_id = '${ann!.id}'`);
    expect(await cells()).toEqual([
      { group_by: 'approver', group_key: ann!.id, month: '2026-03', n: 1, ms: 6 * 3_600_000 },
      { group_by: 'level', group_key: '1', month: '2026-03', n: 1, ms: 6 * 3_600_000 },
    ]);
    await update(`actioned_at = '2026-04-02T00:00:00Z'`); // re-timed: another month and bucket
    expect(await cells()).toEqual([
      { group_by: 'approver', group_key: ann!.id, month: '2026-04', n: 1, ms: 32 * 86_400_000 },
      { group_by: 'level', group_key: '1', month: '2026-04', n: 1, ms: 32 * 86_400_000 },
    ]);
    const rowsBefore = await countRows(world.organization.id);
    await update(`comments = 'seen'`); // a change the histogram does not count appends nothing
    expect(await countRows(world.organization.id)).toBe(rowsBefore);
    await update('action = NULL, actioned_at = NULL, actioned_by_id = NULL'); // cleared (undone)
    expect(await cells()).toEqual([]);
    await update(`action = 'reject', comments = 'no', actioned_at = '2026-03-01T01:00:00Z'`);
    expect(await cells()).toEqual([
      { group_by: 'approver', group_key: 'none', month: '2026-03', n: 1, ms: 3_600_000 },
      { group_by: 'level', group_key: '1', month: '2026-03', n: 1, ms: 3_600_000 },
    ]);
    await app.sequelize.query('DELETE FROM approval_steps WHERE id = $1', { bind: [open!.id] });
    expect(await cells()).toEqual([]);

    // Several steps in one statement, then the requisition deleted (its steps go by cascade).
    await app.sequelize.query(
      `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id,
                                   action, actioned_at, actioned_by_id, created_at)
       SELECT $1, $2, 1 + i % 2, 'L', $3, 'approve', timestamptz '2026-05-01' + i * interval '1 day', $3,
              timestamptz '2026-05-01' + i * interval '1 day' - i * interval '1 hour'
         FROM generate_series(1, 40) i`,
      { bind: [world.organization.id, world.requisition.id, ann!.id] },
    );
    expect((await cells()).reduce((sum, cell) => sum + cell.n, 0)).toBe(80);
    await expectCycleCountsExact();
    await app.sequelize.query('DELETE FROM requisitions WHERE id = $1', { bind: [world.requisition.id] });
    expect(await cells()).toEqual([]);
  });

  it('a packed month counts a decision taken, undone, re-timed, re-assigned or deleted after its fold once', async () => {
    const world = await buildWorld();
    await insertDecisions(world, 300, '2026-01-01', 90, ':packed');
    await fold();
    expect(await countRows(world.organization.id)).toBe(0);
    const packed = () =>
      app.sequelize.query(
        `SELECT month, group_by, group_key, title, buckets, n, ms FROM approval_cycle_months
          WHERE organization_id = $1 ORDER BY 1, 2, 3, 4, buckets, n, ms`,
        { bind: [world.organization.id], type: QueryTypes.SELECT },
      );
    const folded = await packed();
    // Folding again with nothing new changes nothing (it would double a month it read twice).
    await fold();
    expect(await packed()).toEqual(folded);

    // After the fold: one decision of each month undone, one re-timed into the next month, one
    // re-assigned to another approver, one turned into a delegation (no longer counted), one
    // deleted, and new decisions in the packed months.
    const decided = await app.sequelize.query<{ id: string; month: number }>(
      `SELECT DISTINCT ON (extract(month FROM actioned_at)) id, extract(month FROM actioned_at)::int AS month
         FROM approval_steps WHERE organization_id = $1 AND action IN ('approve', 'reject')
          AND actioned_by_id IS NOT NULL ORDER BY extract(month FROM actioned_at), id`,
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    expect(decided.map((step) => step.month)).toEqual([1, 2, 3]);
    const [jan, feb, mar] = decided.map((step) => step.id);
    const [, ben, cat] = world.people;
    const change = (sql: string, id: string) => app.sequelize.query(sql, { bind: [id] });
    await change(
      'UPDATE approval_steps SET action = NULL, actioned_at = NULL, actioned_by_id = NULL WHERE id = $1',
      jan!,
    );
    await change(
      `UPDATE approval_steps SET actioned_at = actioned_at + interval '31 days' WHERE id = $1`,
      feb!,
    );
    await change(`UPDATE approval_steps SET actioned_by_id = '${cat!.id}' WHERE id = $1`, mar!);
    const [other] = await app.sequelize.query<{ id: string }>(
      `SELECT id FROM approval_steps WHERE organization_id = $1 AND action = 'request_info' ORDER BY id LIMIT 2`,
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    await change(`UPDATE approval_steps SET action = 'delegate' WHERE id = $1`, other!.id);
    await app.sequelize.query(
      `DELETE FROM approval_steps WHERE id = (SELECT id FROM approval_steps WHERE organization_id = $1
          AND action = 'reject' AND actioned_by_id = $2 ORDER BY id DESC LIMIT 1)`,
      { bind: [world.organization.id, ben!.id] },
    );
    await insertDecisions(world, 40, '2026-02-10', 30, ':late');
    expect(await countRows(world.organization.id)).toBeGreaterThan(0);

    const periods: [string, string][] = [
      ['2026-01-01', '2026-03-31'],
      ['2026-01-01', '2026-04-30'],
      ['2026-02-01', '2026-02-28'],
      ['2026-01-20', '2026-03-10'],
    ];
    await expectCycleCountsExact();
    expect(await expectReportExact(world.organization.id, periods)).toBeGreaterThan(20);
    await fold();
    expect(await countRows(world.organization.id)).toBe(0);
    await expectCycleCountsExact();
    expect(await expectReportExact(world.organization.id, periods)).toBeGreaterThan(20);
    // The undone decision left an open step on a requisition no longer under review, which only this
    // SQL can make: it would sit in its approver's queue counter (checked in afterAll). Removed.
    await change('DELETE FROM approval_steps WHERE id = $1', jan!);
  });

  it('decisions, changed decisions, rolled-back ones and folds at once: nothing lost, nothing counted twice', async () => {
    const world = await buildWorld();
    const [ann, ben] = world.people;
    await insertDecisions(world, 120, '2026-02-01', 28, ':race');
    await fold();
    // 60 steps of February not counted yet (delegations: a requisition has one open step), turned
    // into decisions two by two by 30 transactions while folds run beside them.
    const opened = await app.sequelize.query<{ id: string }>(
      `INSERT INTO approval_steps (organization_id, requisition_id, approval_level, level_title, approver_id,
                                   action, actioned_at, created_at)
       SELECT $1, $2, 1 + i % 3, 'Level ' || (1 + i % 3), $3, 'delegate', opened + interval '1 hour', opened
         FROM generate_series(1, 60) i, LATERAL (SELECT timestamptz '2026-02-01' + i * interval '7 hours' AS opened) o
       RETURNING id`,
      { bind: [world.organization.id, world.requisition.id, ann!.id], type: QueryTypes.SELECT },
    );
    const decidedBefore = await app.sequelize.query<{ id: string }>(
      `SELECT id FROM approval_steps WHERE organization_id = $1 AND action = 'approve' ORDER BY id LIMIT 10`,
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    const writers = Array.from({ length: 30 }, (_, i) =>
      app.sequelize
        .transaction(async (transaction) => {
          const ids = [opened[2 * i]!.id, opened[2 * i + 1]!.id];
          await app.sequelize.query(
            `UPDATE approval_steps SET action = 'approve', actioned_by_id = $2,
                    actioned_at = created_at + ($3::int + 1) * interval '37 minutes'
              WHERE id = ANY($1::uuid[])`,
            { bind: [ids, i % 2 ? ann!.id : ben!.id, i], transaction },
          );
          if (i < decidedBefore.length) {
            // A decision of the packed month re-timed, or withdrawn (no longer counted), in the same
            // transaction (a requisition has one open step, so not reopened here).
            await app.sequelize.query(
              i % 2
                ? `UPDATE approval_steps SET actioned_at = actioned_at + interval '26 hours' WHERE id = $1`
                : `UPDATE approval_steps SET action = 'delegate' WHERE id = $1`,
              { bind: [decidedBefore[i]!.id], transaction },
            );
          }
          // Hold the new rows a while, so that folds meet them locked or not yet committed.
          await app.sequelize.query('SELECT pg_sleep(0.02 * ($1::int % 4))', { bind: [i], transaction });
          if (i % 7 === 3) throw new Error('rolled back');
        })
        .catch((error: Error) => {
          if (error.message !== 'rolled back') throw error;
        }),
    );
    const folds = Array.from({ length: 6 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, 15 * i)).then(fold),
    );
    await Promise.all([...writers, ...folds]);
    await expectCycleCountsExact();
    await fold();
    await expectCycleCountsExact();
    const [{ n }] = (await app.sequelize.query(
      `SELECT count(*)::int AS n FROM approval_steps WHERE id = ANY($1::uuid[]) AND action = 'approve'`,
      { bind: [opened.map((step) => step.id)], type: QueryTypes.SELECT },
    )) as [{ n: number }];
    expect(n).toBe(60 - 2 * [3, 10, 17, 24].length); // the rolled-back transactions decided nothing
    expect(await expectReportExact(world.organization.id, [['2026-02-01', '2026-03-31']])).toBeGreaterThan(0);
  });
});

/** The rows of `table` (the loose cells by default) that the organisation has. */
async function countRows(organizationId: string, table = 'approval_cycle_counts') {
  const [row] = await app.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`,
    { bind: [organizationId], type: QueryTypes.SELECT },
  );
  return row!.n;
}
