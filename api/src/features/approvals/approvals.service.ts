import type { components } from '@purchasing/api-client';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import {
  type ApprovalAction,
  advance,
  checkAction,
  type OpenStep,
  REFUSAL_MESSAGES,
} from '../../domain/approval-routing.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { SUMMARY_COLUMNS, SUMMARY_JOINS } from '../requisitions/requisitions.presenter.js';
import {
  type Actor,
  audit,
  detailOrFail,
  likePattern,
  loadRoutingFacts,
  type RoutingFactsRow,
  recordRoute,
  toRoutingFacts,
} from '../requisitions/requisitions.service.js';

type RequisitionView = components['schemas']['Requisition'];
type RequisitionStatus = components['schemas']['RequisitionStatus'];
/** One approval step of the caller with its requisition (contract `PendingApproval`). */
export type PendingApprovalView = components['schemas']['PendingApproval'];

/** What an approver sends (the four request bodies of the approval actions). */
export interface ActionInput {
  action: ApprovalAction;
  comments?: string | null | undefined;
  delegate_to_user_id?: string | undefined;
}

/** Messages of the 409 answers (own wording; the specification has none). */
export const APPROVAL_CONFLICTS = {
  decided: 'This approval step has already been decided',
  notUnderReview: 'This requisition is not awaiting approval',
} as const;

interface LockedStep {
  id: string;
  round: number;
  approval_level: number;
  approver_id: string | null;
  approver_role_name: string | null;
}

/**
 * The open step as the routing rules see it: its person, or its group's eligible members now (active
 * holders of its role with `approval.act`, except the requestor and whoever approved a level already).
 */
function openStepOf(step: LockedStep, facts: RoutingFactsRow): OpenStep {
  if (step.approver_id || !step.approver_role_name) {
    return { approval_level: step.approval_level, approverId: step.approver_id, group: null };
  }
  const all = toRoutingFacts(facts).routingFacts.groups[step.approver_role_name] ?? [];
  const members = all.filter((id) => id !== facts.requestor_id && !facts.approved_by.includes(id));
  return {
    approval_level: step.approval_level,
    approverId: null,
    group: { roleName: step.approver_role_name, members },
  };
}

/** Active members of the organisation (active accounts) whose role holds `approval.act`. */
async function eligibleDelegates(
  db: Db,
  organizationId: string,
  candidate: string,
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ user_id: string }>(
    db,
    `SELECT m.user_id::text AS user_id FROM user_organizations m
       JOIN users u ON u.id = m.user_id AND u.is_active
       JOIN role_permissions rp ON rp.role_id = m.role_id
       JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
      WHERE m.organization_id = $1 AND m.is_active AND m.user_id = $2`,
    [organizationId, candidate],
    transaction,
  );
  return rows.map((row) => row.user_id);
}

/** The open step of the requisition's latest round, if any; with `lock`, locked FOR UPDATE. */
function openStepOfLatestRound(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
  { lock }: { lock: boolean },
): Promise<LockedStep | null> {
  return selectOne<LockedStep>(
    db,
    `SELECT s.id, s.round, s.approval_level, s.approver_id::text AS approver_id, s.approver_role_name
       FROM approval_steps s
      WHERE s.requisition_id = $1 AND s.organization_id = $2 AND s.action IS NULL
        AND s.round = (SELECT max(x.round) FROM approval_steps x WHERE x.requisition_id = $1)
      ${lock ? 'FOR UPDATE OF s' : ''}`,
    [id, organizationId],
    transaction,
  );
}

const STATUS_AFTER: Record<Exclude<ApprovalAction, 'approve' | 'delegate'>, RequisitionStatus> = {
  reject: 'rejected',
  request_info: 'info_requested',
};

/**
 * Records an approval action on the caller's open step of requisition `id` in one transaction
 * (DECISIONS §4): the requisition and its open step are locked FOR UPDATE, then checked again, so
 * of two approvers acting at once exactly one succeeds and the other gets 409. Answers the
 * updated requisition detail.
 */
