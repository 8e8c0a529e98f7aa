import { z } from 'zod/mini';
import { lenient } from '../kit/list/listSearch';

/**
 * The Reports screen's filters as they live in the URL (`?from=2026-01-01&to=2026-06-30&cost_center_id=…`),
 * so a reload or a shared link shows the same reports. An absent period is the server's default (the
 * last twelve calendar months); an absent cost centre is every cost centre.
 */
export interface ReportsSearch {
  from?: string;
  to?: string;
  cost_center_id?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A day `yyyy-MM-dd` that exists, or `undefined`. */
export function reportDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : value;
}

const costCenterId = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value : undefined);

/**
 * Validates the Reports screen's URL search into a {@link ReportsSearch}. It never fails: a day that
 * does not exist, a malformed id and unknown keys are dropped, so an old or hand-edited link still
 * opens the screen.
 */
export const reportsSearchSchema = z.pipe(
  z.catch(
    z.object({ from: lenient(reportDay), to: lenient(reportDay), cost_center_id: lenient(costCenterId) }),
    {},
  ),
  z.transform((search): ReportsSearch => {
    const next: ReportsSearch = {};
    if (search.from) next.from = search.from;
    if (search.to) next.to = search.to;
    if (search.cost_center_id) next.cost_center_id = search.cost_center_id;
    return next;
  }),
);

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The periods the screen offers, each as `from` / `to` days (UTC) relative to `today`. */
export function reportPeriods(
  today: Date = new Date(),
): { value: string; label: string; from: string; to: string }[] {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const first = (year: number, month: number) => iso(new Date(Date.UTC(year, month, 1)));
  const last = (year: number, month: number) => iso(new Date(Date.UTC(year, month + 1, 0)));
  return [
    { value: '12m', label: 'Last 12 months', from: first(y, m - 11), to: iso(today) },
    { value: 'month', label: 'This month', from: first(y, m), to: iso(today) },
    { value: 'last-month', label: 'Last month', from: first(y, m - 1), to: last(y, m - 1) },
    { value: '3m', label: 'Last 3 months', from: first(y, m - 2), to: iso(today) },
    { value: 'year', label: 'This year', from: first(y, 0), to: iso(today) },
    { value: 'last-year', label: 'Last year', from: first(y - 1, 0), to: last(y - 1, 11) },
  ];
}
