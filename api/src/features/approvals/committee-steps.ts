import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { formatDay } from '../purchase-orders/po-document.js';

/**
 * Committees (N of M): a committee level has one open step per eligible member, each marked with
 * `required_approvals`. These helpers run under the requisition's row lock (FOR UPDATE), which
 * serialises every decision on one requisition: two members approving at once are counted one after
 * the other, and only the N-th approval closes the level.
 */

/** A step of a committee level as far as deciding it matters. */
export interface CommitteeStep {
  id: string;
  round: number;
  approval_level: number;
  required_approvals: number | null;
}

/** How many distinct members approved the committee level of `step` (this round). */
export async function committeeApprovals(
  db: Db,
  organizationId: string,
  requisitionId: string,
  step: CommitteeStep,
  transaction: Transaction,
): Promise<number> {
  const row = await selectOne<{ n: number }>(
    db,
    `SELECT count(DISTINCT COALESCE(s.actioned_by_id, s.approver_id))::int AS n FROM approval_steps s
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.round = $3 AND s.approval_level = $4
        AND s.required_approvals IS NOT NULL AND s.action = 'approve' AND s.superseded_at IS NULL`,
    [organizationId, requisitionId, step.round, step.approval_level],
    transaction,
  );
  return row?.n ?? 0;
}

/**
 * Closes the open seats of members who had not decided when the level was decided (by the N-th
 * approval, a rejection or a request for information): their decision is no longer needed. The rows
 * stay, as action `closed` with nobody as decider, so their member learns what happened (the
 * timeline leaves them out; they count nowhere as decided).
 */
export async function closeCommittee(
  db: Db,
  organizationId: string,
  requisitionId: string,
  step: CommitteeStep,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `UPDATE approval_steps s SET action = 'closed', actioned_at = now()
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.round = $3 AND s.approval_level = $4
        AND s.required_approvals IS NOT NULL AND s.action IS NULL`,
    [organizationId, requisitionId, step.round, step.approval_level],
    transaction,
  );
}

/** Whether `userId` already has (or had) a step of the committee level of `step` (a member decides once). */
export async function isCommitteeMember(
  db: Db,
  organizationId: string,
  requisitionId: string,
  step: CommitteeStep,
  userId: string,
  transaction: Transaction,
): Promise<boolean> {
  const row = await selectOne<{ found: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM approval_steps s
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.round = $3 AND s.approval_level = $4
        AND s.required_approvals IS NOT NULL AND COALESCE(s.actioned_by_id, s.approver_id) = $5) AS found`,
    [organizationId, requisitionId, step.round, step.approval_level, userId],
    transaction,
  );
  return row?.found ?? false;
}

/** A member's seat closed by the others' decision, as far as saying what happened matters. */
export interface ClosedSeat {
  round: number;
  approval_level: number;
  required_approvals: number;
}

/**
 * The seat of `userId` in the requisition's latest round that another member's decision closed (the
 * latest, when several levels closed one), or null. Only the member the seat was for finds it.
 */
export async function closedSeatOf(
  db: Db,
  organizationId: string,
  requisitionId: string,
  userId: string,
  transaction?: Transaction,
): Promise<ClosedSeat | null> {
  return selectOne<ClosedSeat>(
    db,
    `SELECT s.round, s.approval_level, s.required_approvals FROM approval_steps s
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.approver_id = $3 AND s.action = 'closed'
        AND s.round = (SELECT max(x.round) FROM approval_steps x
                        WHERE x.requisition_id = $2 AND x.organization_id = $1)
      ORDER BY s.approval_level DESC, s.actioned_at DESC LIMIT 1`,
    [organizationId, requisitionId, userId],
    transaction,
  );
}

/** People in a sentence: 'A', 'A and B', 'A, B and C'. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? 'someone';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Lead of the sentence telling a member whose seat was closed what happened (docs/decisions.md). */
export const CLOSED_SEAT_LEAD = 'This committee has already decided';

/**
 * What decided the level of a closed seat, as one sentence for its member: "This committee has already
 * decided: approved by A and B on 28 Nov 2026." (rejected by A, sent back for more information by A);
 * for a level any one of the named users decides (`required_approvals` 1), the words of a step decided
 * elsewhere: "Already approved by A on 28 Nov 2026.", "A asked for more information on …".
 */
export async function closedSeatOutcome(
  db: Db,
  organizationId: string,
  requisitionId: string,
  seat: ClosedSeat,
  transaction?: Transaction,
): Promise<string> {
  const decisions = await select<{ action: string; name: string; actioned_at: Date }>(
    db,
    `SELECT s.action, concat_ws(' ', u.first_name, u.last_name) AS name, s.actioned_at
       FROM approval_steps s JOIN users u ON u.id = COALESCE(s.actioned_by_id, s.approver_id)
      WHERE s.organization_id = $1 AND s.requisition_id = $2 AND s.round = $3 AND s.approval_level = $4
        AND s.required_approvals IS NOT NULL AND s.action IN ('approve', 'reject', 'request_info')
        AND s.superseded_at IS NULL
      ORDER BY s.actioned_at, s.id`,
    [organizationId, requisitionId, seat.round, seat.approval_level],
    transaction,
  );
  const stop = decisions.find((d) => d.action === 'reject' || d.action === 'request_info');
  const deciding = stop ? [stop] : decisions.filter((d) => d.action === 'approve');
  const on = formatDay(deciding.at(-1)?.actioned_at ?? null);
  const who = listNames(deciding.map((d) => d.name));
  if (seat.required_approvals === 1) {
    if (stop?.action === 'request_info') return `${who} asked for more information on ${on}.`;
    return `Already ${stop ? 'rejected' : 'approved'} by ${who} on ${on}.`;
  }
  const what =
    stop?.action === 'request_info' ? 'sent back for more information' : stop ? 'rejected' : 'approved';
  return `${CLOSED_SEAT_LEAD}: ${what} by ${who} on ${on}.`;
}
