import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import type { Actor } from './actor.js';
import { allocateNumberNow } from './numbering.js';
import { decimal, insertLines, prepareForm, type RequisitionForm } from './requisition-form.js';
import { settleApprovedEdit, snapshotRequisition } from './requisition-reapproval.js';
import { submitLocked } from './requisition-submission.js';
import { type RequisitionView, selectRequisitionDetail } from './requisitions.presenter.js';

export type { RequisitionForm } from './requisition-form.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];

export type { Actor } from './actor.js';
export { AUTO_APPROVAL_COMMENT } from './requisition-submission.js';

/** Statuses in which the requestor may edit, delete and (re)submit (DECISIONS §3). */
const EDITABLE: readonly RequisitionStatus[] = ['draft', 'info_requested'];

const MESSAGES = {
  editForbidden: 'Only the requestor can edit this requisition',
  editConflict:
    'Only a draft, a requisition awaiting more information or an approved requisition without a purchase order can be edited',
  editOrdered: 'This requisition has a purchase order and can no longer be edited',
  deleteForbidden: 'Only the requestor can delete this requisition',
  deleteConflict: 'Only a draft or a requisition awaiting more information can be deleted',
  submitForbidden: 'Only the requestor can submit this requisition',
  submitConflict: 'Only a draft or a requisition awaiting more information can be submitted',
} as const;

/**
 * Visibility (DECISIONS §2) as SQL over `requisitions r`: everything with `requisition.view_all`;
 * otherwise what the caller raised or has an approval step on (assigned, acted, delegated from, or
 * open to the caller's role). `$u`, `$role` and `$all` are bind positions.
 */
export function visibleSql(u: number, role: number, all: number): string {
  return `($${all}::boolean OR r.requestor_id = $${u} OR EXISTS (
    SELECT 1 FROM approval_steps vs
     WHERE vs.requisition_id = r.id
       AND (vs.approver_id = $${u} OR vs.actioned_by_id = $${u} OR vs.delegated_from_id = $${u}
            OR (vs.action IS NULL AND vs.approver_id IS NULL AND vs.approver_role_name = $${role}))))`;
}

/** The bind values of {@link visibleSql}: the actor's id, role name and `requisition.view_all`. */
export const visibilityBind = (actor: Actor) => [
  actor.userId,
  actor.scope.roleName,
  actor.scope.permissions.has('requisition.view_all'),
];

/** The requisition with lines, attachments and workflow; 404 unless the actor may see it. */
export async function getRequisition(db: Db, actor: Actor, id: string): Promise<RequisitionView> {
  const requisition = await selectRequisitionDetail(db, actor.scope.organizationId, id, {
    filter: { where: visibleSql(3, 4, 5), bind: visibilityBind(actor) },
  });
  if (!requisition) throw new NotFound('Requisition');
  return requisition;
}

interface LockedRequisition {
  id: string;
  status: RequisitionStatus;
  requestor_id: string;
  total_amount: string;
}

/**
 * Locks the requisition row for the rest of the transaction and checks that the actor may change
 * it: 404 when they cannot see it, 403 when they are not the requestor, 409 in any status but
 * draft and info_requested.
 */
async function lockForChange(
  db: Db,
  actor: Actor,
  id: string,
  messages: { forbidden: string; conflict: string; ordered?: string },
  transaction: Transaction,
  statuses: readonly RequisitionStatus[] = EDITABLE,
): Promise<LockedRequisition> {
  const row = await selectOne<LockedRequisition>(
    db,
    `SELECT r.id, r.status, r.requestor_id, r.total_amount
       FROM requisitions r
      WHERE r.id = $1 AND r.organization_id = $2 AND ${visibleSql(3, 4, 5)}
      FOR UPDATE OF r`,
    [id, actor.scope.organizationId, ...visibilityBind(actor)],
    transaction,
  );
  if (!row) throw new NotFound('Requisition');
  if (row.requestor_id !== actor.userId) throw new Forbidden(messages.forbidden);
  if (row.status === 'po_created' && messages.ordered)
    throw new Conflict(messages.ordered, 'ALREADY_ORDERED');
  if (!statuses.includes(row.status)) throw new Conflict(messages.conflict);
  return row;
}

import { audit } from './requisition-audit.js';

export { audit };

