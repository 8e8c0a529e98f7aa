import type { components } from '@purchasing/contract';
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
import { canApprove, handOverIfAbsent } from '../absences/absence-moves.js';
import { budgetExceeded, checkBudgetLocked, recordBudgetCheck } from '../budgets/budget-guard.js';
import {
  loadRoutingFacts,
  type RoutingFactsRow,
  recordRoute,
  toRoutingFacts,
} from '../requisitions/requisition-routing.js';
import { type Actor, audit, detailOrFail } from '../requisitions/requisitions.service.js';
import {
  closeCommittee,
  closedSeatOf,
  closedSeatOutcome,
  committeeApprovals,
  isCommitteeMember,
} from './committee-steps.js';
import { mailOpenStep } from './decision-mail.js';

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

/** Why a committee member may not hand their step to another member (a member decides once). */
export const COMMITTEE_DELEGATE_MESSAGE = 'This person is already a member of this committee';

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
  /** Set on a committee member's step (N of M). */
  required_approvals: number | null;
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

/**
 * The open step of the requisition's latest round that `actorId` would decide, if any: a committee
 * level has one open step per member (the actor's own, else the first); any other level has one.
 * With `lock`, locked FOR UPDATE.
 */
async function openStepOfLatestRound(
  db: Db,
  organizationId: string,
  id: string,
  actorId: string,
  transaction: Transaction,
  { lock }: { lock: boolean },
): Promise<LockedStep | null> {
  const steps = await select<LockedStep>(
    db,
    `SELECT s.id, s.round, s.approval_level, s.approver_id::text AS approver_id, s.approver_role_name,
            s.required_approvals
       FROM approval_steps s
      WHERE s.requisition_id = $1 AND s.organization_id = $2 AND s.action IS NULL
        AND s.round = (SELECT max(x.round) FROM approval_steps x WHERE x.requisition_id = $1)
      ORDER BY s.created_at, s.id
      ${lock ? 'FOR UPDATE OF s' : ''}`,
    [id, organizationId],
    transaction,
  );
  return steps.find((step) => step.approver_id === actorId) ?? steps[0] ?? null;
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
  return db.sequelize.transaction((transaction) => actOnRequisitionIn(db, actor, id, input, transaction));
}

/**
 * {@link actOnRequisition} inside the caller's transaction (an emailed decision spends its link in
 * the same one). The step that opens next, or the delegate's, is mailed to whoever can decide it.
 */
