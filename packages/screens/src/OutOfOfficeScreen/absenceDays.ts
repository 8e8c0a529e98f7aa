/**
 * Days as the Out of office form offers them (`YYYY-MM-DD`, the browser's days) and the instants the
 * API stores (docs/decisions.md "Out of office"): the first day away starts at its midnight, or now
 * when it is today; the last day away ends at the next midnight.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of `date` as `YYYY-MM-DD`. */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const midnight = (day: string, addDays = 0): Date => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + addDays);
};

/** When an absence whose first day is `day` starts: that day's midnight, or `now` on today. */
export const startOf = (day: string, now: Date): Date => (day === localDay(now) ? now : midnight(day));

/** When an absence whose last day is `day` ends: the next midnight. */
export const endOf = (day: string): Date => midnight(day, 1);

/** The last day away of an absence ending at `endsAt` (the day before its end's midnight). */
export const lastDayOf = (endsAt: string): string => localDay(new Date(new Date(endsAt).getTime() - 1));
