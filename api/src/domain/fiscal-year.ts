/** A fiscal year: `year` is the calendar year in which it starts; `end` is exclusive. */
export interface FiscalYear {
  year: number;
  start: Date;
  end: Date;
}

/**
 * The fiscal year containing `now` for an organisation whose fiscal year starts in month
 * `startMonth` (1–12). January gives the calendar year; July gives July–June, labelled by the
 * year it starts in. Dates are UTC.
 */
export function fiscalYearOf(now: Date, startMonth: number): FiscalYear {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) {
    throw new RangeError('fiscal year start month must be 1..12');
  }
  const month = now.getUTCMonth() + 1;
  const year = month >= startMonth ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return {
    year,
    start: new Date(Date.UTC(year, startMonth - 1, 1)),
    end: new Date(Date.UTC(year + 1, startMonth - 1, 1)),
  };
}

/** The calendar month containing `now` (UTC), end exclusive. */
export function calendarMonthOf(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * Budget utilisation in percent, rounded to two decimals: (spent + committed) / allocated.
 * Zero when nothing is allocated (there is nothing to utilise).
 */
export function budgetUtilization(allocated: number, spent: number, committed: number): number {
  if (!(allocated > 0)) return 0;
  return Math.round(((spent + committed) / allocated) * 10000) / 100;
}
