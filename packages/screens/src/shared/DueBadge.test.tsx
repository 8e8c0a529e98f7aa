import { describe, expect, it } from 'vitest';
import { dueLabel } from './DueBadge';

const now = new Date('2026-11-27T12:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('dueLabel', () => {
  it('counts days from two days on, hours below, minutes under an hour', () => {
    expect(dueLabel(plus(2 * 24 * HOUR), now)).toEqual({ text: 'Due in 2 days', overdue: false });
    expect(dueLabel(plus(47 * HOUR), now)).toEqual({ text: 'Due in 47 hours', overdue: false });
    expect(dueLabel(plus(HOUR), now)).toEqual({ text: 'Due in 1 hour', overdue: false });
    expect(dueLabel(plus(20 * 60_000), now)).toEqual({ text: 'Due in 20 minutes', overdue: false });
    expect(dueLabel(plus(10_000), now)).toEqual({ text: 'Due in 1 minute', overdue: false });
  });

  it('is overdue from the due instant on', () => {
    expect(dueLabel(plus(0), now)).toEqual({ text: 'Overdue by 1 minute', overdue: true });
    expect(dueLabel(plus(-3 * HOUR - 59_000), now)).toEqual({ text: 'Overdue by 3 hours', overdue: true });
    expect(dueLabel(plus(-5 * 24 * HOUR), now)).toEqual({ text: 'Overdue by 5 days', overdue: true });
  });
});
