/**
 * The approval cycle time report from its histogram (migration `2026.11.28T09.10.00`) against the
 * exact SQL it replaced, on a scale database's largest organisation: the default period and partial
 * ones, by level and by approver; prints each one's time and the worst differences, and throws if a
 * group or a count differs.
 *
 *   node --import tsx bench/scale/verify-cycle-time.ts [database, default purchasing_m1]
 */
import { QueryTypes } from 'sequelize';
import { createSequelize } from '../../src/db/sequelize.js';
import { reportPeriod } from '../../src/domain/report-period.js';
import { approvalCycleTimeRows } from '../../src/features/reports/approval-cycle-time.js';

const sequelize = createSequelize(
  `${process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432'}/${process.argv[2] ?? 'purchasing_m1'}`,
);
const [org] = await sequelize.query<{ id: string }>(
  `SELECT organization_id AS id FROM approval_steps GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  { type: QueryTypes.SELECT },
);
const periods = [
  {},
  { from: '2026-01-17', to: '2026-05-09' },
  { from: '2025-12-01', to: '2026-11-30' },
  { from: '2026-06-03', to: '2026-06-21' },
];
let worstMedian = 0;
let worstAverage = 0;
for (const q of periods) {
  const period = reportPeriod(q);
  for (const groupBy of ['level', 'approver'] as const) {
    const t0 = performance.now();
    const rows = await approvalCycleTimeRows({ sequelize }, org!.id, groupBy, period);
    const t1 = performance.now();
    await approvalCycleTimeRows({ sequelize }, org!.id, groupBy, period);
    const t2 = performance.now();
    const exact = await sequelize.query<{ key: string; decisions: number; average: number; median: number }>(
      `SELECT ${groupBy === 'level' ? 's.approval_level::text' : "COALESCE(s.actioned_by_id::text, 'none')"} AS key,
              count(*)::int AS decisions, (extract(epoch FROM avg(s.actioned_at - s.created_at)) / 3600)::float8 AS average,
              (extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY s.actioned_at - s.created_at)) / 3600)::float8 AS median
         FROM approval_steps s WHERE s.organization_id = $1 AND s.actioned_at >= $2 AND s.actioned_at < $3
          AND s.action IN ('approve', 'reject', 'request_info') GROUP BY 1`,
      { bind: [org!.id, period.start, period.end], type: QueryTypes.SELECT },
    );
    const t3 = performance.now();
    const byKey = new Map(exact.map((r) => [r.key, r]));
    let decisions = 0;
    for (const row of rows) {
      const want = byKey.get(row.key);
      if (!want || want.decisions !== row.decisions) throw new Error(`decisions differ for ${row.key}`);
      decisions += row.decisions;
      worstAverage = Math.max(worstAverage, Math.abs(row.average - want.average));
      worstMedian = Math.max(worstMedian, Math.abs(row.median - want.median) / Math.max(want.median, 5));
    }
    if (rows.length !== exact.length) throw new Error('groups differ');
    console.info(
      `${period.from}..${period.to} ${groupBy}: ${rows.length} groups, ${decisions} decisions; histogram ${(t1 - t0).toFixed(1)} ms cold, ${(t2 - t1).toFixed(1)} ms warm; exact SQL ${(t3 - t2).toFixed(0)} ms`,
    );
  }
}
console.info(
  `worst average difference ${worstAverage.toExponential(2)} h; worst median difference ${(worstMedian * 100).toFixed(3)}% (of max(median, 5 h))`,
);
await sequelize.close();
