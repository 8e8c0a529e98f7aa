import { describe, expect, it } from 'vitest';
import { budgetUtilization, calendarMonthOf, fiscalYearOf } from './fiscal-year.js';

describe('fiscalYearOf', () => {
  it.each([
    ['2026-11-21', 1, 2026, '2026-01-01', '2027-01-01'],
    ['2026-01-01', 1, 2026, '2026-01-01', '2027-01-01'],
    ['2026-11-21', 7, 2026, '2026-07-01', '2027-07-01'],
    ['2026-06-30', 7, 2025, '2025-07-01', '2026-07-01'],
    ['2026-07-01', 7, 2026, '2026-07-01', '2027-07-01'],
  ])('places %s in the fiscal year starting in month %i', (date, startMonth, year, start, end) => {
    const fy = fiscalYearOf(new Date(`${date}T12:00:00Z`), startMonth);
    expect(fy.year).toBe(year);
    expect(fy.start.toISOString().slice(0, 10)).toBe(start);
    expect(fy.end.toISOString().slice(0, 10)).toBe(end);
  });

  it('refuses a month outside 1..12', () => {
    expect(() => fiscalYearOf(new Date(), 13)).toThrow(RangeError);
  });
});

describe('calendarMonthOf', () => {
  it('spans the whole month, end exclusive, across a year end', () => {
    const month = calendarMonthOf(new Date('2026-12-31T23:59:59Z'));
    expect(month.start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(month.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('budgetUtilization', () => {
  it('is (spent + committed) / allocated in percent with two decimals', () => {
    expect(budgetUtilization(300000, 12500.5, 20000)).toBe(10.83);
  });
  it('is zero when nothing is allocated', () => {
    expect(budgetUtilization(0, 100, 100)).toBe(0);
  });
});
