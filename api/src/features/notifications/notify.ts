import type { Transaction } from 'sequelize';
import { select } from '../../db-query.js';
import { type NotificationKind, wantsSql } from '../../domain/notification-kinds.js';
import type { Db } from '../../http/context.js';
import { mailNotification, type NotificationMailContext } from './notification-mail.js';

/** What a notification says and where it leads. */
export interface NotificationInput {
  organizationId: string;
  kind: NotificationKind;
  message: string;
  subjectType: 'requisition' | 'purchase_order';
  subjectId: string;
  requisitionId: string;
}

/** The mail of a notification: where its link leads and the number its subject names. */
export type NotifyMail = NotificationMailContext & { reference: string };

/**
 * Writes a notification for each of `userIds` who keeps `kind` in the app (docs/decisions.md "The
 * bell"), inside the caller's transaction: an event rolled back notifies nobody. Someone already
 * notified of this kind about this record in the same transaction is not notified again. With `mail`,
 * each of them who keeps `kind` by email also gets its mail, queued in the same transaction, whatever
 * their choice for the app (docs/decisions.md "A mail for every kind"). Answers the recipients written.
 */
export async function notify(
  db: Db,
  input: NotificationInput,
  userIds: readonly string[],
  transaction: Transaction,
  mail?: NotifyMail,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  if (mail) await mailNotification(db, { ...input, reference: mail.reference }, userIds, mail, transaction);
  const rows = await select<{ user_id: string }>(
    db,
    `INSERT INTO notifications (organization_id, user_id, kind, message, subject_type, subject_id, requisition_id)
     SELECT $1, u.id, $2, $3, $4, $5, $6
       FROM unnest($7::uuid[]) AS u(id)
       LEFT JOIN notification_preferences p ON p.organization_id = $1 AND p.user_id = u.id
      WHERE ${wantsSql('in_app', '$2')}
        -- Once per person, kind and record in one event: a step handed over to an absent approver's
        -- delegate on submission is announced by both the move and the submission.
        AND NOT EXISTS (SELECT 1 FROM notifications x
                         WHERE x.organization_id = $1 AND x.user_id = u.id AND x.kind = $2
                           AND x.subject_id = $5 AND x.created_at >= now())
     RETURNING user_id::text`,
    [
      input.organizationId,
      input.kind,
      input.message,
      input.subjectType,
      input.subjectId,
      input.requisitionId,
      `{${[...new Set(userIds)].join(',')}}`,
    ],
    transaction,
  );
  return rows.map((row) => row.user_id);
}

/** The members of `userIds` who want `kind` by email (the default for anyone who has not chosen). */
export async function wantingEmail(
  db: Db,
  organizationId: string,
  kind: NotificationKind,
  userIds: readonly string[],
  transaction: Transaction,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await select<{ id: string }>(
    db,
    `SELECT u.id::text AS id FROM unnest($3::uuid[]) AS u(id)
       LEFT JOIN notification_preferences p ON p.organization_id = $1 AND p.user_id = u.id
      WHERE ${wantsSql('email', '$2')}`,
    [organizationId, kind, `{${[...new Set(userIds)].join(',')}}`],
    transaction,
  );
  return new Set(rows.map((row) => row.id));
}

interface RequisitionFacts {
  requestor_id: string;
  requisition_number: string;
  actor_name: string;
}

/**
 * The notification a requisition's status change gives its requestor: approved (finally), rejected,
 * or sent back for information. None for a change the requestor made themselves (an approval at
 * submission) and none for an order's cancellation handing it back to approved.
 */
export async function notifyRequisitionChange(
  db: Db,
  change: {
    organizationId: string;
    requisitionId: string;
    action: string;
    from: string | null;
    to: string | null;
    actorId: string | null;
    /** The links of its mail (none without). */
    mail?: NotificationMailContext | undefined;
  },
  transaction: Transaction,
): Promise<void> {
  let kind: NotificationKind | null = null;
  if (change.to === 'approved' && change.from !== 'approved' && change.action !== 'po_cancel')
    kind = 'requisition_approved';
  else if (change.to === 'rejected' && change.from !== 'rejected') kind = 'requisition_rejected';
  else if (change.to === 'info_requested' && change.from !== 'info_requested')
    kind = 'requisition_info_requested';
  if (!kind) return;
  const [facts] = await select<RequisitionFacts>(
    db,
    `SELECT r.requestor_id::text AS requestor_id, r.requisition_number,
            concat_ws(' ', a.first_name, a.last_name) AS actor_name
       FROM requisitions r LEFT JOIN users a ON a.id = $3
      WHERE r.organization_id = $1 AND r.id = $2`,
    [change.organizationId, change.requisitionId, change.actorId],
    transaction,
  );
  if (!facts || facts.requestor_id === change.actorId) return;
  const number = facts.requisition_number;
  const message =
    kind === 'requisition_approved'
      ? `Your requisition ${number} was approved.`
      : kind === 'requisition_rejected'
        ? `Your requisition ${number} was rejected by ${facts.actor_name}.`
        : `${facts.actor_name} asked for more information on your requisition ${number}.`;
  await notify(
    db,
    {
      organizationId: change.organizationId,
      kind,
      message,
      subjectType: 'requisition',
      subjectId: change.requisitionId,
      requisitionId: change.requisitionId,
    },
    [facts.requestor_id],
    transaction,
    change.mail && { linkBase: change.mail.linkBase, reference: number },
  );
}

/**
 * The notification a receipt gives the requestor of the order's requisition: partly or fully
 * received. None when the requestor recorded the receipt themselves.
 */
export async function notifyOrderReceived(
  db: Db,
  change: {
    organizationId: string;
    purchaseOrderId: string;
    to: string | null;
    actorId: string;
    /** The links of its mail (none without). */
    mail?: NotificationMailContext | undefined;
  },
  transaction: Transaction,
): Promise<void> {
  const [facts] = await select<RequisitionFacts & { po_number: string; requisition_id: string }>(
    db,
    `SELECT r.requestor_id::text AS requestor_id, r.requisition_number, o.po_number,
            r.id::text AS requisition_id, '' AS actor_name
       FROM purchase_orders o JOIN requisitions r ON r.organization_id = o.organization_id AND r.id = o.requisition_id
      WHERE o.organization_id = $1 AND o.id = $2`,
    [change.organizationId, change.purchaseOrderId],
    transaction,
  );
  if (!facts || facts.requestor_id === change.actorId) return;
  const how = change.to === 'received' ? 'received in full' : 'partly received';
  await notify(
    db,
    {
      organizationId: change.organizationId,
      kind: 'order_received',
      message: `Order ${facts.po_number} for your requisition ${facts.requisition_number} was ${how}.`,
      subjectType: 'purchase_order',
      subjectId: change.purchaseOrderId,
      requisitionId: facts.requisition_id,
    },
    [facts.requestor_id],
    transaction,
    change.mail && { linkBase: change.mail.linkBase, reference: facts.po_number },
  );
}

/** Marks read, in the caller's transaction, nothing else: used by tests and services alike. */
export async function markRead(
  db: Db,
  organizationId: string,
  userId: string,
  id: string | null,
  transaction?: Transaction,
): Promise<number> {
  const rows = await select<{ id: string }>(
    db,
    `UPDATE notifications SET read_at = COALESCE(read_at, clock_timestamp())
      WHERE organization_id = $1 AND user_id = $2 AND ($3::uuid IS NULL OR id = $3) AND ($3::uuid IS NOT NULL OR read_at IS NULL)
     RETURNING id`,
    [organizationId, userId, id],
    transaction,
  );
  return rows.length;
}