/** The requisition detail read inside `transaction`; 404 when it is gone. */
export async function detailOrFail(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<RequisitionView> {
  const requisition = await selectRequisitionDetail(db, organizationId, id, { transaction });
  if (!requisition) throw new NotFound('Requisition');
  return requisition;
}

/**
 * Creates a draft with its lines for the actor (requestor, with their membership's department),
 * numbered `REQ-<year>-<nnnnn>`; `submit: true` submits it at once.
 */
export async function createRequisition(
  db: Db,
  actor: Actor,
  form: RequisitionForm,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  // The form is checked before a number is taken, so a refused form uses none; the number is taken
  // in a transaction of its own (`allocateNumberNow`), so creates do not wait for one another.
  const prepared = await prepareForm(db, organizationId, form, null);
  const number = await allocateNumberNow(db, organizationId, 'REQ');
  return db.sequelize.transaction(async (transaction) => {
    const row = await selectOne<{ id: string }>(
      db,
      `INSERT INTO requisitions
         (organization_id, requisition_number, status, category, justification, delivery_date, shipping_address,
          notes, total_amount, currency, requestor_id, cost_center_id, gl_account_id, department_id)
       VALUES ($1, $2, 'draft', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (SELECT department_id FROM user_organizations WHERE id = $13))
       RETURNING id`,
      [
        organizationId,
        number,
        form.category ?? 'standard',
        form.justification ?? null,
        form.delivery_date ?? null,
        form.shipping_address ?? null,
        form.notes ?? null,
        decimal(prepared.totalCents),
        prepared.currency,
        actor.userId,
        form.cost_center_id,
        form.gl_account_id,
        actor.scope.membershipId,
      ],
      transaction,
    );
    const id = row!.id;
    await insertLines(db, id, prepared.currency, prepared.lines, transaction);
    await audit(
      db,
      { organizationId, requisitionId: id, action: 'create', from: null, to: 'draft', actorId: actor.userId },
      transaction,
    );
    if (form.submit) await submitLocked(db, actor, { id, status: 'draft' }, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/**
 * Replaces the fields and every line of the actor's own draft or info_requested requisition and
 * recomputes the totals; `submit: true` then submits (or resubmits) it in the same transaction.
 * An approved requisition without an order may be edited too: it keeps its approval or goes back
 * for approval (`settleApprovedEdit`, docs/decisions.md "Changes after approval"); `submit` is ignored.
 */
export async function updateRequisition(
  db: Db,
  actor: Actor,
  id: string,
  form: RequisitionForm,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.editForbidden, conflict: MESSAGES.editConflict, ordered: MESSAGES.editOrdered },
      transaction,
      [...EDITABLE, 'approved'],
    );
    const approvedBefore =
      current.status === 'approved' ? await snapshotRequisition(db, organizationId, id, transaction) : null;
    const prepared = await prepareForm(db, organizationId, form, transaction);
    await execute(
      db,
      `UPDATE requisitions
          SET category = $3, justification = $4, delivery_date = $5, shipping_address = $6, notes = $7,
              total_amount = $8, currency = $9, cost_center_id = $10, gl_account_id = $11, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [
        id,
        organizationId,
        form.category ?? 'standard',
        form.justification ?? null,
        form.delivery_date ?? null,
        form.shipping_address ?? null,
        form.notes ?? null,
        decimal(prepared.totalCents),
        prepared.currency,
        form.cost_center_id,
        form.gl_account_id,
      ],
      transaction,
    );
    await execute(db, 'DELETE FROM requisition_line_items WHERE requisition_id = $1', [id], transaction);
    await insertLines(db, id, prepared.currency, prepared.lines, transaction);
    if (approvedBefore) {
      await settleApprovedEdit(db, actor, id, approvedBefore, transaction, (restartLevel, metadata) =>
        submitLocked(db, actor, current, transaction, { restartLevel, metadata }),
      );
      return detailOrFail(db, organizationId, id, transaction);
    }
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: 'update',
        from: current.status,
        to: current.status,
        actorId: actor.userId,
      },
      transaction,
    );
    if (form.submit) await submitLocked(db, actor, current, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/**
 * Deletes the actor's own draft (with its lines, steps and attachments), or cancels their
 * info_requested requisition, which keeps its history. 409 in any other status.
 */
export async function deleteRequisition(db: Db, actor: Actor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.deleteForbidden, conflict: MESSAGES.deleteConflict },
      transaction,
    );
    if (current.status === 'draft') {
      // Attachments point at their entity without a foreign key: remove their bytes and rows too.
      await execute(
        db,
        `DELETE FROM attachment_blobs WHERE storage_key IN (
           SELECT storage_key FROM attachments
            WHERE organization_id = $1 AND entity_type = 'requisition' AND entity_id = $2)`,
        [organizationId, id],
        transaction,
      );
      await execute(
        db,
        `DELETE FROM attachments WHERE organization_id = $1 AND entity_type = 'requisition' AND entity_id = $2`,
        [organizationId, id],
        transaction,
      );
      await execute(
        db,
        'DELETE FROM requisitions WHERE id = $1 AND organization_id = $2',
        [id, organizationId],
        transaction,
      );
      await audit(
        db,
        {
          organizationId,
          requisitionId: id,
          action: 'delete',
          from: 'draft',
          to: null,
          actorId: actor.userId,
        },
        transaction,
      );
      return;
    }
    await execute(
      db,
      `UPDATE requisitions SET status = 'cancelled', cancelled_at = now(), updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: 'cancel',
        from: current.status,
        to: 'cancelled',
        actorId: actor.userId,
      },
      transaction,
    );
  });
}

/** Submits (or resubmits) the actor's own draft or info_requested requisition; see {@link submitLocked}. */
export async function submitRequisition(db: Db, actor: Actor, id: string): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.submitForbidden, conflict: MESSAGES.submitConflict },
      transaction,
    );
    await submitLocked(db, actor, current, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}
