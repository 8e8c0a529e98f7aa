import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import type { NotificationMailContext } from '../notifications/notification-mail.js';
import { notifyRequisitionChange } from '../notifications/notify.js';
import { settleAwaitingNotifications } from '../notifications/settle.js';
import { queueWebhookEvents } from '../webhooks/webhook-events.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];

/**
 * Writes one audit_logs row for a requisition (status change, actor, metadata such as the comment),
 * and, in the same transaction, the webhook events the change raises and the requestor's notification
 * of a decision (approved, rejected, information requested), with its mail when `mail` is given.
 * Every history entry is written after the change it records (a step decided, delegated, moved, a
 * committee's seats closed, the requisition out of review), so it also marks read the "awaiting your
 * decision" notifications of whoever can no longer act on the requisition (`settleAwaitingNotifications`).
 */
export async function audit(
  db: Db,
  entry: {
    organizationId: string;
    requisitionId: string;
    action: string;
    from: RequisitionStatus | null;
    to: RequisitionStatus | null;
    /** Null for the system (the reminder and escalation job). */
    actorId: string | null;
    metadata?: Record<string, unknown>;
    /** Where the requestor's mail of a decision links to (docs/decisions.md "A mail for every kind"); none without. */
    mail?: NotificationMailContext | undefined;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    // clock_timestamp(): entries written in one transaction keep their order (now() is shared).
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                             metadata, created_at)
     VALUES ($1, 'requisition', $2, $3, $4, $5, $6, $7::jsonb, clock_timestamp())`,
    [
      entry.organizationId,
      entry.requisitionId,
      entry.action,
      entry.from,
      entry.to,
      entry.actorId,
      JSON.stringify(entry.metadata ?? {}),
    ],
    transaction,
  );
  await queueWebhookEvents(db, 'requisition', entry.requisitionId, entry, transaction);
  await notifyRequisitionChange(db, entry, transaction);
  if (entry.to !== null)
    await settleAwaitingNotifications(db, entry.organizationId, entry.requisitionId, transaction);
}
