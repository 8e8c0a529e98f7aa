import type { Transaction } from 'sequelize';
import { select, selectOne } from '../../db-query.js';
import { delegatedWords, delegateRefusal, returnedWords } from '../../domain/absence.js';
import type { Db } from '../../http/context.js';
import { type DecisionMailContext, mailOpenStep } from '../approvals/decision-mail.js';
import { audit } from '../requisitions/requisitions.service.js';

/**
 * The step moves of out of office (docs/decisions.md "Out of office"): a step is handed over by
 * closing it with action `delegate` and the history's words, and opening a copy for the new holder,
 * with its history entry, in the caller's transaction. Used when a step opens during an absence,
 * when an absence starts (or is set already started), and when it ends or is cancelled.
 */

/** An absence as the moves need it. */
export interface AbsenceRow {
  organization_id: string;
  id: string;
  user_id: string;
  delegate_id: string;
  starts_at: Date;
  ends_at: Date;
  started_at: Date | null;
}

export const ABSENCE_COLUMNS = `a.organization_id::text AS organization_id, a.id::text AS id,
  a.user_id::text AS user_id, a.delegate_id::text AS delegate_id, a.starts_at, a.ends_at, a.started_at`;

interface OpenStepRow {
  id: string;
  requisition_id: string;
  requestor_id: string;
  round: number;
  approval_level: number;
  delegate_approved: boolean;
}

const nameOf = async (db: Db, userId: string, transaction: Transaction) =>
  (
    await selectOne<{ name: string }>(
      db,
      `SELECT btrim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`,
      [userId],
      transaction,
    )
  )?.name ?? 'Someone';

/** Whether `userId` is an active member of the organisation (active account) holding `approval.act`. */
export async function canApprove(
  db: Db,
  organizationId: string,
  userId: string,
  transaction: Transaction,
): Promise<boolean> {
  const row = await selectOne<{ found: boolean }>(
    db,
    `SELECT EXISTS (
       SELECT 1 FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
         JOIN role_permissions rp ON rp.role_id = m.role_id AND rp.organization_id = m.organization_id
         JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
        WHERE m.organization_id = $1 AND m.user_id = $2 AND m.is_active) AS found`,
    [organizationId, userId],
    transaction,
  );
  return row?.found ?? false;
}

/** Closes open step `step` with `comment` and opens its copy for `to`; one history entry. */
async function handOver(
  db: Db,
  organizationId: string,
  step: Pick<OpenStepRow, 'id' | 'requisition_id' | 'round' | 'approval_level'>,
  move: { to: string; from: string | null; absenceId: string | null; absentId: string; comment: string },
  transaction: Transaction,
  mail: DecisionMailContext | undefined,
): Promise<void> {
  // A committee member's step does not move to a delegate who already has a step of that committee
  // (a member decides once): it stays with the absent member.
  const closed = await selectOne<{ id: string }>(
    db,
    `UPDATE approval_steps s SET action = 'delegate', actioned_at = now(), comments = $2
      WHERE s.id = $1 AND s.organization_id = $3 AND s.action IS NULL
        AND NOT (s.required_approvals IS NOT NULL AND EXISTS (
              SELECT 1 FROM approval_steps o
               WHERE o.organization_id = $3 AND o.requisition_id = s.requisition_id AND o.round = s.round
                 AND o.approval_level = s.approval_level AND COALESCE(o.actioned_by_id, o.approver_id) = $4))
      RETURNING s.id`,
    [step.id, move.comment, organizationId, move.to],
    transaction,
  );
  if (!closed) return;
  const copy = await selectOne<{ id: string }>(
    db,
    `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                 approver_id, delegated_from_id, absence_id, required_for, required_approvals,
                                 due_at, remind_at, reminded_at, escalated_at)
     SELECT organization_id, requisition_id, round, approval_level, level_title, $2, $3, $4, required_for,
            required_approvals, due_at, remind_at, reminded_at, escalated_at
       FROM approval_steps WHERE id = $1
     RETURNING id::text AS id`,
    [step.id, move.to, move.from, move.absenceId],
    transaction,
  );
  await audit(
    db,
    {
      organizationId,
      requisitionId: step.requisition_id,
      action: 'delegate',
      from: 'under_review',
      to: 'under_review',
      actorId: move.absentId,
      metadata: {
        level: step.approval_level,
        round: step.round,
        comment: move.comment,
        delegate_to_user_id: move.to,
        out_of_office: true,
      },
    },
    transaction,
  );
  // Its new holder gets the "awaiting your decision" mail (the old links now say where it went); a
  // committee's other members, asked when their seats opened, are not asked again.
  await mailOpenStep(
    db,
    organizationId,
    step.requisition_id,
    mail,
    transaction,
    'approval_requested',
    copy ? [copy.id] : [],
  );
}

