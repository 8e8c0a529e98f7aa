import { likePattern, select } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { countUpTo, type PageTotal } from '../counters.js';
import { SEARCH_COUNT_CAP } from '../paging.js';

/**
 * How the requisition list finds a search term's rows for a caller who sees the whole organisation
 * (issue 12, docs/query-plans.md "Session 6").
 *
 * The term is tested against `search_text` (number, justification, requestor's name and email),
 * which a trigram index holds. Which read is fast depends on the term, and PostgreSQL cannot tell
 * under row-level security (the policy's comparison is estimated at 0.5% of the rows, so a term in
 * one requisition in six looks rare):
 * - a common term ("Uma": 182,000 of 1,000,000) is found by reading the newest requisitions in the
 *   list's order and testing each one: ten matches in about sixty rows, where the trigram index
 *   reads all 182,000 entries (20 to 40 ms) before the first row;
 * - a rare term (a number) is found by the trigram index in a fraction of a millisecond, where the
 *   newest-first read would test every row.
 *
 * So the list first tests the newest {@link PROBE_ROWS} rows (the probe): a term with more than
 * {@link SEARCH_COUNT_CAP} matches among them is common (its total is shown as "100+") and its
 * pages are read newest first; any other term is read from the trigram index, unless the index
 * holds more than {@link MOST_INDEXED_MATCHES} matches ({@link hasManyMatches}: common, but not
 * lately), which are read newest first too. A term with a run of five digits or more (a requisition
 * number, or part of one) skips the probe: it is rare.
 */

/** How many of the newest rows (under the other filters) the probe tests. */
export const PROBE_ROWS = 1000;

