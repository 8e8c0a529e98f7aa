import { createHash } from 'node:crypto';
import type { components } from '@purchasing/contract';
import { validationError } from '../contract/validation.js';

/**
 * Seek (keyset) paging beside the specification's page numbers (issue 12, docs/adr/005-counters.md).
 *
 * A list is ordered by a timestamp and the id, both in one direction. Each page answers an opaque
 * cursor naming its first and last rows, its offset and the filters it was read with. A request that
 * sends the cursor back with a nearby `offset` is served by seeking from that page (an index range
 * read that costs the same at any depth) and skipping at most {@link MAX_SEEK_SKIP} rows; anything
 * else (no cursor, other filters, a far jump) falls back to `OFFSET`, so page numbers always mean
 * what they say.
 */

/** The most rows a seek skips; beyond it `OFFSET` from the start is the plan. */
export const MAX_SEEK_SKIP = 1000;

/**
 * A row's place in the order: its timestamp (text, microseconds, UTC) and id, after its leading
 * timestamp (or 'infinity') when the order has one ({@link SeekOrder.lead}).
 */
export interface SeekKey {
  lead?: string;
  at: string;
  id: string;
}

interface CursorData {
  /** The list and its filters (a hash). */
  f: string;
  /** Offset of the page the cursor was issued for, and how many rows it had. */
  o: number;
  n: number;
  first: SeekKey;
  last: SeekKey;
}

/** How to read a page: skip from the start, or seek past a key in the list's order or against it. */
export type PagePlan =
  | { mode: 'offset'; offset: number }
  | { mode: 'after'; key: SeekKey; skip: number }
  | { mode: 'before'; key: SeekKey; skip: number };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isKey = (value: unknown): value is SeekKey =>
  typeof value === 'object' &&
  value !== null &&
  ((value as SeekKey).lead === undefined ||
    (typeof (value as SeekKey).lead === 'string' &&
      ((value as SeekKey).lead === 'infinity' || TIMESTAMP.test((value as SeekKey).lead as string)))) &&
  typeof (value as SeekKey).at === 'string' &&
  TIMESTAMP.test((value as SeekKey).at) &&
  typeof (value as SeekKey).id === 'string' &&
  UUID.test((value as SeekKey).id);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000_000;

/** A short hash naming a list and its filters; a cursor is only used for the same one. */
export function filterHash(parts: unknown): string {
  const text = JSON.stringify(parts);
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    // A list asked again and again with the same filters (every page of it) hashes them once.
    if (hashes.size >= MAX_HASHES) hashes.delete(hashes.keys().next().value!);
    hashes.set(text, hash);
  }
  return hash;
}

/** {@link filterHash}'s answers by the text they hash, the most recent {@link MAX_HASHES}. */
const hashes = new Map<string, string>();
const MAX_HASHES = 1_000;

function decodeCursor(cursor: string): CursorData {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    data = null;
  }
  const c = data as CursorData | null;
  if (
    !c ||
    typeof c !== 'object' ||
    typeof c.f !== 'string' ||
    c.f.length > 32 ||
    !isCount(c.o) ||
    !isCount(c.n) ||
    c.n === 0 ||
    !isKey(c.first) ||
    !isKey(c.last)
  ) {
    throw validationError([
      { field: 'cursor', message: 'Invalid cursor: send back a pagination.cursor of this list' },
    ]);
  }
  return c;
}

/** The cursor a page answers: its first and last keys, offset and size, for these filters. */
export function encodeCursor(hash: string, offset: number, keys: SeekKey[]): string | undefined {
  const first = keys[0];
  const last = keys[keys.length - 1];
  if (!first || !last) return undefined;
  const data: CursorData = { f: hash, o: offset, n: keys.length, first, last };
  return Buffer.from(JSON.stringify(data)).toString('base64url');
}

/**
 * How to read the page at `offset` of `limit` rows, given the cursor the client sent (if any) and
 * the hash of the current list and filters.
 */
export function planPage(cursor: string | undefined, hash: string, offset: number, limit: number): PagePlan {
  if (!cursor) return { mode: 'offset', offset };
  const c = decodeCursor(cursor);
  if (c.f !== hash || offset === 0) return { mode: 'offset', offset };
  const afterLast = offset - (c.o + c.n);
  if (afterLast >= 0 && afterLast <= MAX_SEEK_SKIP) {
    return { mode: 'after', key: c.last, skip: afterLast };
  }
  if (offset === c.o) return { mode: 'after', key: c.first, skip: -1 };
  // A page that ends at or before the cursor's first row: read backwards from that row.
  const beforeFirst = c.o - (offset + limit);
  if (beforeFirst >= 0 && beforeFirst <= MAX_SEEK_SKIP) {
    return { mode: 'before', key: c.first, skip: beforeFirst };
  }
  return { mode: 'offset', offset };
}

