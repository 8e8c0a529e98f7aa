import { select } from '../db-query.js';
import type { Db } from '../http/context.js';

/**
 * The organisation's maintained counters (migration `2026.11.25T01.00.00.counters-and-seek-indexes`,
 * docs/adr/005-counters.md): each key's value is the sum of its delta rows, written by triggers in the
 * same transaction as the change they count, so a count is as exact as `count(*)` and costs a few
 * dozen index entries whatever the size of the organisation.
 */
export async function readCounters(
  db: Db,
  organizationId: string,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const rows = await select<{ key: string; n: string }>(
    db,
    `SELECT key, sum(n)::text AS n FROM counter_deltas
      WHERE organization_id = $1 AND key = ANY($2::text[]) GROUP BY key`,
    [organizationId, keys],
  );
  const values = new Map(keys.map((key) => [key, 0]));
  for (const row of rows) values.set(row.key, Number(row.n));
  return values;
}

/** `YYYY-MM` keys of the calendar months (UTC) from `start` up to `end` (exclusive). */
export function monthKeys(start: Date, end: Date): string[] {
  const keys: string[] = [];
  for (let d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1)); d < end; ) {
    keys.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  return keys;
}

/**
 * Counts the rows of `matches` (a query answering one row per match) up to `cap`; beyond it the
 * total is the cap, marked capped (`pagination.total_capped`).
 */
export async function countUpTo(
  db: Db,
  matches: string,
  bind: unknown[],
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const rows = await select<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM (${matches} LIMIT ${cap + 1}) matches`,
    bind,
  );
  const n = rows[0]?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** What a list's total is: exact, or counted up to a cap (`total_capped` beyond it). */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/**
 * A list's total as a scalar sub-select that the page's statement reads beside its rows (PostgreSQL
 * runs an uncorrelated sub-select once, as an InitPlan): one round trip for the page and its total.
 * `fallback` answers it on its own, for a page with no rows.
 */
export interface PageTotal {
  sql: string;
  cap: number | null;
  fallback: () => Promise<ListTotal>;
}

/**
 * The sum of the counters `plus` minus those of `minus` (never below zero), as a {@link PageTotal}.
 * `organization` is the bind position of the organisation; `param` adds bind values to the page's.
 */
export function counterTotal(
  db: Db,
  organizationId: string,
  organization: string,
  param: (value: unknown) => string,
  plus: readonly string[],
  minus: readonly string[] = [],
): PageTotal {
  const all = [...plus, ...minus];
  return {
    sql: `SELECT GREATEST(COALESCE(sum(CASE WHEN t.key = ANY(${param(plus)}::text[]) THEN t.n ELSE -t.n END), 0), 0)
            FROM counter_deltas t WHERE t.organization_id = ${organization} AND t.key = ANY(${param(all)}::text[])`,
    cap: null,
    fallback: async () => {
      const values = await readCounters(db, organizationId, all);
      let total = 0;
      for (const key of plus) total += values.get(key) ?? 0;
      for (const key of minus) total -= values.get(key) ?? 0;
      return { total: Math.max(total, 0), capped: false };
    },
  };
}

/** The rows of `matches` counted up to `cap`, as a {@link PageTotal} (`bind`: its bind values so far). */
export function cappedTotal(db: Db, matches: string, bind: unknown[], cap: number): PageTotal {
  const frozen = [...bind];
  return {
    sql: `SELECT count(*) FROM (${matches} LIMIT ${cap + 1}) matches`,
    cap,
    fallback: () => countUpTo(db, matches, frozen, cap),
  };
}

/**
 * Runs a page statement whose select list has the total's column (`page(column)` puts it there) and
 * answers its rows (without the column) and the total.
 */
export async function selectPageWithTotal<T extends object>(
  db: Db,
  page: (totalColumn: string) => string,
  bind: unknown[],
  total: PageTotal,
): Promise<{ rows: T[]; total: ListTotal }> {
  const rows = await select<T & { page_total: string | number }>(
    db,
    page(`(${total.sql}) AS page_total`),
    bind,
  );
  if (rows.length === 0) return { rows: [], total: await total.fallback() };
  const n = Number(rows[0]!.page_total);
  const capped = total.cap !== null && n > total.cap;
  return {
    rows: rows.map(({ page_total: _total, ...row }) => row as unknown as T),
    total: { total: capped ? total.cap! : n, capped },
  };
}