export async function actOnRequisitionIn(
  db: Db,
  actor: Actor,
  id: string,
  input: ActionInput,
  transaction: Transaction,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  {
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
        ? await openStepOfLatestRound(db, organizationId, id, actor.userId, transaction, { lock: true })
        : null;
    if (!step) {
      // Decided meanwhile (or never awaiting approval): a conflict with the record's state.
      await refuseIfSeatClosed(db, actor, id, transaction);
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
          ? (await canApprove(db, organizationId, delegateTo, transaction))
            ? [delegateTo]
            : []
          : [],
      decidedBy: facts.approved_by,
    });
    if (refusal === 'own_requisition' || refusal === 'already_decided') {
      throw new Forbidden(REFUSAL_MESSAGES[refusal]);
    }
    if (refusal === 'not_your_step') {
      // The caller's step of this round was decided a moment ago (by them, a group colleague, or
      // the other members of their committee).
      await refuseIfSeatClosed(db, actor, id, transaction);
      if (await decidedByOrFor(db, actor, id, transaction)) throw new Conflict(APPROVAL_CONFLICTS.decided);
      throw new Forbidden(REFUSAL_MESSAGES.not_your_step);
    }
    if (refusal === 'comment_required') {
      throw validationError([{ field: 'comments', message: REFUSAL_MESSAGES.comment_required }]);
    }
    if (refusal) {
      throw validationError([{ field: 'delegate_to_user_id', message: REFUSAL_MESSAGES[refusal] }]);
    }
    const committee = step.required_approvals !== null;
    if (
      committee &&
      input.action === 'delegate' &&
      delegateTo &&
      (await isCommitteeMember(db, organizationId, id, step, delegateTo, transaction))
    ) {
      throw validationError([{ field: 'delegate_to_user_id', message: COMMITTEE_DELEGATE_MESSAGE }]);
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
    /** The delegate's new step: only its holder is asked (not a committee's other members). */
    let delegatedStep: string | null = null;
    const metadata: Record<string, unknown> = {
      level: step.approval_level,
      round: step.round,
      comment: comments,
    };
    // A committee level waits for its N-th approval: until then nothing else changes.
    const approvals = committee ? await committeeApprovals(db, organizationId, id, step, transaction) : 0;
    const committeeWaits =
      committee && input.action === 'approve' && approvals < (step.required_approvals ?? 0);
    if (committee) {
      metadata.committee = { required: step.required_approvals, approved: approvals };
      if (!committeeWaits && input.action !== 'delegate')
        await closeCommittee(db, organizationId, id, step, transaction);
    }
    if (committeeWaits) {
      // Recorded below; the other members' steps stay open.
    } else if (input.action === 'approve') {
      // The budget again, under its lock (issue 13): it may have been spent or cut since submission.
      const totalCents = Number(facts.base_total_cents);
      const budget = await checkBudgetLocked(
        db,
        { organizationId, costCenterId: facts.cost_center_id, requisitionId: id, totalCents, reserve: false },
        transaction,
      );
      if (budget.outcome.kind === 'blocked') throw budgetExceeded(budget, totalCents);
      await recordBudgetCheck(db, organizationId, id, budget.outcome, { clear: false }, transaction);
      if (budget.outcome.kind === 'finance_required') {
        facts.budget_finance = true;
        metadata.budget_overrun = (budget.outcome.overrunCents / 100).toFixed(2);
      }
      const { policy, routingFacts, budgetLevel } = toRoutingFacts(facts);
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
      await recordRoute(
        db,
        organizationId,
        id,
        step.round,
        closed,
        route.next,
        transaction,
        budgetLevel,
        policy,
      );
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
      const copy = await selectOne<{ id: string }>(
        db,
        `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                     approver_id, delegated_from_id, required_approvals,
                                     due_at, remind_at, reminded_at, escalated_at)
         SELECT organization_id, requisition_id, round, approval_level, level_title, $2, $3, required_approvals,
                due_at, remind_at, reminded_at, escalated_at
           FROM approval_steps WHERE id = $1
         RETURNING id::text AS id`,
        [step.id, delegateTo, actor.userId],
        transaction,
      );
      delegatedStep = copy?.id ?? null;
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
        mail: actor.mail,
      },
      transaction,
    );
    // The step just opened (next level, or a delegation) may be for someone out of office; whoever
    // holds it then is mailed its Approve and Reject links.
    if (to === 'under_review') await handOverIfAbsent(db, organizationId, id, transaction);
    if (
      input.action === 'delegate' ||
      (input.action === 'approve' && to === 'under_review' && !committeeWaits)
    ) {
      const kind = input.action === 'delegate' ? 'step_delegated' : 'approval_requested';
      const only = input.action === 'delegate' ? (delegatedStep ? [delegatedStep] : []) : null;
      await mailOpenStep(db, organizationId, id, actor.mail, transaction, kind, only);
    }
    return detailOrFail(db, organizationId, id, transaction);
  }
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
        ? await openStepOfLatestRound(db, organizationId, id, actor.userId, transaction, { lock: false })
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
    // Nobody who already approved a level of this requisition is offered (DECISIONS §4), nor, for a
    // committee seat, anyone who holds or held a seat of that level (a member decides once).
    return select<UserRefView>(
      db,
      `SELECT DISTINCT u.id::text AS id, u.first_name, u.last_name, u.email
         FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
         JOIN role_permissions rp ON rp.role_id = m.role_id
         JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
        WHERE m.organization_id = $1 AND m.is_active AND u.id <> $2 AND u.id <> $3
          AND NOT (u.id::text = ANY($4::text[]))
          AND NOT ($5::int IS NOT NULL AND EXISTS (SELECT 1 FROM approval_steps s
                WHERE s.organization_id = $1 AND s.requisition_id = $6 AND s.round = $5 AND s.approval_level = $7
                  AND s.required_approvals IS NOT NULL AND COALESCE(s.actioned_by_id, s.approver_id) = u.id))
        ORDER BY u.last_name, u.first_name, u.email`,
      [
        organizationId,
        actor.userId,
        requisition.requestor_id,
        facts?.approved_by ?? [],
        step?.required_approvals ? step.round : null,
        id,
        step?.approval_level ?? 0,
      ],
      transaction,
    );
  });
}

/**
 * 409 saying what the committee decided when the caller's seat of the latest round was closed by
 * the other members' decision (docs/decisions.md "Closed seats"); nothing otherwise.
 */
async function refuseIfSeatClosed(db: Db, actor: Actor, id: string, transaction: Transaction): Promise<void> {
  const organizationId = actor.scope.organizationId;
  const seat = await closedSeatOf(db, organizationId, id, actor.userId, transaction);
  if (seat) throw new Conflict(await closedSeatOutcome(db, organizationId, id, seat, transaction));
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
