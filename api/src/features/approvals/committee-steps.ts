import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';

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
 * Removes the open steps of members who had not decided when the committee level was closed (by
 * the N-th approval, a rejection or a request for information): their decision is no longer needed.
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
    `DELETE FROM approval_steps s
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
