import type { components } from '@purchasing/contract';
import { likePattern, select } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { cappedTotal, counterTotal, type PageTotal, selectPageWithTotal } from '../counters.js';
import {
  answerPage,
  COUNT_CAP,
  filterHash,
  MAX_SEEK_SKIP,
  type PagePlan,
  planPage,
  SEARCH_COUNT_CAP,
  seekKeySql,
  seekSql,
} from '../paging.js';
import { type RequisitionFilter, requisitionConditions, searchCondition } from './requisition-filter.js';
import {
  commonTermTotal,
  hasManyMatches,
  indexCondition,
  isCommonTerm,
  looksLikeNumber,
  PROBE_ROWS,
  probeMatchesSql,
  rareTermHits,
  unindexedMatch,
} from './requisition-search.js';
import {
  manyStepsCountSql,
  manyStepsSql,
  visibleCountSql,
  visiblePageRows,
  visibleRow,
  visibleRows,
} from './requisition-visible.js';
import {
  presentSummary,
  type RequisitionSummaryRow,
  type RequisitionSummaryView,
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
} from './requisitions.presenter.js';
import type { Actor } from './requisitions.service.js';

export type { RequisitionFilter } from './requisition-filter.js';

type Pagination = components['schemas']['Pagination'];

/** Where a page's ids are read from, under which alias, and what its total is. */
interface PageSource {
  /** A WITH clause the page's statement starts with, or ''. */
  prefix: string;
  /**
   * The relation, or a function of the page's seek condition and order on `x` and of its depth
   * (the bind position of offset + limit) for a relation that reads only the rows up to the page.
   */
  from: string | ((seek: string | null, order: string, first: string) => string);
  alias: string;
  where: string[];
  total: PageTotal;
  /** The OFFSET as SQL when it is not the planned number (a far page of everything: {@link dayAnchor}). */
  offsetSql?: string;
}

/**
 * A page of the requisitions the actor may see, newest first, filtered as `listRequisitions`
 * describes; `search` matches the number, the justification and the requestor's name or email.
 *
 * The total is exact and read from the maintained counters when it can be (everything, or filters of
 * one kind, for a caller who sees everything: {@link filterCounterKeys}); otherwise it is counted up to
 * {@link COUNT_CAP}, or {@link SEARCH_COUNT_CAP} for a search (`total_capped` beyond). With the cursor
 * of a nearby page the page is found by seeking; a far page of everything, from the day counters.
 */