/** An ordered list: its order columns (timestamp, id) and their direction. */
export interface SeekOrder {
  /**
   * A timestamp expression ordered before `at`, never null (`COALESCE(due_at, 'infinity')` puts the
   * rows without one last): the approval queue's "Due soonest". Its key is part of the cursor.
   */
  lead?: string;
  at: string;
  id: string;
  direction: 'ASC' | 'DESC';
}

/** The order's columns as an SQL list: `lead, at, id` or `at, id`. */
export const seekColumns = (order: SeekOrder): string[] =>
  order.lead ? [order.lead, order.at, order.id] : [order.at, order.id];

/**
 * The condition, ORDER BY and OFFSET that read a page planned by {@link planPage}; `param` binds a
 * value and answers its placeholder. `reversed`: the rows come back against the list's order and
 * must be reversed.
 */
export function seekSql(
  plan: PagePlan,
  order: SeekOrder,
  param: (value: unknown) => string,
): { where: string | null; orderBy: string; offset: number; reversed: boolean } {
  const columns = seekColumns(order);
  const forward = columns.map((column) => `${column} ${order.direction}`).join(', ');
  const backwardDirection = order.direction === 'ASC' ? 'DESC' : 'ASC';
  const backward = columns.map((column) => `${column} ${backwardDirection}`).join(', ');
  if (plan.mode === 'offset') return { where: null, orderBy: forward, offset: plan.offset, reversed: false };
  // A cursor of this list's filters (the hash names the order too) always has the lead; one without
  // it was not issued by this list.
  if (order.lead && plan.key.lead === undefined) {
    throw validationError([
      { field: 'cursor', message: 'Invalid cursor: send back a pagination.cursor of this list' },
    ]);
  }
  const lead = order.lead ? `${param(plan.key.lead)}::timestamptz, ` : '';
  const key = `(${lead}${param(plan.key.at)}::timestamptz, ${param(plan.key.id)}::uuid)`;
  const row = `(${columns.join(', ')})`;
  if (plan.mode === 'after') {
    // skip -1: the same page again, from its first row inclusive.
    const later = order.direction === 'DESC' ? '<' : '>';
    const comparison = plan.skip < 0 ? `${later}=` : later;
    return {
      where: `${row} ${comparison} ${key}`,
      orderBy: forward,
      offset: Math.max(plan.skip, 0),
      reversed: false,
    };
  }
  const earlier = order.direction === 'DESC' ? '>' : '<';
  return { where: `${row} ${earlier} ${key}`, orderBy: backward, offset: plan.skip, reversed: true };
}

/** A page as read with {@link seekKeySql}'s columns, and where it is in its list. */
export interface ReadPage<T> {
  rows: (T & { seek_at: string; seek_id: string; seek_lead?: string })[];
  reversed: boolean;
  hash: string;
  limit: number;
  offset: number;
  total: { total: number; capped: boolean };
}

/**
 * The page's rows in the list's order without their seek keys, and its pagination: the total and the
 * cursor of the page (its first and last keys), for the client to send back with a nearby offset.
 */
export function answerPage<T>(page: ReadPage<T>): {
  rows: T[];
  pagination: components['schemas']['Pagination'];
} {
  const ordered = page.reversed ? [...page.rows].reverse() : page.rows;
  const keys: SeekKey[] = ordered.map((row) =>
    row.seek_lead === undefined
      ? { at: row.seek_at, id: row.seek_id }
      : { lead: row.seek_lead, at: row.seek_at, id: row.seek_id },
  );
  return {
    rows: ordered.map(({ seek_at: _at, seek_id: _id, seek_lead: _lead, ...row }) => row as T),
    pagination: {
      limit: page.limit,
      offset: page.offset,
      total: page.total.total,
      total_capped: page.total.capped,
      ...(keys.length ? { cursor: encodeCursor(page.hash, page.offset, keys) } : {}),
    },
  };
}

const instantText = (at: string) => `to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * SQL for a row's seek key as text with microseconds in UTC (JavaScript dates keep only ms), and its
 * leading timestamp when the order has one (`infinity`, which `to_char` cannot write, as the word).
 */
export const seekKeySql = (at: string, id: string, lead?: string) =>
  `${lead ? `COALESCE(${instantText(lead)}, 'infinity') AS seek_lead, ` : ''}${instantText(at)} AS seek_at, ${id} AS seek_id`;

/** Counts stop here for broad filters: the screens show "10,000+". */
export const COUNT_CAP = 10_000;

/**
 * A search's count stops sooner: counting a common term's matches means testing the text of rows
 * until the cap (six rows per match for a term in one requisition in six), so "100+" (ten pages).
 * The list tells a common term from a rare one by finding more than this many matches among the
 * newest rows (features/requisitions/requisition-search.ts).
 */
export const SEARCH_COUNT_CAP = 100;
