import type { components } from '@purchasing/contract';
import { select } from '../../db-query.js';
import { type CycleRow, cycleFigures, cyclePlan, mergeCycleRows } from '../../domain/cycle-time.js';
import type { ReportPeriod } from '../../domain/report-period.js';
import type { Db } from '../../http/context.js';

type Schemas = components['schemas'];
export type CycleTimeReport = Schemas['ApprovalCycleTimeReport'];
export type CycleTimeGroup = CycleTimeReport['group_by'];

/** A group's figures before rounding (what the report shows to 0.1 h). */
export interface CycleTimeRow {
  key: string;
  label: string;
  decisions: number;
  average: number;
  median: number;
}

/** The decisions of one piece read exactly: bounds and sign in parameters `$at`, `$at + 1`, `$at + 2`. */
const PIECE = (at: number) =>
  `SELECT s.organization_id, s.approval_level, s.level_title, s.actioned_by_id, s.action, s.created_at,
          s.actioned_at, $${at + 2}::int AS sign
     FROM approval_steps s
    WHERE s.organization_id = $1 AND s.actioned_at >= $${at}::timestamptz AND s.actioned_at < $${at + 1}::timestamptz
      AND s.action IN ('approve', 'reject', 'request_info')`;

const isoMonth = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The figures of each group (level or person who decided) over the steps decided in the period,
 * unrounded. Whole months come from the maintained histogram: a group's months packed one row each
 * (`approval_cycle_months`, migration `2026.11.29T01.10.00`) and the cells appended since
 * (`approval_cycle_counts`, `2026.11.28T09.10.00`), merged here. A month the period covers in part adds
 * the decisions of the part inside, or takes those of the part outside from the whole month's cells
 * (`cyclePlan`), read from `approval_steps_decided_at_idx` and bucketed by the same SQL function as
 * the counters. The average is exact; the median is within 1% (3 minutes below 5 h) of the exact
 * `percentile_cont(0.5)` (`cycleFigures`). Automatic approvals, delegations and closed seats are left
 * out (no one took the time).
 */
export async function approvalCycleTimeRows(
  db: Db,
  organizationId: string,
  groupBy: CycleTimeGroup,
  period: ReportPeriod,
  now = new Date(),
): Promise<CycleTimeRow[]> {
  const plan = cyclePlan(period.start, period.end, now);
  const months = plan.months && [isoMonth(plan.months.from), isoMonth(plan.months.to)];
  const counted = months
    ? await select<CycleRow>(
        db,
        // A group's packed months (their JSON column, parsed by the driver), then its cells not
        // packed yet; merged below: grouping them in SQL (unnest, then a sort of text keys under
        // the database's collation) cost more than the read.
        `SELECT group_key AS key, title, cells
           FROM approval_cycle_months
          WHERE organization_id = $1 AND group_by = $2 AND month >= $3::date AND month < $4::date
         UNION ALL
         SELECT group_key, title, json_build_array(ARRAY[bucket], ARRAY[n], ARRAY[ms])
           FROM approval_cycle_counts
          WHERE organization_id = $1 AND group_by = $2 AND month >= $3::date AND month < $4::date`,
        [organizationId, groupBy, ...months],
      )
    : [];
  // At most two pieces (one at each end, or both sides of a period inside one month), each its own
  // range of the index with its bounds as parameters: a generic plan under row-level security cannot
  // then read the organisation's whole history (it did, joined to an array of ranges).
  if (plan.exact.length > 2) throw new Error('a period has at most two partial pieces');
  const pieces = [0, 1].map((i) => plan.exact[i] ?? { start: new Date(0), end: new Date(0), sign: 0 });
  const exact = plan.exact.length
    ? await select<CycleRow>(
        db,
        `SELECT c.group_key AS key, c.title,
                json_build_array(ARRAY[c.bucket], ARRAY[sum(s.sign * c.n)], ARRAY[sum(s.sign * c.ms)]) AS cells
           FROM (${PIECE(2)} UNION ALL ${PIECE(5)}) s
          CROSS JOIN LATERAL approval_cycle_cells(s.organization_id, s.approval_level, s.level_title,
                  s.actioned_by_id, s.action, s.created_at, s.actioned_at) c
          WHERE c.group_by = $8
          GROUP BY c.group_key, c.title, c.bucket`,
        [
          organizationId,
          ...pieces.flatMap((piece) => [piece.start.toISOString(), piece.end.toISOString(), piece.sign]),
          groupBy,
        ],
      )
    : [];
  // A group's label (by level) is its least title still counted.
  const rows: CycleTimeRow[] = [];
  for (const [key, group] of mergeCycleRows([...counted, ...exact])) {
    const figures = cycleFigures([...group.cells.values()]);
    if (!figures) continue;
    const titles = [...group.titles].filter(([, n]) => n > 0).map(([title]) => title);
    rows.push({ key, label: titles.sort()[0] ?? '', ...figures });
  }
  if (groupBy === 'level') return rows.sort((a, b) => Number(a.key) - Number(b.key));
  const people = await select<{ id: string; name: string }>(
    db,
    `SELECT id::text, first_name || ' ' || last_name AS name FROM users WHERE id = ANY($1::uuid[])`,
    [rows.map((row) => row.key).filter((key) => key !== 'none')],
  );
  const names = new Map(people.map((person) => [person.id, person.name]));
  return rows
    .map((row) => ({ ...row, label: names.get(row.key) ?? 'Unknown' }))
    .sort((a, b) => b.average - a.average || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

const round1 = (hours: number) => Math.round(hours * 10) / 10;

/** How long the steps decided in the period waited (opened → decided), by level or by the person who decided. */
export async function approvalCycleTimeReport(
  db: Db,
  organizationId: string,
  query: { group_by?: CycleTimeGroup },
  period: ReportPeriod,
): Promise<CycleTimeReport> {
  const groupBy = query.group_by ?? 'level';
  const rows = await approvalCycleTimeRows(db, organizationId, groupBy, period);
  return {
    group_by: groupBy,
    from: period.from,
    to: period.to,
    rows: rows.map((row) => ({
      key: row.key,
      label: row.label,
      decisions: row.decisions,
      average_hours: round1(Math.max(row.average, 0)),
      median_hours: round1(Math.max(row.median, 0)),
    })),
  };
}
