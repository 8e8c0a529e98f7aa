import type { Transaction } from 'sequelize';
import { select } from '../../db-query.js';
import type { NotificationKind } from '../../domain/notification-kinds.js';
import type { Db } from '../../http/context.js';

/**
 * The kinds that ask their reader to act on a requisition's open step: it awaits them, was delegated
 * to them, is nearly due, or is overdue (escalated to them, or to their group's attention).
 */
export const AWAITING_KINDS: readonly NotificationKind[] = [
  'approval_requested',
  'step_delegated',
  'reminder',
  'escalation',
];

/**
 * Marks read, in the caller's transaction, the unread "awaiting your decision" notifications about
 * requisition `requisitionId` (kinds {@link AWAITING_KINDS}) of everyone who can no longer act on it
 * (docs/decisions.md "Awaiting notifications settle"): who cannot decide any open step of its latest
 * round — a step's holder, or an eligible member of a group step (active holder of the role with
 * `approval.act`, not the requestor, nobody who approved a level already; the people
 * `mailOpenStep` asks). A requisition no longer under review has no such step, so every one settles.
 * An `escalation` notice stays unread while an overdue escalated step is still open (the group told
 * of an overdue step that stays may not be able to decide it, and it is still overdue). Run after a
 * step is decided, delegated away, moved by out of office or escalation, a committee's seats close, or
 * the requisition leaves review. Answers how many were marked.
 */
export async function settleAwaitingNotifications(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<number> {
  const rows = await select<{ id: string }>(
    db,
    `WITH open_step AS (
       SELECT s.approver_id, s.approver_role_name, s.escalated_at, r.requestor_id
         FROM approval_steps s
         JOIN requisitions r ON r.id = s.requisition_id AND r.organization_id = s.organization_id
                            AND r.status = 'under_review'
        WHERE s.requisition_id = $2 AND s.organization_id = $1 AND s.action IS NULL
          AND s.round = (SELECT max(x.round) FROM approval_steps x
                          WHERE x.requisition_id = $2 AND x.organization_id = $1)
     ), can_act AS (
       SELECT u.id FROM open_step st
         JOIN users u ON u.is_active AND u.id <> st.requestor_id
          AND (u.id = st.approver_id
               OR (st.approver_id IS NULL AND EXISTS (
                     SELECT 1 FROM user_organizations m
                       JOIN roles ro ON ro.id = m.role_id AND ro.organization_id = $1
                       JOIN role_permissions rp ON rp.role_id = ro.id AND rp.organization_id = $1
                       JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
                      WHERE m.user_id = u.id AND m.organization_id = $1 AND m.is_active
                        AND ro.name = st.approver_role_name)))
        WHERE NOT EXISTS (SELECT 1 FROM approval_steps a
                           WHERE a.requisition_id = $2 AND a.organization_id = $1 AND a.action = 'approve'
                             AND a.superseded_at IS NULL AND COALESCE(a.actioned_by_id, a.approver_id) = u.id)
     )
     UPDATE notifications n SET read_at = clock_timestamp()
      WHERE n.organization_id = $1 AND n.requisition_id = $2 AND n.subject_type = 'requisition'
        AND n.read_at IS NULL AND n.kind = ANY($3::text[])
        AND NOT EXISTS (SELECT 1 FROM can_act c WHERE c.id = n.user_id)
        AND (n.kind <> 'escalation' OR NOT EXISTS (SELECT 1 FROM open_step WHERE escalated_at IS NOT NULL))
     RETURNING n.id::text AS id`,
    [organizationId, requisitionId, `{${AWAITING_KINDS.join(',')}}`],
    transaction,
  );
  return rows.length;
}