/** The term's longest run of digits. */
const longestDigitRun = (term: string) =>
  (term.match(/\d+/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');

/** A term with a run of five digits or more is looked up in the index at once. */
export const looksLikeNumber = (term: string) => longestDigitRun(term).length >= 5;

/**
 * The pattern the trigram index is read with: the term's run of digits when it has one of five or
 * more and other characters around it ("REQ-2026-123456": `REQ-2026-` is in every row, and reading
 * those trigrams cost 20 ms at 1M where `123456` costs 0.3 ms), else the whole term. Each row the
 * index answers is then tested against the whole term ({@link unindexedMatch}).
 */
export function indexPattern(term: string): string {
  const run = longestDigitRun(term);
  return likePattern(run.length >= 5 ? run : term);
}

/**
 * `text` (a search text, stored in lower case: migration 2026.11.26T23.50.00) matches the LIKE
 * pattern bound at `pattern`, case aside: `ILIKE` would lower-case every row's text on every test
 * (6 µs a row, against under 1 µs for `LIKE`); here only the pattern is lowered, once per row tested,
 * as PostgreSQL's `ILIKE` itself does, so the same rows match. The trigram index serves it.
 */
export const textMatch = (text: string, pattern: string) => `${text} LIKE lower(${pattern})`;

/**
 * The trigram condition on `r` for a term whose whole pattern is bound at `term` (`param` adds
 * bind values): a number is read by its digits and tested whole on each row the index answers.
 */
export const indexCondition = (search: string, term: string, param: (value: unknown) => string) =>
  looksLikeNumber(search)
    ? `${textMatch('r.search_text', param(indexPattern(search)))} AND ${unindexedMatch('r', term)}`
    : textMatch('r.search_text', term);

/**
 * The term tested on a row without the trigram index (an expression the index does not hold):
 * where the rows come from another index, the planner must not swap to the trigram one.
 */
export const unindexedMatch = (alias: string, pattern: string) =>
  textMatch(`(${alias}.search_text || '')`, pattern);

/**
 * How the probe reads its window: `where` is the list's filters but the search, `rows` the SQL of
 * {@link PROBE_ROWS} as a bind parameter, and `ordered` whether an index answers `where` in the
 * list's order (each filter an equality or a range: no `= ANY` of several values).
 */
export interface ProbeSource {
  where: string;
  rows: string;
  ordered: boolean;
}

/**
 * The newest {@link PROBE_ROWS} requisitions matching the source's filters, with `id`, `created_at`
 * and `search_text`, as a sub-select to read as `w`.
 *
 * - Filters an index answers in order: the rows read straight from that index, newest first, each
 *   with its text (one heap read a row: 180 buffers for the 600 rows "Uma" needs at 1M). The limit
 *   is a bind parameter, so that the reused generic plan reckons on reading part of the index
 *   (PostgreSQL counts a tenth for an unknown limit) and keeps the ordered scan whatever row-level
 *   security's estimate of the organisation (a literal 1,000 above an estimate of 55 rows made a
 *   bitmap read and a sort of the whole organisation look as cheap).
 * - Other filters (several statuses, say): their ids first from an index-only read and a sort, then
 *   each one's text by its id (4 buffers a row, but no row read for a sorted-out one).
 */
export const probeWindow = ({ where, rows, ordered }: ProbeSource) =>
  ordered
    ? `(SELECT r.id, r.created_at, r.search_text FROM requisitions r
         WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${rows}) w`
    : `(SELECT n.id, n.created_at, s.search_text
      FROM (SELECT r.id, r.created_at FROM requisitions r
             WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${rows}) n
      JOIN requisitions s ON s.id = n.id AND s.organization_id = $1) w`;

/** The matches of `pattern` in the probe's window, counted up to one past the cap. */
export const probeCountSql = (source: ProbeSource, pattern: string) =>
  `SELECT count(*) FROM (SELECT 1 FROM ${probeWindow(source)} WHERE ${textMatch('w.search_text', pattern)}
      LIMIT ${SEARCH_COUNT_CAP + 1}) probe`;

/**
 * The newest matches of `pattern` in the probe's window, up to one past the cap, newest first, with
 * `id` and `created_at`: more than the cap of them, and the term is common.
 */
export const probeMatchesSql = (source: ProbeSource, pattern: string) =>
  `SELECT w.id, w.created_at FROM ${probeWindow(source)} WHERE ${textMatch('w.search_text', pattern)}
      ORDER BY w.created_at DESC, w.id DESC LIMIT ${SEARCH_COUNT_CAP + 1}`;

/** Whether `pattern` has more than the cap's matches among the newest rows (then the term is common). */
export async function isCommonTerm(
  db: Db,
  source: ProbeSource,
  pattern: string,
  bind: unknown[],
): Promise<boolean> {
  const rows = await select<{ n: string }>(db, `SELECT (${probeCountSql(source, pattern)}) AS n`, bind);
  return Number(rows[0]?.n ?? 0) > SEARCH_COUNT_CAP;
}

/** The most matches the index path reads and sorts; a term with more is read newest first. */
export const MOST_INDEXED_MATCHES = PROBE_ROWS;

/**
 * Whether the trigram index holds more than {@link MOST_INDEXED_MATCHES} matches of the term
 * (`conditions` as for {@link rareTermHits}): a term common in older requisitions but not among
 * the newest. Reading them all to sort them cost 2.5 s for 182,000; read newest first, the page is
 * found in a few thousand rows, and the total is "100+". This check reads the term's index entries
 * (20 to 40 ms for the most common), which only such a term pays.
 */
export async function hasManyMatches(db: Db, conditions: string[], bind: unknown[]): Promise<boolean> {
  const rows = await select<{ n: string }>(
    db,
    `SELECT count(*) AS n FROM (SELECT 1 FROM requisitions r
      WHERE ${['(r.organization_id = $1) IS TRUE', ...conditions].join(' AND ')}
      LIMIT ${MOST_INDEXED_MATCHES + 1}) m`,
    bind,
  );
  return Number(rows[0]?.n ?? 0) > MOST_INDEXED_MATCHES;
}

/** The total of a common term: more than the cap, known from the probe. */
export const commonTermTotal: PageTotal = {
  sql: `SELECT ${SEARCH_COUNT_CAP + 1}`,
  cap: SEARCH_COUNT_CAP,
  fallback: async () => ({ total: SEARCH_COUNT_CAP, capped: true }),
};

/**
 * A rare term's matches as the CTE `hits`, materialised once for the page and its total, and the
 * total counted from it up to the cap. `conditions` are the list's filters but the organisation's
 * (bind position 1) and the index condition.
 *
 * The statement is prepared once and its plan reused, so the plan cannot depend on the term: the
 * organisation is compared as `(…) IS TRUE`, which no index answers, so that the reused plan reads
 * the trigram index alone (as an index condition, `organization_id = $1` made the generic plan AND
 * the trigram index with the organisation's million entries: 51 ms for one row instead of 0.3).
 */
export function rareTermHits(
  db: Db,
  conditions: string[],
  bind: unknown[],
): { cte: string; total: PageTotal } {
  const matches = `SELECT r.id, r.created_at FROM requisitions r
     WHERE ${['(r.organization_id = $1) IS TRUE', ...conditions].join(' AND ')}`;
  const frozen = [...bind];
  return {
    cte: `WITH hits AS MATERIALIZED (${matches})`,
    total: {
      sql: `SELECT count(*) FROM (SELECT 1 FROM hits LIMIT ${SEARCH_COUNT_CAP + 1}) h`,
      cap: SEARCH_COUNT_CAP,
      fallback: () => countUpTo(db, matches, frozen, SEARCH_COUNT_CAP),
    },
  };
}
