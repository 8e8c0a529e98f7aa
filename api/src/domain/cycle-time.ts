/**
 * The approval cycle time report's arithmetic (migration `2026.11.28T09.10.00.cycle-time-histogram`):
 * which months it reads from the maintained histogram and which pieces exactly from the steps, and
 * the average and median of a group from its histogram cells.
 */

/** A piece of time read exactly from the steps, added (`sign` 1) to or taken (−1) from the counters. */
export interface ExactSegment {
  start: Date;
  end: Date;
  sign: 1 | -1;
}

/** Whole months read from the counters (`from` inclusive, `to` exclusive: first days, UTC), and exact pieces. */
export interface CyclePlan {
  months: { from: Date; to: Date } | null;
  exact: ExactSegment[];
}

const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
const max = (a: Date, b: Date) => (a > b ? a : b);
const min = (a: Date, b: Date) => (a < b ? a : b);

/**
 * The plan of a period `[start, end)`. Months inside it are read from the counters. A month the
 * period covers in part is read the cheaper way: the part inside exactly, or the whole month from
 * the counters less the part outside exactly; cheaper is shorter up to `now` (nothing is decided
 * after now, so the rest of the current month costs nothing: the default period, twelve months to
 * today, reads no step). The answer is exact either way; `now` only chooses.
 */
export function cyclePlan(start: Date, end: Date, now: Date): CyclePlan {
  const upToNow = (a: Date, b: Date) => Math.max(0, min(b, now).getTime() - a.getTime());
  const exact: ExactSegment[] = [];
  let from: Date | null = null;
  let to: Date | null = null;
  for (let m = monthStart(start); m < end; m = nextMonth(m)) {
    const mEnd = nextMonth(m);
    const inStart = max(m, start);
    const inEnd = min(mEnd, end);
    const whole = inStart.getTime() === m.getTime() && inEnd.getTime() === mEnd.getTime();
    const outside = [
      { start: m, end: inStart },
      { start: inEnd, end: mEnd },
    ].filter((piece) => piece.start < piece.end);
    const outsideCost = outside.reduce((sum, piece) => sum + upToNow(piece.start, piece.end), 0);
    if (!whole && upToNow(inStart, inEnd) <= outsideCost) {
      exact.push({ start: inStart, end: inEnd, sign: 1 });
      continue;
    }
    for (const piece of outside) exact.push({ ...piece, sign: -1 });
    from ??= m;
    to = mEnd;
  }
  return { months: from && to ? { from, to } : null, exact };
}

/** One histogram cell of a group: decisions and the sum of their waits (ms) in one bucket. */
export interface CycleCell {
  bucket: number;
  n: number;
  ms: number;
}

/**
 * A row read from the histogram: a group's cells in one month as three lists, the buckets and, at the
 * same positions, their decisions and sums of waits (ms). A packed month (`approval_cycle_months`,
 * migration `2026.11.29T01.10.00`) lists many buckets; a cell not packed yet
 * (`approval_cycle_counts`), or one read exactly from the steps, lists one.
 */
export interface CycleRow {
  key: string;
  title: string;
  cells: [buckets: number[], n: number[], ms: number[]];
}

/** A group's cells merged over its rows, and its decisions per title (for the label). */
export interface CycleGroup {
  cells: Map<number, CycleCell>;
  titles: Map<string, number>;
}

/**
 * Merges histogram rows by group and bucket, adding decisions and waits: a month packed and the
 * cells appended since (a decision taken, undone or re-timed after the pack: its ±1 delta) sum to
 * the month's figures, each decision counted once whichever table holds it.
 */
export function mergeCycleRows(rows: Iterable<CycleRow>): Map<string, CycleGroup> {
  const groups = new Map<string, CycleGroup>();
  for (const row of rows) {
    let group = groups.get(row.key);
    if (!group) {
      group = { cells: new Map(), titles: new Map() };
      groups.set(row.key, group);
    }
    const [buckets, n, ms] = row.cells;
    if (n.length !== buckets.length || ms.length !== buckets.length) {
      throw new Error(`a histogram row of ${row.key} has lists of different lengths`);
    }
    let decisions = 0;
    for (let i = 0; i < buckets.length; i++) {
      const cell = group.cells.get(buckets[i]!);
      if (cell) {
        cell.n += n[i]!;
        cell.ms += ms[i]!;
      } else {
        group.cells.set(buckets[i]!, { bucket: buckets[i]!, n: n[i]!, ms: ms[i]! });
      }
      decisions += n[i]!;
    }
    group.titles.set(row.title, (group.titles.get(row.title) ?? 0) + decisions);
  }
  return groups;
}

/**
 * The average and median wait (hours) of a group's cells, or null without decisions. The average is
 * the exact sum over the count. The median is `percentile_cont(0.5)`'s: the two middle ranks,
 * interpolated, each valued at the mean of its cell. Every wait of a cell lies in its bucket and so
 * does their mean: each rank's value is within a bucket's width of the exact one (1% from 5 h,
 * 3 minutes below).
 */
export function cycleFigures(
  cells: CycleCell[],
): { decisions: number; average: number; median: number } | null {
  const kept = cells.filter((cell) => cell.n > 0).sort((a, b) => a.bucket - b.bucket);
  const decisions = kept.reduce((sum, cell) => sum + cell.n, 0);
  if (decisions === 0) return null;
  const total = kept.reduce((sum, cell) => sum + cell.ms, 0);
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const cell of kept) {
      seen += cell.n;
      if (rank < seen) return cell.ms / cell.n;
    }
    const last = kept[kept.length - 1]!;
    return last.ms / last.n;
  };
  const middle = (decisions - 1) / 2;
  const low = valueAt(Math.floor(middle));
  const high = valueAt(Math.ceil(middle));
  const HOUR = 3_600_000;
  return {
    decisions,
    average: total / decisions / HOUR,
    median: (low + (high - low) * (middle - Math.floor(middle))) / HOUR,
  };
}
