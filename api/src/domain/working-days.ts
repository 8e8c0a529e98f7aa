/**
 * Due times of approval steps (docs/decisions.md "Reminders and escalation"). Working days are Monday
 * to Friday in UTC, with no holidays: the organisation has no time zone or calendar in the data.
 */

const DAY_MS = 86_400_000;

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/** The start (00:00 UTC) of the next Monday after weekend day `date`. */
function nextMonday(date: Date): Date {
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(start + (date.getUTCDay() === 6 ? 2 : 1) * DAY_MS);
}

/**
 * `days` working days after `from`: the same time of day that many weekdays later. A start on a
 * Saturday or Sunday counts from Monday 00:00 UTC (time in a weekend is not working time), so a step
 * opened on Saturday with 1 working day is due on Tuesday 00:00 UTC.
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days must be a whole number ≥ 0');
  let at = isWeekend(from) ? nextMonday(from) : new Date(from.getTime());
  for (let left = days; left > 0; ) {
    at = new Date(at.getTime() + DAY_MS);
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

/** Share of the time from opening to due that is left when the holder is reminded. */
export const REMINDER_SHARE_LEFT = 0.25;

/**
 * When a step opened at `openedAt` on a level with `dueInWorkingDays` is due, and when its holder is
 * reminded: once a quarter of the time to the due time is left (for 2 working days from a Monday, 12 hours
 * before on weekdays; a weekend in between counts as elapsed time). No due time: null.
 */
export function stepDueTimes(
  openedAt: Date,
  dueInWorkingDays: number | null | undefined,
): { dueAt: Date; remindAt: Date } | null {
  if (dueInWorkingDays === null || dueInWorkingDays === undefined || dueInWorkingDays < 1) return null;
  const dueAt = addWorkingDays(openedAt, dueInWorkingDays);
  const span = dueAt.getTime() - openedAt.getTime();
  return { dueAt, remindAt: new Date(dueAt.getTime() - Math.round(span * REMINDER_SHARE_LEFT)) };
}

/** Whether a step due at `dueAt` is overdue at `now` (an open step: the caller checks it is open). */
export const isOverdue = (dueAt: Date | null, now: Date): boolean =>
  dueAt !== null && dueAt.getTime() <= now.getTime();
