import { describe, expect, it } from 'vitest';
import { cycleFigures, cyclePlan } from './cycle-time.js';

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
