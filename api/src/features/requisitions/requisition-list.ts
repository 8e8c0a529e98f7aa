import type { components } from '@purchasing/api-client';
import { select } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { countUpTo, readCounters } from '../counters.js';
import {
  COUNT_CAP,
  encodeCursor,
  filterHash,
  planPage,
  SEARCH_COUNT_CAP,
  type SeekKey,
  seekKeySql,
  seekSql,
} from '../paging.js';
import {
  presentSummary,
  type RequisitionSummaryRow,
  type RequisitionSummaryView,
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
} from './requisitions.presenter.js';
import { type Actor, likePattern } from './requisitions.service.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];
type RequisitionCategory = components['schemas']['RequisitionCategory'];
type Pagination = components['schemas']['Pagination'];

/** Filters and page of the requisition list (`listRequisitions` query). */
export interface RequisitionFilter {
  search?: string | undefined;
  status?: RequisitionStatus[] | undefined;
  category?: RequisitionCategory[] | undefined;
  cost_center_id?: string[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/**
 * Visibility (DECISIONS §2) without `requisition.view_all`, as the set of ids the caller may see:
 * what they raised, or what has an approval step assigned to them, decided by them, delegated by
 * them, or open to their role. Each branch is an index lookup (the requestor index, the step indexes
 * by approver, decider, delegator and open group), so the cost follows the caller's own rows rather
 * than the organisation's: probing every requisition of a million for a plain User's few hundred read
 * them all.
 */
const visibleIds = (u: string, role: string) => `r.id IN (
    SELECT x.id FROM requisitions x WHERE x.organization_id = $1 AND x.requestor_id = ${u}
    UNION
    SELECT vs.requisition_id FROM approval_steps vs
     WHERE vs.organization_id = $1
       AND (vs.approver_id = ${u} OR vs.actioned_by_id = ${u} OR vs.delegated_from_id = ${u}
            OR (vs.action IS NULL AND vs.approver_id IS NULL AND vs.approver_role_name = ${role})))`;

/**
 * A page of the requisitions the actor may see, newest first, filtered as `listRequisitions`
 * describes; `search` matches the number, the justification and the requestor's name or email.
 *
 * The total is exact and read from the maintained counters when it can be (everything, or some
 * statuses, for a caller who sees everything); otherwise it is counted up to {@link COUNT_CAP}
 * (`total_capped` beyond). With the cursor of a nearby page the page is found by seeking.
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
  const where = ['r.organization_id = $1'];
  if (!viewAll) where.push(visibleIds(param(actor.userId), param(actor.scope.roleName)));
  const search = filter.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    // One trigram-indexed column (number, justification, requestor's name and email): PostgreSQL
    // reads the index for a rare term, or the date index newest first for a common one
    // (migration 2026.11.25T02.30.00, docs/query-plans.md).
    where.push(`r.search_text ILIKE ${p}`);
  }
  // One status as an equality: the (organisation, status, date) index then answers in order.
  if (filter.status?.length === 1) where.push(`r.status = ${param(filter.status[0])}`);
  else if (filter.status?.length) where.push(`r.status = ANY(${param(filter.status)}::text[])`);
  if (filter.category?.length) where.push(`r.category = ANY(${param(filter.category)}::text[])`);
  if (filter.cost_center_id?.length)
    where.push(`r.cost_center_id = ANY(${param(filter.cost_center_id)}::uuid[])`);
  // Dates are calendar days in UTC, both ends inclusive.
  if (filter.date_from)
    where.push(`r.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`r.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);

  const limit = filter.limit ?? 10;
  const offset = filter.offset ?? 0;
  const { limit: _limit, offset: _offset, cursor, ...filters } = filter;
  const hash = filterHash([
    'requisitions',
    organizationId,
    viewAll ? null : [actor.userId, actor.scope.roleName],
    filters,
  ]);
  const onlyStatuses =
    viewAll &&
    !search &&
    !filter.category?.length &&
    !filter.cost_center_id?.length &&
    !filter.date_from &&
    !filter.date_to;
  const countBind = [...bind];
  const counting = onlyStatuses
    ? countFromCounters(db, organizationId, filter.status)
    : countCapped(db, where.join(' AND '), countBind, search ? SEARCH_COUNT_CAP : COUNT_CAP);

  const seek = seekSql(
    planPage(cursor, hash, offset, limit),
    { at: 'r.created_at', id: 'r.id', direction: 'DESC' },
    param,
  );
  if (seek.where) where.push(seek.where);
  // The page's ids first, then their columns: the summary's joins and sub-selects run for the ten
  // rows shown, not for every row an OFFSET skips (50,000 of them on page 5,000).
  const idFrom = /\b(rq|cc|gl)\./.test(where.join(' '))
    ? `requisitions r ${SUMMARY_JOINS}`
    : 'requisitions r';
  const pageSql = `SELECT ${SUMMARY_COLUMNS}, ${seekKeySql('r.created_at', 'r.id')}
       FROM requisitions r ${SUMMARY_JOINS}
      WHERE r.id IN (SELECT r.id FROM ${idFrom} WHERE ${where.join(' AND ')}
                      ORDER BY ${seek.orderBy} LIMIT ${param(limit)} OFFSET ${param(seek.offset)})
      ORDER BY ${seek.orderBy}`;
  const [rows, count] = await Promise.all([
    select<RequisitionSummaryRow & { seek_at: string; seek_id: string }>(db, pageSql, bind),
    counting,
  ]);
  if (seek.reversed) rows.reverse();
  const keys: SeekKey[] = rows.map((row) => ({ at: row.seek_at, id: row.seek_id }));
  const requisitions = rows.map(({ seek_at: _at, seek_id: _id, ...row }) => presentSummary(row));
  return {
    requisitions,
    pagination: {
      limit,
      offset,
      total: count.total,
      total_capped: count.capped,
      ...(keys.length ? { cursor: encodeCursor(hash, offset, keys) } : {}),
    },
  };
}

/** Exact: the counters of the statuses asked for, or of every requisition. */
async function countFromCounters(
  db: Db,
  organizationId: string,
  statuses: readonly RequisitionStatus[] | undefined,
): Promise<{ total: number; capped: boolean }> {
  const keys = statuses?.length ? [...new Set(statuses)].map((s) => `req:${s}`) : ['req'];
  let total = 0;
  for (const value of (await readCounters(db, organizationId, keys)).values()) total += value;
  return { total, capped: false };
}

/** Counts the matches up to `cap`; beyond it the total is the cap, marked capped. */
async function countCapped(
  db: Db,
  where: string,
  bind: unknown[],
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  // The joins never drop a row (NOT NULL columns with same-organisation foreign keys): the count
  // needs them only when the filter reads them.
  const from = /\b(rq|cc|gl)\./.test(where) ? `requisitions r ${SUMMARY_JOINS}` : 'requisitions r';
  return countUpTo(db, `SELECT 1 FROM ${from} WHERE ${where}`, bind, cap);
}