export async function actOnRequisition(
  db: Db,
  actor: Actor,
  id: string,
  input: ActionInput,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const requisition = await selectOne<{ id: string; status: RequisitionStatus; requestor_id: string }>(
      db,
      `SELECT r.id, r.status, r.requestor_id FROM requisitions r
        WHERE r.id = $1 AND r.organization_id = $2 FOR UPDATE OF r`,
      [id, organizationId],
      transaction,
    );
    if (!requisition) throw new NotFound('Requisition');
    if (requisition.requestor_id === actor.userId) throw new Forbidden(REFUSAL_MESSAGES.own_requisition);

    const step =
      requisition.status === 'under_review'
        ? await openStepOfLatestRound(db, organizationId, id, transaction, { lock: true })
        : null;
    if (!step) {
      // Decided meanwhile (or never awaiting approval): a conflict with the record's state.
      throw new Conflict(
        requisition.status === 'under_review' || (await decidedByOrFor(db, actor, id, transaction))
          ? APPROVAL_CONFLICTS.decided
          : APPROVAL_CONFLICTS.notUnderReview,
      );
    }
    const facts = await loadRoutingFacts(db, organizationId, id, transaction);
    if (!facts) throw new NotFound('Requisition');
    const delegateTo = input.delegate_to_user_id ?? null;
    const refusal = checkAction({
      action: input.action,
      actorId: actor.userId,
      requestorId: requisition.requestor_id,
      step: openStepOf(step, facts),
      comments: input.comments ?? null,
      delegateToUserId: delegateTo,
      eligibleDelegates:
        input.action === 'delegate' && delegateTo
          ? await eligibleDelegates(db, organizationId, delegateTo, transaction)
          : [],
      decidedBy: facts.approved_by,
    });
    if (refusal === 'own_requisition' || refusal === 'already_decided') {
      throw new Forbidden(REFUSAL_MESSAGES[refusal]);
    }
    if (refusal === 'not_your_step') {
      // The caller's step of this round was decided a moment ago (by them or by a group colleague).
      if (await decidedByOrFor(db, actor, id, transaction)) throw new Conflict(APPROVAL_CONFLICTS.decided);
      throw new Forbidden(REFUSAL_MESSAGES.not_your_step);
    }
    if (refusal === 'comment_required') {
      throw validationError([{ field: 'comments', message: REFUSAL_MESSAGES.comment_required }]);
    }
    if (refusal) {
      throw validationError([{ field: 'delegate_to_user_id', message: REFUSAL_MESSAGES[refusal] }]);
    }

    const comments = input.comments?.trim() ? input.comments.trim() : null;
    await execute(
      db,
      `UPDATE approval_steps
          SET action = $2, actioned_at = now(), actioned_by_id = $3,
              approver_id = COALESCE(approver_id, $3), comments = $4
        WHERE id = $1`,
      [step.id, input.action, actor.userId, comments],
      transaction,
    );

    let to: RequisitionStatus = requisition.status;
    const metadata: Record<string, unknown> = {
      level: step.approval_level,
      round: step.round,
      comment: comments,
    };
    if (input.action === 'approve') {
      const { policy, routingFacts } = toRoutingFacts(facts);
      const route = advance(
        policy,
        { ...routingFacts, approvedBy: [...new Set([...routingFacts.approvedBy, actor.userId])] },
        step.approval_level + 1,
      );
      const closed = route.passed.map((pass) => ({
        level: pass.level,
        title: pass.title,
        comment: pass.comment,
        reason: pass.reason,
      }));
      await recordRoute(db, organizationId, id, step.round, closed, route.next, transaction);
      metadata.passed_levels = closed.map((level) => level.level);
      metadata.next_level = route.next?.level ?? null;
      if (!route.next) {
        to = 'approved';
        await execute(
          db,
          `UPDATE requisitions SET status = 'approved', approved_at = now(), updated_at = now()
            WHERE id = $1 AND organization_id = $2`,
          [id, organizationId],
          transaction,
        );
      }
    } else if (input.action === 'delegate') {
      await execute(
        db,
        `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                     approver_id, delegated_from_id)
         SELECT organization_id, requisition_id, round, approval_level, level_title, $2, $3
           FROM approval_steps WHERE id = $1`,
        [step.id, delegateTo, actor.userId],
        transaction,
      );
      metadata.delegate_to_user_id = delegateTo;
    } else {
      to = STATUS_AFTER[input.action];
      await execute(
        db,
        `UPDATE requisitions
            SET status = $3, updated_at = now(),
                rejected_at = CASE WHEN $3::text = 'rejected' THEN now() ELSE rejected_at END
          WHERE id = $1 AND organization_id = $2`,
        [id, organizationId, to],
        transaction,
      );
    }
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: input.action,
        from: requisition.status,
        to,
        actorId: actor.userId,
        metadata,
      },
      transaction,
    );
    return detailOrFail(db, organizationId, id, transaction);
  });
}