const OPEN_STEP = `SELECT s.id::text AS id, s.requisition_id::text AS requisition_id, s.round, s.approval_level,
         r.requestor_id::text AS requestor_id,
         EXISTS (SELECT 1 FROM approval_steps d
                  WHERE d.requisition_id = s.requisition_id AND d.action = 'approve' AND d.superseded_at IS NULL
                    AND COALESCE(d.actioned_by_id, d.approver_id) = $3) AS delegate_approved
    FROM approval_steps s
    JOIN requisitions r ON r.id = s.requisition_id AND r.organization_id = s.organization_id
   WHERE s.organization_id = $1 AND s.action IS NULL AND r.status = 'under_review'`;

/**
 * Hands `steps` of the absent user to the absence's delegate, each only when the delegate may take
 * it (DECISIONS §4: an approver, not its requestor, not someone who approved a level of it); the
 * others stay with the absent user. Answers how many moved.
 */
async function handToDelegate(
  db: Db,
  absence: AbsenceRow,
  steps: OpenStepRow[],
  transaction: Transaction,
  mail?: DecisionMailContext,
): Promise<number> {
  if (steps.length === 0) return 0;
  const { organization_id: organizationId } = absence;
  const delegateCanApprove = await canApprove(db, organizationId, absence.delegate_id, transaction);
  const comment = delegatedWords(
    await nameOf(db, absence.delegate_id, transaction),
    await nameOf(db, absence.user_id, transaction),
    new Date(absence.ends_at),
  );
  let moved = 0;
  for (const step of steps) {
    const refusal = delegateRefusal({
      delegateId: absence.delegate_id,
      requestorId: step.requestor_id,
      approvedBy: step.delegate_approved ? [absence.delegate_id] : [],
      delegateCanApprove,
    });
    if (refusal) continue;
    await handOver(
      db,
      organizationId,
      step,
      {
        to: absence.delegate_id,
        from: absence.user_id,
        absenceId: absence.id,
        absentId: absence.user_id,
        comment,
      },
      transaction,
      mail,
    );
    moved += 1;
  }
  return moved;
}

/**
 * The start of an absence: the absent user's open steps (their own, not those they hold for someone
 * else's absence: never two hops) go to the delegate. Locks requisition then step, as the approval
 * actions do. Answers how many moved.
 */
export async function startAbsence(
  db: Db,
  absence: AbsenceRow,
  transaction: Transaction,
  mail?: DecisionMailContext,
): Promise<number> {
  const steps = await select<OpenStepRow>(
    db,
    `${OPEN_STEP} AND s.approver_id = $2 AND s.absence_id IS NULL ORDER BY s.created_at FOR UPDATE OF r, s`,
    [absence.organization_id, absence.user_id, absence.delegate_id],
    transaction,
  );
  return handToDelegate(db, absence, steps, transaction, mail);
}

/**
 * The end (or cancellation, or change of delegate) of an absence: the steps still open that the
 * delegate holds because of it come back to the absent user. Answers how many.
 */
export async function returnSteps(
  db: Db,
  absence: AbsenceRow,
  reason: 'ended' | 'cancelled' | 'changed',
  transaction: Transaction,
  mail?: DecisionMailContext,
): Promise<number> {
  const steps = await select<OpenStepRow>(
    db,
    `${OPEN_STEP} AND s.absence_id = $2 ORDER BY s.created_at FOR UPDATE OF r, s`,
    [absence.organization_id, absence.id, absence.user_id],
    transaction,
  );
  if (steps.length === 0) return 0;
  const comment = returnedWords(await nameOf(db, absence.user_id, transaction), reason);
  for (const step of steps) {
    await handOver(
      db,
      absence.organization_id,
      step,
      { to: absence.user_id, from: null, absenceId: null, absentId: absence.user_id, comment },
      transaction,
      mail,
    );
  }
  return steps.length;
}

/**
 * After routing opened a step of requisition `requisitionId` (submission, an approval, a delegation):
 * when its approver is out of office now, it goes to their delegate (only this one hop: the delegate's
 * own absence does not move it again). Called once the requisition's status and history are written,
 * so that the move follows them in the history.
 */
export async function handOverIfAbsent(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<void> {
  const absence = await selectOne<AbsenceRow>(
    db,
    `SELECT ${ABSENCE_COLUMNS} FROM approval_steps s
       JOIN user_absences a ON a.organization_id = s.organization_id AND a.user_id = s.approver_id
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.action IS NULL AND s.absence_id IS NULL
        AND a.ended_at IS NULL AND a.starts_at <= now() AND a.ends_at > now()
      LIMIT 1`,
    [organizationId, requisitionId],
    transaction,
  );
  if (!absence) return;
  const steps = await select<OpenStepRow>(
    db,
    `${OPEN_STEP} AND s.requisition_id = $2 AND s.approver_id = $4 AND s.absence_id IS NULL FOR UPDATE OF s`,
    [organizationId, requisitionId, absence.delegate_id, absence.user_id],
    transaction,
  );
  // No mail here: the caller mails whoever holds the step once routing is done.
  await handToDelegate(db, absence, steps, transaction);
}
