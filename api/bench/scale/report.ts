/**
 * The scale benchmark's result table (markdown, for docs/benchmarks.md) and the issue's targets:
 * reads ≥ 1,000 req/s, p99 ≤ 50 ms and at least 0.5× their SQL floor; writes p95 ≤ 50 ms.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import type { FloorResult } from './floor.js';

/** One measured scenario. */
export interface Row {
  name: string;
  kind: 'read' | 'write';
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx. */
  non2xx: number;
  /**
   * Requests without an answer: timed out (10 s) or failed. Their latency is not in the percentiles,
   * nor is that of the requests still running at the deadline (cancelled then; none answered: 0 req/s).
   */
  unanswered: number;
  floor: FloorResult | null;
}

/** How the run was made, for the table's header. */
export interface RunInfo {
  database: string;
  apiRoot: string;
  connections: number;
  writers: number;
  seconds: number;
  graceSeconds: number;
  loadBefore: number[];
  counts: Record<string, string>;
}

const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-AU', { maximumFractionDigits: digits }) : '–';

function floorCell(floor: FloorResult | null, graceSeconds: number): [string, string] {
  if (!floor) return ['–', '–'];
  if (floor.cancelled) return ['0', `> ${fixed(graceSeconds * 1000)}`];
  return [fixed(floor.tps), fixed(floor.latencyMs, 1)];
}

/** One line about a row, printed as soon as it is measured. */
export function formatRow(row: Row): string {
  const floor = row.floor
    ? `, floor ${row.floor.cancelled ? 'cancelled' : `${fixed(row.floor.tps)} tps`}`
    : '';
  const unanswered = row.unanswered ? `, ${row.unanswered} unanswered` : '';
  return `${fixed(row.rps)} req/s, p50 ${fixed(row.p50, 1)} ms, p95 ${fixed(row.p95, 1)} ms, p99 ${fixed(row.p99, 1)} ms, non-2xx ${row.non2xx}${unanswered}${floor}`;
}

/** Which targets of the issue a row misses. */
export function misses(row: Row): string[] {
  const missed: string[] = row.unanswered ? [`${row.unanswered} unanswered`] : [];
  if (row.kind === 'write') return row.p95 > 50 ? [...missed, 'p95 > 50 ms'] : missed;
  if (row.rps < 1000) missed.push('< 1,000 req/s');
  if (!(row.p99 <= 50)) missed.push('p99 > 50 ms');
  if (row.floor && !(row.rps / row.floor.tps >= 0.5)) missed.push('< 0.5× floor');
  return missed;
}

function commitOf(apiRoot: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: apiRoot }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: apiRoot })
      .toString()
      .trim();
    return `${head}${dirty ? ' (with uncommitted changes in api/src)' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** Prints the table with its header (date, commit, load, rows). */
export function printReport(rows: Row[], run: RunInfo): void {
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  console.info(`\n### ${run.database}: ${new Date().toISOString()}, commit ${commitOf(run.apiRoot)}\n`);
  console.info(
    `${run.connections} connections for reads, ${run.writers} for writes, ${run.seconds} s each; API in production mode as purchasing_app; SQL floor: pgbench -n -M prepared -c ${run.connections} -j 2 -T ${run.seconds} as purchasing_app (transactions still running ${run.graceSeconds} s after the deadline cancelled).`,
  );
  console.info(
    `Load average before ${load(run.loadBefore)}, after ${load(loadavg())} (${availableParallelism()} cores).`,
  );
  const counts = Object.entries(run.counts).map(([k, v]) => `${k} ${Number(v).toLocaleString('en-AU')}`);
  console.info(`Rows: ${counts.join(', ')}.\n`);
  console.info(
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | no answer | SQL floor tps | floor avg ms | API/floor | target |',
  );
  console.info('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
  for (const row of rows) {
    const missed = misses(row);
    const [tps, latency] = floorCell(row.floor, run.graceSeconds);
    const floor = row.floor;
    const ratio = floor && !floor.cancelled && floor.tps > 0 ? `${(row.rps / floor.tps).toFixed(2)}×` : '–';
    const partial = floor && !floor.steady ? ' ¹' : '';
    console.info(
      `| ${row.name} | ${fixed(row.rps)} | ${fixed(row.p50, 1)} | ${fixed(row.p95, 1)} | ${fixed(row.p99, 1)} | ${row.non2xx} | ${row.unanswered} | ${tps}${partial} | ${latency} | ${ratio} | ${missed.length ? `FAIL (${missed.join(', ')})` : 'PASS'} |`,
    );
  }
  if (rows.some((row) => row.floor && !row.floor.steady)) {
    console.info(
      `\n¹ The captured request itself ran past ${run.graceSeconds} s and was cancelled: its statements up to then are the floor's.`,
    );
  }
}
