import { selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic.js';

/**
 * The approval cycle time's fold job (docs/decisions.md "Approval cycle time by approver, months
 * packed"): the triggers on approval_steps append one row per changed histogram cell to
 * `approval_cycle_counts`; this job moves them into their group's packed month
 * (`approval_cycle_months`, migration `2026.11.29T01.10.00`) so that the report reads one row per
 * group and month. It runs in the API process on a timer with the plain handle (every
 * organisation). Each batch is one statement (`pack_approval_cycle_counts`), its own transaction; it
 * takes only rows no other transaction holds and never waits, so it runs beside writers, the
 * triggers' own folds and another instance's job. Not packed yet is never wrong: the report adds
 * both tables.
 */

export interface CycleFoldReport {
  /** Groups (organisation, month, grouping, group) packed in this pass. */
  groups: number;
}

/** Groups packed per statement, and statements per pass at most (the rest waits for the next pass). */
const BATCH = 500;
const MAX_BATCHES = 40;

/** One pass: packs the groups that have cells, oldest months first, a batch per transaction. */
export async function runCycleFoldPass(db: Db): Promise<CycleFoldReport> {
  let groups = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const row = await selectOne<{ packed: number }>(
      db,
      'SELECT pack_approval_cycle_counts($1::int) AS packed',
      [BATCH],
    );
    const packed = row?.packed ?? 0;
    groups += packed;
    if (packed < BATCH) break;
  }
  return { groups };
}

/** Starts the periodic job (default every 5 minutes); `stop` waits for a pass under way. */
export function startCycleFoldJob(
  db: Db,
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): PeriodicJob<CycleFoldReport> {
  return startPeriodicJob({
    name: 'cycle-fold',
    intervalMs: options.intervalMs ?? 5 * 60_000,
    pass: () => runCycleFoldPass(db),
    log: options.log ?? ((line: string) => console.info(line)),
  });
}