type UserRefView = components['schemas']['UserRef'];

/**
 * Who the caller may delegate their open step on requisition `id` to: active members of the
 * organisation (active accounts) holding `approval.act`, except the caller, the requestor and
 * whoever already approved a level of it, by last then first name. 404 when the requisition is not of the organisation; 403 when the caller
 * has no open step they may act on (their own requisition included).
 */
export async function listDelegateCandidates(db: Db, actor: Actor, id: string): Promise<UserRefView[]> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const requisition = await selectOne<{ status: RequisitionStatus; requestor_id: string }>(
      db,
      'SELECT r.status, r.requestor_id FROM requisitions r WHERE r.id = $1 AND r.organization_id = $2',
      [id, organizationId],
      transaction,
    );
    if (!requisition) throw new NotFound('Requisition');
    if (requisition.requestor_id === actor.userId) throw new Forbidden(REFUSAL_MESSAGES.own_requisition);
    const step =
      requisition.status === 'under_review'
        ? await openStepOfLatestRound(db, organizationId, id, transaction, { lock: false })
        : null;
    const facts = step ? await loadRoutingFacts(db, organizationId, id, transaction) : null;
    const refusal =
      step && facts
        ? checkAction({
            action: 'approve',
            actorId: actor.userId,
            requestorId: requisition.requestor_id,
            step: openStepOf(step, facts),
            decidedBy: facts.approved_by,
          })
        : 'not_your_step';
    if (refusal)
      throw new Forbidden(REFUSAL_MESSAGES[refusal === 'already_decided' ? refusal : 'not_your_step']);
    // Nobody who already approved a level of this requisition is offered (DECISIONS §4).
    return select<UserRefView>(
      db,
      `SELECT DISTINCT u.id::text AS id, u.first_name, u.last_name, u.email
         FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
         JOIN role_permissions rp ON rp.role_id = m.role_id
         JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
        WHERE m.organization_id = $1 AND m.is_active AND u.id <> $2 AND u.id <> $3
          AND NOT (u.id::text = ANY($4::text[]))
        ORDER BY u.last_name, u.first_name, u.email`,
      [organizationId, actor.userId, requisition.requestor_id, facts?.approved_by ?? []],
      transaction,
    );
  });
}

/**
 * Whether a step of the requisition's latest round that was the actor's to decide (assigned to
 * them, or open to their role) has been decided already, by them or by someone else.
 */
async function decidedByOrFor(db: Db, actor: Actor, id: string, transaction: Transaction): Promise<boolean> {
  const row = await selectOne<{ found: boolean }>(
    db,
    `SELECT EXISTS (
       SELECT 1 FROM approval_steps s
        WHERE s.requisition_id = $1 AND s.organization_id = $2
          AND s.action IN ('approve', 'reject', 'request_info', 'delegate')
          AND s.round = (SELECT max(x.round) FROM approval_steps x WHERE x.requisition_id = $1)
          AND (s.approver_id = $3 OR s.actioned_by_id = $3 OR s.approver_role_name = $4)) AS found`,
    [id, actor.scope.organizationId, actor.userId, actor.scope.roleName],
    transaction,
  );
  return row?.found ?? false;
}

