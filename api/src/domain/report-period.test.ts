import { describe, expect, it } from 'vitest';
import { isWholeMonths, reportPeriod } from './report-period.js';

describe('isWholeMonths', () => {
  const now = new Date('2026-11-27T20:00:00.000Z');
  it('takes the first of a month to the last of a month', () => {
    expect(isWholeMonths(reportPeriod({ from: '2026-01-01', to: '2026-03-31' }), now)).toBe(true);
  });
  it('takes a period to today or later as whole months: nothing is sent after now', () => {
    expect(isWholeMonths(reportPeriod({ from: '2026-01-01', to: '2026-11-27' }), now)).toBe(true);
    expect(isWholeMonths(reportPeriod({ from: '2026-01-01', to: '2027-02-10' }), now)).toBe(true);
    expect(isWholeMonths(reportPeriod({}, now), now)).toBe(true);
  });
  it('refuses a part of a past month, and a period not starting on the first', () => {
    expect(isWholeMonths(reportPeriod({ from: '2026-01-01', to: '2026-11-26' }), now)).toBe(false);
    expect(isWholeMonths(reportPeriod({ from: '2026-01-02', to: '2026-03-31' }), now)).toBe(false);
  });
});
