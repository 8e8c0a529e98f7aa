import { ValidationFailed } from './errors.js';

/** A report's period: whole UTC days, `from` inclusive, `to` inclusive; `end` is the day after `to`. */
export interface ReportPeriod {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

/** The longest period a report reads (docs/decisions.md "Reports"): five years of days. */
export const MAX_REPORT_DAYS = 5 * 366;

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period of a report from its `from` / `to` query values (ISO days, UTC). Without `to` it ends
 * today; without `from` it starts on the first day of the month eleven months before `to`'s (twelve
 * calendar months). `from` after `to` or a period longer than {@link MAX_REPORT_DAYS} is refused,
 * naming the field.
 */
export function reportPeriod(query: { from?: string; to?: string }, now = new Date()): ReportPeriod {
  const to = query.to ?? isoDay(now);
  const last = new Date(`${to}T00:00:00.000Z`);
  const from = query.from ?? isoDay(new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - 11, 1)));
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(last.getTime() + DAY);
  if (start > last) {
    throw new ValidationFailed('The period must start on or before its last day', [
      { field: 'from', message: 'must be on or before to' },
    ]);
  }
  if ((end.getTime() - start.getTime()) / DAY > MAX_REPORT_DAYS) {
    throw new ValidationFailed('A report covers at most five years', [
      { field: 'to', message: 'must be at most five years after from' },
    ]);
  }
  return { from, to, start, end };
}

/**
 * True when the period reads as whole calendar months: from the first of a month to the last of a
 * month, or to today or later (nothing is sent after now, so the rest of the current month adds
 * nothing: the default period, twelve months to today, is whole months).
 */
export function isWholeMonths(period: ReportPeriod, now = new Date()): boolean {
  return (
    period.start.getUTCDate() === 1 && (period.end.getUTCDate() === 1 || period.end.getTime() > now.getTime())
  );
}

/** `YYYY-MM` as the screens label a month: `Nov 2026`. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