/** Filters and page of the approval queue (`listPendingApprovals` query). */
export interface PendingFilter {
  status?: 'Pending' | 'Completed' | undefined;
  level?: number[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

interface Page<T> {
  items: T[];
  pagination: { limit: number; offset: number; total: number };
}

type StepRow = Omit<PendingApprovalView, 'requisition' | 'actioned_at' | 'created_at'> & {
  step_actioned_at: Date | string | null;
  step_created_at: Date | string;
  requisition: Record<string, unknown>;
} & Record<string, unknown>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null | undefined) => (value == null ? null : iso(value));

/**
 * One page of steps (`s`) with their requisition summaries matching `where` (SQL over `s`, `r`,
 * `rq`, `cc`, `gl` with `bind`), ordered by `orderBy`, and the count of every match, in one
 * statement for the page and one for the count.
 */
async function selectSteps(
  db: Db,
  where: string,
  bind: unknown[],
  orderBy: string,
  page: { limit: number; offset: number },
): Promise<Page<PendingApprovalView>> {
  const from = `FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id ${SUMMARY_JOINS} WHERE ${where}`;
  const [rows, count] = await Promise.all([
    select<StepRow>(
      db,
      `SELECT s.id AS step_id, s.approval_level AS step_level, s.level_title AS step_title,
              s.action AS step_action, s.comments AS step_comments, s.actioned_at AS step_actioned_at,
              s.created_at AS step_created_at, ${SUMMARY_COLUMNS}
         ${from}
        ORDER BY ${orderBy}
        LIMIT $${bind.length + 1} OFFSET $${bind.length + 2}`,
      [...bind, page.limit, page.offset],
    ),
    selectOne<{ total: number }>(db, `SELECT count(*)::int AS total ${from}`, bind),
  ]);
  const items = rows.map((row) => {
    const {
      step_id,
      step_level,
      step_title,
      step_action,
      step_comments,
      step_actioned_at,
      step_created_at,
      ...summary
    } = row as Record<string, unknown>;
    return {
      id: step_id,
      requisition: {
        ...summary,
        total_amount: Number(summary.total_amount),
        created_at: iso(summary.created_at as Date),
        updated_at: iso(summary.updated_at as Date),
        submitted_at: isoOrNull(summary.submitted_at as Date | null),
        approved_at: isoOrNull(summary.approved_at as Date | null),
      },
      approval_level: step_level,
      level_title: step_title,
      action: step_action,
      comments: step_comments,
      actioned_at: isoOrNull(step_actioned_at as Date | null),
      created_at: iso(step_created_at as Date),
    } as PendingApprovalView;
  });
  return { items, pagination: { ...page, total: count?.total ?? 0 } };
}

/** Steps the actor decided themselves (an automatic pass is nobody's decision). */
const DECIDED_BY = (u: string) =>
  `s.actioned_by_id = ${u} AND s.action IN ('approve', 'reject', 'request_info', 'delegate')`;

/**
 * The approval queue: with `Pending` (default) the open steps the actor can act on (assigned or
 * delegated to them, or open to their role; never on a requisition they approved a level of) on
 * requisitions under review that are not their own, oldest first; with `Completed` the steps they
 * decided, newest first. Filters: level, step creation date (UTC days, inclusive) and search.
 */
export async function listPendingApprovals(
  db: Db,
  actor: Actor,
  filter: PendingFilter,
): Promise<{ pending_approvals: PendingApprovalView[]; pagination: Page<unknown>['pagination'] }> {
  const bind: unknown[] = [actor.scope.organizationId, actor.userId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const where = ['s.organization_id = $1', 'r.organization_id = $1'];
  const completed = filter.status === 'Completed';
  if (completed) {
    where.push(DECIDED_BY('$2'));
  } else {
    const role = param(actor.scope.roleName);
    where.push(
      `s.action IS NULL AND r.status = 'under_review' AND r.requestor_id <> $2
       AND (s.approver_id = $2 OR (s.approver_id IS NULL AND s.approver_role_name = ${role}))
       AND NOT EXISTS (SELECT 1 FROM approval_steps p
                        WHERE p.requisition_id = s.requisition_id AND p.action = 'approve'
                          AND COALESCE(p.actioned_by_id, p.approver_id) = $2)`,
    );
  }
  if (filter.level?.length) where.push(`s.approval_level = ANY(${param(filter.level)}::int[])`);
  if (filter.date_from)
    where.push(`s.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`s.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const search = filter.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    where.push(`(r.requisition_number ILIKE ${p} OR r.justification ILIKE ${p}
                 OR (rq.first_name || ' ' || rq.last_name) ILIKE ${p})`);
  }
  const page = { limit: filter.limit ?? 10, offset: filter.offset ?? 0 };
  const { items, pagination } = await selectSteps(
    db,
    where.join(' AND '),
    bind,
    completed ? 's.actioned_at DESC, s.id DESC' : 's.created_at ASC, s.id ASC',
    page,
  );
  return { pending_approvals: items, pagination };
}

/** Every step the actor decided in the organisation (any action), newest first, paged. */
export async function listApprovalHistory(
  db: Db,
  actor: Actor,
  filter: { limit?: number | undefined; offset?: number | undefined },
): Promise<{ approvals: PendingApprovalView[]; pagination: Page<unknown>['pagination'] }> {
  const { items, pagination } = await selectSteps(
    db,
    `s.organization_id = $1 AND r.organization_id = $1 AND ${DECIDED_BY('$2')}`,
    [actor.scope.organizationId, actor.userId],
    's.actioned_at DESC, s.id DESC',
    { limit: filter.limit ?? 10, offset: filter.offset ?? 0 },
  );
  return { approvals: items, pagination };
}
