import { describe, expect, it } from 'vitest';
import { addWorkingDays, isOverdue, stepDueTimes } from './working-days.js';

const at = (iso: string) => new Date(iso);

describe('addWorkingDays (Monday to Friday, UTC, no holidays)', () => {
  it('counts weekdays at the same time of day', () => {
    // 2026-11-23 is a Monday.
    expect(addWorkingDays(at('2026-11-23T10:00:00Z'), 2).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(addWorkingDays(at('2026-11-23T10:00:00Z'), 0).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('skips the weekend', () => {
    // Friday + 1 → Monday; Thursday + 2 → Monday; Friday + 5 → next Friday.
    expect(addWorkingDays(at('2026-11-27T16:30:00Z'), 1).toISOString()).toBe('2026-11-30T16:30:00.000Z');
    expect(addWorkingDays(at('2026-11-26T09:00:00Z'), 2).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(addWorkingDays(at('2026-11-27T09:00:00Z'), 5).toISOString()).toBe('2026-12-04T09:00:00.000Z');
    expect(addWorkingDays(at('2026-11-23T09:00:00Z'), 10).toISOString()).toBe('2026-12-07T09:00:00.000Z');
  });

  it('counts a weekend start from Monday 00:00 UTC', () => {
    expect(addWorkingDays(at('2026-11-28T15:00:00Z'), 1).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(addWorkingDays(at('2026-11-29T23:59:00Z'), 2).toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('uses UTC, not the local day', () => {
    // Friday 23:30 UTC is Saturday in Tokyo, still Friday here.
    expect(addWorkingDays(at('2026-11-27T23:30:00Z'), 1).toISOString()).toBe('2026-11-30T23:30:00.000Z');
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays(at('2026-11-23T10:00:00Z'), -1)).toThrow(RangeError);
    expect(() => addWorkingDays(at('2026-11-23T10:00:00Z'), 1.5)).toThrow(RangeError);
  });
});

describe('stepDueTimes', () => {
  it('has none without a due time', () => {
    expect(stepDueTimes(at('2026-11-23T10:00:00Z'), null)).toBeNull();
    expect(stepDueTimes(at('2026-11-23T10:00:00Z'), undefined)).toBeNull();
  });

  it('reminds when a quarter of the time is left', () => {
    const times = stepDueTimes(at('2026-11-23T10:00:00Z'), 2);
    expect(times?.dueAt.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(times?.remindAt.toISOString()).toBe('2026-11-24T22:00:00.000Z');
    // Over a weekend: Friday 10:00 + 2 → Tuesday 10:00 (96 h), reminded Monday 10:00.
    const weekend = stepDueTimes(at('2026-11-27T10:00:00Z'), 2);
    expect(weekend?.dueAt.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(weekend?.remindAt.toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('is overdue from the due instant on', () => {
    expect(isOverdue(at('2026-11-25T10:00:00Z'), at('2026-11-25T09:59:59Z'))).toBe(false);
    expect(isOverdue(at('2026-11-25T10:00:00Z'), at('2026-11-25T10:00:00Z'))).toBe(true);
    expect(isOverdue(null, at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