export async function listRequisitions(
  db: Db,
  actor: Actor,
  filter: RequisitionFilter,
): Promise<{ requisitions: RequisitionSummaryView[]; pagination: Pagination }> {
  const organizationId = actor.scope.organizationId;
  const viewAll = actor.scope.permissions.has('requisition.view_all');
  const bind: unknown[] = [organizationId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const { where, caller, ordered } = requisitionConditions(actor, filter, param);
  // A caller who sees part of the organisation and filters nothing but a term: the page from their own set.
  const ownSet = caller !== null && where.length === 2 ? caller : null;

  const limit = filter.limit ?? 10;
  const offset = filter.offset ?? 0;
  const { limit: _limit, offset: _offset, cursor, ...filters } = filter;
  const hash = filterHash([
    'requisitions',
    organizationId,
    viewAll ? null : [actor.userId, actor.scope.roleName],
    filters,
  ]);
  const plan = planPage(cursor, hash, offset, limit);
  const search = filter.search?.trim();
  const read = (source: PageSource) => readPage(db, source, plan, limit, offset, bind, param, hash);

  if (search && viewAll) {
    const term = param(likePattern(search));
    // The probe's window (its limit bound last, and unbound again after the probe).
    const probe = () => ({ where: where.join(' AND '), rows: param(PROBE_ROWS), ordered });
    const newestFirst = () =>
      read({
        prefix: '',
        from: 'requisitions r',
        alias: 'r',
        where: [...where, unindexedMatch('r', term)],
        total: commonTermTotal,
      });
    // Not common among the newest rows: from the index, unless it holds too many matches to sort.
    const fromIndex = async () => {
      const conditions = [...where.slice(1), indexCondition(search, term, param)];
      if (!looksLikeNumber(search) && (await hasManyMatches(db, conditions, bind))) return newestFirst();
      const hits = rareTermHits(db, conditions, bind);
      return read({ prefix: hits.cte, from: 'hits h', alias: 'h', where: [], total: hits.total });
    };
    if (looksLikeNumber(search)) return fromIndex();
    if (plan.mode === 'offset' && offset + limit <= SEARCH_COUNT_CAP + 1) {
      // The probe and, if the term is common, its page, in one statement: the newest matches among
      // the probe's rows, up to one past the cap, read once (a CTE): their count is the total and the
      // page lies among them (reading the window twice, for the page and for the count, cost a third
      // more at 1M).
      const mark = bind.length;
      const page = await read({
        prefix: `WITH probe AS MATERIALIZED (${probeMatchesSql(probe(), term)})`,
        from: 'probe p',
        alias: 'p',
        where: [],
        total: {
          sql: 'SELECT count(*) FROM probe',
          cap: SEARCH_COUNT_CAP,
          fallback: async () => ({ total: 0, capped: false }),
        },
      });
      if (page.pagination.total_capped) return page;
      bind.length = mark;
      return fromIndex();
    }
    const mark = bind.length;
    const common = await isCommonTerm(db, probe(), term, bind);
    bind.length = mark;
    return common ? newestFirst() : fromIndex();
  }

  if (search) {
    // The caller's own set drives (a few hundred rows): the term is tested on each, not looked up.
    const term = searchCondition(search, param);
    if (!ownSet) where.push(term);
    else {
      const from = `(${visibleRows(...ownSet)}) v JOIN requisitions r ON r.id = v.id AND r.organization_id = $1`;
      return read({
        prefix: '',
        from,
        alias: 'v',
        where: [term],
        total: cappedTotal(db, `SELECT 1 FROM ${from} WHERE ${term}`, bind, SEARCH_COUNT_CAP),
      });
    }
  }
  if (ownSet) {
    const many = await select<{ many: boolean }>(db, manyStepsSql(...ownSet), bind);
    if (many[0]?.many) {
      const walk = [where[0]!, visibleRow(...ownSet)];
      return read({
        prefix: '',
        from: 'requisitions r',
        alias: 'r',
        where: walk,
        total: exactUpTo(db, manyStepsCountSql(...ownSet, COUNT_CAP), bind, COUNT_CAP),
      });
    }
    return read({
      prefix: '',
      from: (seek, order, first) => visiblePageRows(...ownSet, seek, order, first),
      alias: 'v',
      where: [],
      total: exactUpTo(db, visibleCountSql(...ownSet, COUNT_CAP), bind, COUNT_CAP),
    });
  }
  const counterKeys = viewAll && !search ? filterCounterKeys(filter) : null;
  const source: PageSource = {
    prefix: '',
    from: fromFor(where.join(' ')),
    alias: 'r',
    where,
    total: counterKeys
      ? counterTotal(db, organizationId, '$1', param, counterKeys.plus, counterKeys.minus)
      : cappedTotal(
          db,
          `SELECT 1 FROM ${fromFor(where.join(' '))} WHERE ${where.join(' AND ')}`,
          bind,
          search ? SEARCH_COUNT_CAP : COUNT_CAP,
        ),
  };
  const everything =
    counterKeys?.plus.length === 1 && counterKeys.plus[0] === 'req' && !counterKeys.minus.length;
  if (everything && plan.mode === 'offset' && offset >= ANCHOR_FROM_OFFSET) {
    // The anchor in the page's own statement (one round trip). No anchor: the offset is past the
    // last requisition, `created_at < NULL` holds for no row, and the page's total comes from the
    // counters on its own.
    const anchor = dayAnchorSql('$1', param(offset));
    const upto = `r.created_at < (SELECT (a.upto::date)::timestamp AT TIME ZONE 'UTC' FROM anchor a)`;
    return read({
      ...source,
      prefix: `WITH anchor AS MATERIALIZED (${anchor})`,
      where: [...where, upto],
      offsetSql: '(SELECT a.skip FROM anchor a)',
    });
  }
  return read(source);
}

/**
 * Reads the page of `source` planned by `plan`, with its total in the same statement, and answers it
 * with its pagination (and the cursor of the page).
 */
async function readPage(
  db: Db,
  source: PageSource,
  plan: PagePlan,
  limit: number,
  offset: number,
  bind: unknown[],
  param: (value: unknown) => string,
  hash: string,
): Promise<{ requisitions: RequisitionSummaryView[]; pagination: Pagination }> {
  const a = source.alias;
  const seek = seekSql(plan, { at: `${a}.created_at`, id: `${a}.id`, direction: 'DESC' }, param);
  const conditions = seek.where ? [...source.where, seek.where] : source.where;
  const orderBy = seek.orderBy.replaceAll(`${a}.`, 'r.');
  // The page's ids first, then their columns: the summary's joins and sub-selects run for the ten
  // rows shown, not for every row an OFFSET skips.
  const from =
    typeof source.from === 'string'
      ? source.from
      : source.from(
          seek.where?.replaceAll(`${a}.`, 'x.') ?? null,
          seek.orderBy.replaceAll(`${a}.`, 'x.'),
          param(seek.offset + limit),
        );
  const pageIds = `SELECT ${a}.id FROM ${from} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY ${seek.orderBy} LIMIT ${param(limit)} OFFSET ${source.offsetSql ?? param(seek.offset)}`;
  // The total in the same statement (an InitPlan): one round trip for the page and its total.
  const { rows, total: count } = await selectPageWithTotal<
    RequisitionSummaryRow & { seek_at: string; seek_id: string }
  >(
    db,
    (
      totalColumn,
    ) => `${source.prefix} SELECT ${SUMMARY_COLUMNS}, ${seekKeySql('r.created_at', 'r.id')}, ${totalColumn}
       FROM requisitions r ${SUMMARY_JOINS}
      WHERE r.id IN (${pageIds})
      ORDER BY ${orderBy}`,
    bind,
    source.total,
  );
  const answer = answerPage({ rows, reversed: seek.reversed, hash, limit, offset, total: count });
  return { requisitions: answer.rows.map(presentSummary), pagination: answer.pagination };
}

/** A total whose statement `count` answers the number, or more than `cap` when there are more. */
function exactUpTo(db: Db, count: string, bind: unknown[], cap: number): PageTotal {
  const frozen = [...bind];
  return {
    sql: count,
    cap,
    fallback: async () => {
      const n = Number((await select<{ n: string }>(db, `SELECT (${count}) AS n`, frozen))[0]?.n ?? 0);
      return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
    },
  };
}

/** From this offset a page of everything is found from the day counters rather than by skipping rows. */
export const ANCHOR_FROM_OFFSET = MAX_SEEK_SKIP;

/**
 * Where a far page of every requisition (newest first) starts, found from the maintained month and
 * day counters (`req:m:`, `req:d:`): the page is the rows created before `upto` (the end of the day
 * it starts in, 'YYYY-MM-DD'), skipping `skip` of them. Page 5,000 then costs a hundred counter
 * entries and at most a day's rows, not the 49,990 index entries an OFFSET steps over. One row
 * (upto, skip), or none past the last requisition; `org` and `offset` are bind positions.
 *
 * The months read run from the organisation's oldest requisition to its newest (two index entries).
 */
const dayAnchorSql = (org: string, offset: string) => `WITH span AS (
        SELECT (SELECT min(x.created_at) FROM requisitions x WHERE x.organization_id = ${org}) AS oldest,
               (SELECT max(x.created_at) FROM requisitions x WHERE x.organization_id = ${org}) AS newest),
      month_n AS (
        SELECT substr(t.key, 7) AS month, sum(t.n) AS n FROM counter_deltas t
         WHERE t.organization_id = ${org} AND t.key = ANY (ARRAY(
           SELECT 'req:m:' || to_char(m, 'YYYY-MM') FROM span,
                  generate_series(date_trunc('month', span.oldest AT TIME ZONE 'UTC'),
                    span.newest AT TIME ZONE 'UTC', interval '1 month') m))
         GROUP BY t.key HAVING sum(t.n) <> 0),
      month_at AS (SELECT month, n, sum(n) OVER (ORDER BY month DESC) - n AS newer FROM month_n),
      in_month AS (SELECT month, newer FROM month_at WHERE newer + n > ${offset}::bigint ORDER BY month DESC LIMIT 1),
      day_n AS (
        SELECT substr(t.key, 7)::date AS day, sum(t.n) AS n FROM counter_deltas t
         WHERE t.organization_id = ${org} AND t.key = ANY ((
           SELECT array_agg('req:d:' || to_char(d, 'YYYY-MM-DD')) FROM in_month m,
                  generate_series((m.month || '-01')::timestamp,
                    (m.month || '-01')::timestamp + interval '1 month' - interval '1 day', interval '1 day') d)::text[])
         GROUP BY t.key HAVING sum(t.n) <> 0),
      day_at AS (
        SELECT day, n, (SELECT newer FROM in_month) + sum(n) OVER (ORDER BY day DESC) - n AS newer FROM day_n)
     SELECT to_char(day + 1, 'YYYY-MM-DD') AS upto, (${offset}::bigint - newer)::bigint AS skip FROM day_at
      WHERE newer + n > ${offset}::bigint ORDER BY day DESC LIMIT 1`;

/** A total as counters: the sum of `plus` minus the sum of `minus`. */
export interface CounterSum {
  plus: string[];
  minus: string[];
}

/**
 * The counters whose sum is the total of `filter` over every requisition of the organisation, or
 * null when no counter answers it: nothing, or filters of one kind (statuses, categories, cost
 * centres, or a date range) — two kinds at once are counted up to the cap.
 */
export function filterCounterKeys(filter: RequisitionFilter): CounterSum | null {
  const plain = (keys: string[]): CounterSum => ({ plus: keys, minus: [] });
  const kinds = [
    filter.status?.length ? plain([...new Set(filter.status)].map((s) => `req:${s}`)) : null,
    filter.category?.length ? plain([...new Set(filter.category)].map((c) => `req:cat:${c}`)) : null,
    filter.cost_center_id?.length
      ? plain([...new Set(filter.cost_center_id.map((id) => id.toLowerCase()))].map((id) => `req:cc:${id}`))
      : null,
    filter.date_from || filter.date_to ? (dateRangeKeys(filter.date_from, filter.date_to) ?? 'none') : null,
  ].filter((keys) => keys !== null);
  if (kinds.length === 0) return plain(['req']);
  const [only] = kinds;
  return kinds.length === 1 && typeof only === 'object' ? only : null;
}

/** The days the date counters are read over: a range reaching beyond them is counted up to the cap. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';
/** The most keys a date range is read with (a longer one is counted up to the cap). */
const MAX_DATE_KEYS = 400;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
/** Calendar months from `a` to `b` (how many month keys a range between them reads at most). */
const monthsBetween = (a: Date, b: Date) =>
  Math.max(0, (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth());

/**
 * `req:m:` keys for the whole months from `start` to `end` (both included), `req:d:` for the other
 * days; stops past {@link MAX_DATE_KEYS} keys.
 */
function daysAndMonths(start: Date, end: Date): string[] {
  const keys: string[] = [];
  let d = start;
  while (d <= end && keys.length <= MAX_DATE_KEYS) {
    const nextMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    if (d.getUTCDate() === 1 && addDays(nextMonth, -1) <= end) {
      keys.push(`req:m:${monthOf(d)}`);
      d = nextMonth;
    } else {
      keys.push(`req:d:${monthOf(d)}-${pad(d.getUTCDate())}`);
      d = addDays(d, 1);
    }
  }
  return keys;
}

/**
 * The requisitions created from `from` to `to` (UTC days, both included) as counters: the range's
 * months and days, or everything minus the months and days outside it, whichever reads fewer keys.
 * Null when the range reaches outside 2000–2099 or needs more than {@link MAX_DATE_KEYS} keys.
 */
export function dateRangeKeys(from: string | undefined, to: string | undefined): CounterSum | null {
  const first = day(FIRST_DAY);
  const last = day(LAST_DAY);
  const start = from ? day(from) : first;
  const end = to ? day(to) : last;
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  if (start < first || end > last) return null;
  if (start > end) return { plus: [], minus: [] };
  // The outside reads at least one key per month outside the range: build it only when the range
  // itself needs more keys than that.
  const inside = daysAndMonths(start, end);
  if (inside.length <= monthsBetween(first, start) + monthsBetween(end, last) + 1) {
    return inside.length > MAX_DATE_KEYS ? null : { plus: inside, minus: [] };
  }
  const outside = [
    ...(start > first ? daysAndMonths(first, addDays(start, -1)) : []),
    ...(end < last ? daysAndMonths(addDays(end, 1), last) : []),
  ];
  const best =
    inside.length <= outside.length + 1 ? { plus: inside, minus: [] } : { plus: ['req'], minus: outside };
  return best.plus.length + best.minus.length > MAX_DATE_KEYS ? null : best;
}

/**
 * The requisitions alone, or joined with the summary's requestor, cost centre and GL account when a
 * condition reads them. The joins never drop a row (NOT NULL columns with same-organisation foreign
 * keys), so a count or a page of ids needs them only then.
 */
const fromFor = (where: string) =>
  /\b(rq|cc|gl)\./.test(where) ? `requisitions r ${SUMMARY_JOINS}` : 'requisitions r';
