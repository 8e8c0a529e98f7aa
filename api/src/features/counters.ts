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

/** The sum of some counters (0 for keys that never counted anything). */
export async function sumCounters(db: Db, organizationId: string, keys: readonly string[]): Promise<number> {
  let total = 0;
  for (const value of (await readCounters(db, organizationId, keys)).values()) total += value;
  return total;
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
