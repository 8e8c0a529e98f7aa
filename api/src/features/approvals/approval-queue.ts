import type { components } from '@purchasing/contract';
import { likePattern } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { cappedTotal, counterTotal, selectPageWithTotal } from '../counters.js';
import {
  answerPage,
  COUNT_CAP,
  filterHash,
  planPage,
  SEARCH_COUNT_CAP,
  type SeekOrder,
  seekKeySql,
  seekSql,
} from '../paging.js';
import {
  hasManyMatches,
  indexCondition,
  looksLikeNumber,
  textMatch,
  unindexedMatch,
} from '../requisitions/requisition-search.js';
import {
  presentSummary,
  type RequisitionSummaryRow,
  SUMMARY_COLUMNS,
  SUMMARY_JOINS,
} from '../requisitions/requisitions.presenter.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { withBudgetPositions } from './queue-budget.js';

/** One approval step of the caller with its requisition (contract `PendingApproval`). */
export type PendingApprovalView = components['schemas']['PendingApproval'];
type Pagination = components['schemas']['Pagination'];

/** Filters and page of the approval queue (`listPendingApprovals` query). */
export interface PendingFilter {
  status?: 'Pending' | 'Completed' | undefined;
  level?: number[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
  /** Only open steps past their due time. */
  overdue?: boolean | undefined;
  /** The Pending queue's order: oldest step first (default), or soonest due first. */
  sort?: 'oldest' | 'due' | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/** Steps the actor decided themselves (an automatic pass is nobody's decision). */
const DECIDED_BY = (u: string) =>
  `s.actioned_by_id = ${u} AND s.action IN ('approve', 'reject', 'request_info', 'delegate')`;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : iso(value));

interface StepQuery {
  /** Conditions over `s` (and `r`, `rq` when `joinRequisition`), one per index-backed branch. */
  branches: string[];
  /** Conditions every branch adds (filters). */
  filters: string[];
  bind: unknown[];
  param: (value: unknown) => string;
  order: SeekOrder;
  /** Counters whose sum (plus minus minus) is the exact total, when the filters allow it. */
  counted: { plus: string[]; minus: string[] } | null;
  /** Where a count stops otherwise (`total_capped` beyond). */
  cap: number;
  hash: string;
  limit: number;
  offset: number;
  cursor: string | undefined;
}

/**
 * A page of steps with their requisition summaries, and the total. Each branch is read in the list's
 * order from its own index and stops after the page (a UNION ALL of ordered branches rather than an
 * OR, which would read and sort every open step of the caller: 50,000 for a busy manager).
 */
async function pageOfSteps(
  db: Db,
  q: StepQuery,
): Promise<{ items: PendingApprovalView[]; pagination: Pagination }> {
  const { bind, param, order } = q;
  // The requisition is joined only when a condition reads it: joined without need, the decided
  // steps of a busy approver (188,000) were read and sorted instead of the index's first ten.
  const conditions = [...q.branches, ...q.filters];
  const needsRequestor = conditions.some((f) => /\brq\./.test(f));
  const needsRequisition = needsRequestor || conditions.some((f) => /\br\./.test(f));
  const from = `approval_steps s${needsRequisition ? ' JOIN requisitions r ON r.id = s.requisition_id' : ''}${
    needsRequestor ? ' JOIN users rq ON rq.id = r.requestor_id' : ''
  }`;
  const branch = (w: string) => [w, ...q.filters].join(' AND ');
  const organizationId = bind[0] as string;
  const total = q.counted
    ? counterTotal(db, organizationId, '$1', param, q.counted.plus, q.counted.minus)
    : cappedTotal(
        db,
        q.branches.map((w) => `(SELECT 1 FROM ${from} WHERE ${branch(w)})`).join(' UNION ALL '),
        bind,
        q.cap,
      );

  const seek = seekSql(planPage(q.cursor, q.hash, q.offset, q.limit), order, param);
  const extra = seek.where ? ` AND ${seek.where}` : '';
  const enough = param(seek.offset + q.limit);
  // Each branch's first rows by its index, then the page among them, then its columns: joins and
  // sub-selects run for the rows shown only.
  const lead = order.lead ? `${order.lead} AS lead, ` : '';
  const ids = q.branches
    .map(
      (w) =>
        `(SELECT s.id, ${lead}${order.at} AS at FROM ${from} WHERE ${branch(w)}${extra} ORDER BY ${seek.orderBy} LIMIT ${enough})`,
    )
    .join(' UNION ALL ');
  const direction = seek.orderBy.includes(' DESC') ? 'DESC' : 'ASC';
  const merged = (order.lead ? ['b.lead', 'b.at', 'b.id'] : ['b.at', 'b.id'])
    .map((column) => `${column} ${direction}`)
    .join(', ');
  const pageIds = `SELECT b.id FROM (${ids}) b ORDER BY ${merged}
                    LIMIT ${param(q.limit)} OFFSET ${param(seek.offset)}`;
  // The total in the same statement (an InitPlan): one round trip for the page and its total.
  const { rows, total: count } = await selectPageWithTotal<
    Record<string, unknown> & { seek_at: string; seek_id: string; seek_lead?: string }
  >(
    db,
    (totalColumn) => `SELECT s.id AS step_id, s.approval_level AS step_level, s.level_title AS step_title,
              s.action AS step_action, s.comments AS step_comments, s.actioned_at AS step_actioned_at,
              s.created_at AS step_created_at, s.due_at AS step_due_at,
              (s.action IS NULL AND s.due_at IS NOT NULL AND s.due_at <= now()) AS step_overdue,
              (SELECT json_build_object('id', f.id, 'first_name', f.first_name, 'last_name', f.last_name, 'email', f.email)
                 FROM users f WHERE s.absence_id IS NOT NULL AND s.action IS NULL AND f.id = s.delegated_from_id) AS step_ooo_from,
              ${seekKeySql(order.at, 's.id', order.lead)}, ${SUMMARY_COLUMNS}, ${totalColumn}
         FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id ${SUMMARY_JOINS}
        WHERE s.id IN (${pageIds})
        ORDER BY ${seek.orderBy}`,
    bind,
    total,
  );
  const page = answerPage({
    rows,
    reversed: seek.reversed,
    hash: q.hash,
    limit: q.limit,
    offset: q.offset,
    total: count,
  });
  const items = page.rows.map((row) => {
    const {
      step_id,
      step_level,
      step_title,
      step_action,
      step_comments,
      step_actioned_at,
      step_created_at,
      step_ooo_from,
      step_due_at,
      step_overdue,
      ...summary
    } = row;
    return {
      id: step_id,
      requisition: presentSummary(summary as RequisitionSummaryRow),
      approval_level: step_level,
      level_title: step_title,
      action: step_action,
      comments: step_comments,
      actioned_at: isoOrNull(step_actioned_at as Date | null),
      created_at: iso(step_created_at as Date),
      due_at: isoOrNull(step_due_at as Date | null),
      overdue: step_overdue === true,
      out_of_office_from: (step_ooo_from as PendingApprovalView['out_of_office_from']) ?? null,
    } as PendingApprovalView;
  });
  return { items, pagination: page.pagination };
}

const DECIDED_ORDER: SeekOrder = { at: 's.actioned_at', id: 's.id', direction: 'DESC' };
const OLDEST_ORDER: SeekOrder = { at: 's.created_at', id: 's.id', direction: 'ASC' };
/**
 * "Due soonest": the steps with a due time by it, then those without (due 'infinity'), each oldest
 * first. The expression is the one the queue's due indexes hold (migration 2026.11.28T03.00.00).
 */
const DUE_ORDER: SeekOrder = {
  lead: "COALESCE(s.due_at, 'infinity'::timestamptz)",
  at: 's.created_at',
  id: 's.id',
  direction: 'ASC',
};

/**
 * The approval queue: with `Pending` (default) the open steps the actor can act on (assigned or
 * delegated to them, or open to their role; never on their own requisition or one they approved a
 * level of: `excluded_user_ids`) oldest first, or with `sort: 'due'` soonest due first (those without a
 * due time last); with `Completed` the steps they decided, newest first (whatever `sort` says).
 * Filters: level, step creation date (UTC days, inclusive), overdue (open steps past their due time)
 * and search. Without filters the total
 * comes from the maintained counters (`queue:u:`, `queue:r:`, `queue:x:`, `done:`).
 */
export async function listPendingApprovals(
  db: Db,
  actor: Actor,
  filter: PendingFilter,
): Promise<{ pending_approvals: PendingApprovalView[]; pagination: Pagination }> {
  const organizationId = actor.scope.organizationId;
  const role = actor.scope.roleName;
  const bind: unknown[] = [organizationId, actor.userId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const completed = filter.status === 'Completed';
  const filters: string[] = [];
  if (filter.level?.length) filters.push(`s.approval_level = ANY(${param(filter.level)}::int[])`);
  if (filter.date_from)
    filters.push(`s.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    filters.push(`s.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.overdue === true || String(filter.overdue) === 'true')
    filters.push('s.action IS NULL AND s.due_at IS NOT NULL AND s.due_at <= now()');
  const search = filter.search?.trim();
  if (search) {
    // Number, justification, requestor's name and email (migration 2026.11.25T02.30.00). A term with
    // many matches (more than the index path sorts) is tested on each of the caller's steps as the
    // branches read them in order: from the trigram index, "Uma" (182,000 requisitions at 1M) read
    // every match to keep the caller's few, 1 s a request. A rarer term is looked up in the index.
    const term = param(likePattern(search));
    const many =
      !looksLikeNumber(search) &&
      (await hasManyMatches(db, [textMatch('r.search_text', '$2')], [organizationId, likePattern(search)]));
    // The few matches first (an InitPlan read once by the trigram index), then the caller's steps on
    // them by the steps' requisition index: read in the queue's order, a number among a busy
    // approver's 188,000 decisions took 2.5 s.
    filters.push(
      many
        ? unindexedMatch('r', term)
        : `s.requisition_id = ANY (ARRAY(SELECT m.id FROM requisitions m WHERE (m.organization_id = $1) IS TRUE
             AND ${indexCondition(search, term, param).replaceAll('r.search_text', 'm.search_text')}))`,
    );
  }
  let branches: string[];
  let counted: StepQuery['counted'] = null;
  const unfiltered = filters.length === 0;
  if (completed) {
    branches = [`s.organization_id = $1 AND ${DECIDED_BY('$2')}`];
    if (unfiltered) counted = { plus: [`done:${actor.userId}`], minus: [] };
  } else {
    const roleParam = param(role);
    const open = `s.organization_id = $1 AND s.action IS NULL AND NOT ($2 = ANY (s.excluded_user_ids))
       AND r.status = 'under_review' AND r.requestor_id <> $2`;
    branches = [
      `${open} AND s.approver_id = $2`,
      `${open} AND s.approver_id IS NULL AND s.approver_role_name = ${roleParam}`,
    ];
    if (unfiltered) {
      counted = {
        plus: [`queue:u:${actor.userId}`, `queue:r:${role}`],
        minus: [`queue:x:${actor.userId}:${role}`],
      };
    }
  }
  const { limit: _l, offset: _o, cursor, sort, ...rest } = filter;
  const byDue = !completed && sort === 'due';
  const { items, pagination } = await pageOfSteps(db, {
    branches,
    filters,
    bind,
    param,
    order: completed ? DECIDED_ORDER : byDue ? DUE_ORDER : OLDEST_ORDER,
    counted,
    // The order is part of the list: a cursor read in one order is not sought from in the other.
    hash: filterHash(['queue', organizationId, actor.userId, role, rest, byDue ? 'due' : 'oldest']),
    cap: search ? SEARCH_COUNT_CAP : COUNT_CAP,
    limit: filter.limit ?? 10,
    offset: filter.offset ?? 0,
    cursor,
  });
  return {
    pending_approvals: completed ? items : await withBudgetPositions(db, organizationId, items),
    pagination,
  };
}

/** Every step the actor decided in the organisation (any action), newest first, paged. */
export async function listApprovalHistory(
  db: Db,
  actor: Actor,
  filter: { limit?: number | undefined; offset?: number | undefined; cursor?: string | undefined },
): Promise<{ approvals: PendingApprovalView[]; pagination: Pagination }> {
  const organizationId = actor.scope.organizationId;
  const bind: unknown[] = [organizationId, actor.userId];
  const { items, pagination } = await pageOfSteps(db, {
    branches: [`s.organization_id = $1 AND ${DECIDED_BY('$2')}`],
    filters: [],
    bind,
    param: (value) => {
      bind.push(value);
      return `$${bind.length}`;
    },
    order: DECIDED_ORDER,
    counted: { plus: [`done:${actor.userId}`], minus: [] },
    hash: filterHash(['history', organizationId, actor.userId]),
    cap: COUNT_CAP,
    limit: filter.limit ?? 10,
    offset: filter.offset ?? 0,
    cursor: filter.cursor,
  });
  return { approvals: items, pagination };
}

/**
 * The counters of the dashboard's pending figure (the unfiltered Pending queue's total): the steps
 * assigned to the caller plus those open to their role, minus the role's steps they may not decide.
 */
export function pendingCounterKeys(actor: Actor): { plus: string[]; minus: string[] } {
  const { roleName } = actor.scope;
  return {
    plus: [`queue:u:${actor.userId}`, `queue:r:${roleName}`],
    minus: [`queue:x:${actor.userId}:${roleName}`],
  };
}

/** The dashboard's pending figure from counters already read ({@link pendingCounterKeys}). */
export function pendingFromCounters(actor: Actor, values: ReadonlyMap<string, number>): number {
  const { plus, minus } = pendingCounterKeys(actor);
  let total = 0;
  for (const key of plus) total += values.get(key) ?? 0;
  for (const key of minus) total -= values.get(key) ?? 0;
  return Math.max(total, 0);
}
