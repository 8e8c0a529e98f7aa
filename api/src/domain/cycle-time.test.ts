import { describe, expect, it } from 'vitest';
import { type CycleRow, cycleFigures, cyclePlan, mergeCycleRows } from './cycle-time.js';

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const plan = (start: string, end: string, now: string) => {
  const { months, exact } = cyclePlan(d(start), d(end), d(now));
  return {
    months: months && [months.from.toISOString().slice(0, 10), months.to.toISOString().slice(0, 10)],
    exact: exact.map((p) => [p.start.toISOString().slice(0, 10), p.end.toISOString().slice(0, 10), p.sign]),
  };
};

describe('cycle time plan', () => {
  it('reads whole months from the counters only', () => {
    expect(plan('2026-01-01', '2026-07-01', '2027-01-01')).toEqual({
      months: ['2026-01-01', '2026-07-01'],
      exact: [],
    });
  });
  it('reads a short edge exactly and a long one as the month less its outside part', () => {
    expect(plan('2026-01-27', '2026-05-10', '2027-01-01')).toEqual({
      months: ['2026-02-01', '2026-05-01'],
      exact: [
        ['2026-01-27', '2026-02-01', 1],
        ['2026-05-01', '2026-05-10', 1],
      ],
    });
    expect(plan('2026-01-03', '2026-05-28', '2027-01-01')).toEqual({
      months: ['2026-01-01', '2026-06-01'],
      exact: [
        ['2026-01-01', '2026-01-03', -1],
        ['2026-05-28', '2026-06-01', -1],
      ],
    });
  });
  it('reads the current month from the counters: nothing is decided after now', () => {
    expect(plan('2025-12-01', '2026-11-29', '2026-11-28')).toEqual({
      months: ['2025-12-01', '2026-12-01'],
      exact: [['2026-11-29', '2026-12-01', -1]],
    });
  });
  it('a period inside one month', () => {
    expect(plan('2026-03-05', '2026-03-20', '2027-01-01')).toEqual({
      months: null,
      exact: [['2026-03-05', '2026-03-20', 1]],
    });
  });
});

describe('cycle time figures', () => {
  const H = 3_600_000;
  it('averages exactly and interpolates the two middle ranks as percentile_cont', () => {
    expect(
      cycleFigures([
        { bucket: 120, n: 1, ms: 10 * H },
        { bucket: 3, n: 2, ms: 2 * H },
        { bucket: 140, n: 1, ms: 20 * H },
        { bucket: 150, n: 0, ms: 0 },
      ]),
    ).toEqual({ decisions: 4, average: 8, median: 5.5 });
    expect(cycleFigures([{ bucket: 1, n: 0, ms: 0 }])).toBeNull();
  });
});

describe('merging packed months and loose cells', () => {
  const H = 3_600_000;
  const row = (key: string, title: string, cells: [number, number, number][]): CycleRow => ({
    key,
    title,
    cells: [cells.map((c) => c[0]), cells.map((c) => c[1]), cells.map((c) => c[2])],
  });
  const merged = (rows: CycleRow[]) =>
    Object.fromEntries(
      [...mergeCycleRows(rows)].map(([key, group]) => [
        key,
        {
          cells: [...group.cells.values()].sort((a, b) => a.bucket - b.bucket),
          titles: Object.fromEntries(group.titles),
        },
      ]),
    );

  it('adds a packed month, another month and the cells appended after the pack', () => {
    const packedMarch = row('1', 'Manager', [
      [3, 2, 1 * H],
      [120, 1, 10 * H],
    ]);
    const packedApril = row('1', 'Manager', [[3, 1, 0.25 * H]]);
    // After March was packed: one decision of bucket 3 undone (−1) and re-timed into bucket 140.
    const undone = row('1', 'Manager', [[3, -1, -0.5 * H]]);
    const retimed = row('1', 'Manager', [[140, 1, 20 * H]]);
    expect(merged([packedMarch, packedApril, undone, retimed])).toEqual({
      '1': {
        cells: [
          { bucket: 3, n: 2, ms: 0.75 * H },
          { bucket: 120, n: 1, ms: 10 * H },
          { bucket: 140, n: 1, ms: 20 * H },
        ],
        titles: { Manager: 4 },
      },
    });
  });

  it('counts every decision once whichever rows hold it: packed or loose, the figures agree', () => {
    const loose: [number, number, number][] = [
      [3, 1, 0.2 * H],
      [3, 1, 0.3 * H],
      [120, 1, 10 * H],
      [3, 1, 0.4 * H],
      [140, 1, 20 * H],
    ];
    const asCells = loose.map((cell) => row('u', '', [cell]));
    const packed = [
      row('u', '', [
        [3, 2, 0.5 * H],
        [120, 1, 10 * H],
      ]),
      row('u', '', [[3, 1, 0.4 * H]]),
      row('u', '', [[140, 1, 20 * H]]),
    ];
    const figures = (rows: CycleRow[]) => cycleFigures([...mergeCycleRows(rows).get('u')!.cells.values()]);
    expect(figures(packed)).toEqual(figures(asCells));
    expect(figures(packed)).toMatchObject({ decisions: 5 });
  });

  it('keeps the decisions of each title, so a title whose decisions were all undone drops out', () => {
    const groups = mergeCycleRows([
      row('2', 'Head (old)', [[5, 1, 0.3 * H]]),
      row('2', 'Head', [[5, 2, 0.6 * H]]),
      row('2', 'Head (old)', [[5, -1, -0.3 * H]]),
    ]);
    expect(Object.fromEntries(groups.get('2')!.titles)).toEqual({ 'Head (old)': 0, Head: 2 });
  });

  it('refuses a packed row whose lists differ in length', () => {
    expect(() => mergeCycleRows([{ key: '1', title: '', cells: [[1, 2], [1], [1, 2]] }])).toThrow(
      /different lengths/,
    );
  });
});
