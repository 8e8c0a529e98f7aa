import { randomUUID } from 'node:crypto';
import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** An event an endpoint may subscribe to (`WebhookEventType` of the contract). */
export type WebhookEventType = components['schemas']['WebhookEventType'];

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  'requisition.submitted',
  'requisition.approved',
  'requisition.rejected',
  'purchase_order.sent',
  'purchase_order.received',
  'purchase_order.cancelled',
];

/** A status change as the audit trail records it. */
export interface Transition {
  organizationId: string;
  action: string;
  from: string | null;
  to: string | null;
}

/**
 * The events a requisition's status change raises: a submission (also a resubmission) is
 * `submitted` (so is an approved requisition an edit sent back for approval), then `approved` too
 * when it was approved at once; a final approval `approved`; a
 * rejection `rejected`. A cancelled order handing its requisition back to `approved` raises none.
 */
export function requisitionEvents(change: Transition): WebhookEventType[] {
  const events: WebhookEventType[] = [];
  // An approved requisition sent back for approval by an edit is submitted again (issue 15 item 7).
  if (change.action === 'submit' || change.action === 'resubmit' || change.action === 'reapproval')
    events.push('requisition.submitted');
  if (change.to === 'approved' && change.from !== 'approved' && change.action !== 'po_cancel')
    events.push('requisition.approved');
  if (change.to === 'rejected' && change.from !== 'rejected') events.push('requisition.rejected');
  return events;
}

/** The events an order's status change raises: sent, received (every line), cancelled. */
export function purchaseOrderEvents(change: Transition): WebhookEventType[] {
  if (change.to === change.from) return [];
  if (change.to === 'sent') return ['purchase_order.sent'];
  if (change.to === 'received') return ['purchase_order.received'];
  if (change.to === 'cancelled') return ['purchase_order.cancelled'];
  return [];
}

const ENVELOPE = (data: string) => `jsonb_build_object(
    'id', $3::uuid, 'type', $4::text,
    'created_at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'organization_id', e.organization_id, 'data', ${data})`;

const REQUISITION_DATA = `jsonb_build_object('requisition', jsonb_build_object(
    'id', x.id, 'requisition_number', x.requisition_number, 'status', x.status,
    'total_amount', x.total_amount::text, 'currency', btrim(x.currency), 'requestor_id', x.requestor_id))`;

const ORDER_DATA = `jsonb_build_object('purchase_order', jsonb_build_object(
    'id', x.id, 'po_number', x.po_number, 'status', x.status,
    'total_amount', x.total_amount::text, 'currency', btrim(x.currency), 'vendor_id', x.vendor_id,
    'requisition_id', x.requisition_id))`;

/**
 * Writes the webhook deliveries a status change raises into the outbox, in the caller's
 * transaction: one row per event and active endpoint subscribed to it, the payload read from the
 * record as it stands after the change. Nothing is written when no endpoint listens, and a change
 * rolled back takes its deliveries with it. Called once, by the audit of each kind of record.
 */
export async function queueWebhookEvents(
  db: Db,
  entity: 'requisition' | 'purchase_order',
  entityId: string,
  change: Transition,
  transaction: Transaction,
): Promise<void> {
  const events = entity === 'requisition' ? requisitionEvents(change) : purchaseOrderEvents(change);
  const table = entity === 'requisition' ? 'requisitions' : 'purchase_orders';
  const data = entity === 'requisition' ? REQUISITION_DATA : ORDER_DATA;
  for (const event of events) {
    await execute(
      db,
      `INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id, event_type, payload)
       SELECT e.organization_id, e.id, $3, $4, ${ENVELOPE(data)}
         FROM webhook_endpoints e
         JOIN ${table} x ON x.organization_id = e.organization_id AND x.id = $2
        WHERE e.organization_id = $1 AND e.is_active AND e.events @> ARRAY[$4::text]`,
      [change.organizationId, entityId, randomUUID(), event],
      transaction,
    );
  }
}
