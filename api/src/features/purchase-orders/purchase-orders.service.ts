import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, selectOne } from '../../db-query.js';
import { Forbidden, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import type { NotificationMailContext } from '../notifications/notification-mail.js';
import { notifyOrderReceived } from '../notifications/notify.js';
import { type Actor, audit as auditRequisition } from '../requisitions/requisitions.service.js';
import { queueWebhookEvents } from '../webhooks/webhook-events.js';
import {
  DELIVERY_DATE_IN_PAST,
  isPastDate,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  transition,
} from './po-rules.js';
import { type PurchaseOrderView, selectPurchaseOrderDetail } from './purchase-orders.presenter.js';

export type { Actor } from '../requisitions/requisitions.service.js';

/*
 * Purchase orders (DECISIONS §6): reading one, the shared steps of every change (lock, audit, read
 * back) and the draft edit, receipt and cancellation. The list is in purchase-order-list.ts, raising
 * an order from a requisition in purchase-order-create.ts, sending it to its vendor in
 * purchase-order-send.ts.
 */

type UpdateInput = components['schemas']['PurchaseOrderUpdateInput'];
type CancelInput = components['schemas']['PurchaseOrderCancelInput'];
type RequisitionStatus = components['schemas']['RequisitionStatus'];

const MESSAGES = {
  notViewer: 'You do not have permission to view purchase orders',
  notReceiver: 'You do not have permission to mark purchase orders as received',
} as const;

/** Purchase orders are read by holders of `purchase_order.view` or `purchase_order.manage` (DECISIONS §2). */
export function assertMayView(actor: Actor): void {
  const permissions = actor.scope.permissions;
  if (!permissions.has('purchase_order.view') && !permissions.has('purchase_order.manage')) {
    throw new Forbidden(MESSAGES.notViewer);
  }
}

/** Receipt is recorded by holders of `purchase_order.receive`, and by buyers (`purchase_order.manage`). */
export function assertMayReceive(actor: Actor): void {
  const permissions = actor.scope.permissions;
  if (!permissions.has('purchase_order.receive') && !permissions.has('purchase_order.manage')) {
    throw new Forbidden(MESSAGES.notReceiver);
  }
}

/** The order with vendor, lines, addresses, requisition and files; 404 outside the organisation. */
export async function getPurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderView> {
  assertMayView(actor);
  const order = await selectPurchaseOrderDetail(db, actor.scope.organizationId, id);
  if (!order) throw new NotFound('Purchase order');
  return order;
}

/** The order read inside `transaction`; 404 when it is gone. */
export async function detailOrFail(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<PurchaseOrderView> {
  const order = await selectPurchaseOrderDetail(db, organizationId, id, transaction);
  if (!order) throw new NotFound('Purchase order');
  return order;
}

/**
 * Writes one audit_logs row for a purchase order (status change, actor, metadata), and, in the same
 * transaction, the webhook events the change raises and, for a receipt, the requisition's requestor's
 * notification.
 */
export async function audit(
  db: Db,
  entry: {
    organizationId: string;
    purchaseOrderId: string;
    action: string;
    from: PurchaseOrderStatus | null;
    to: PurchaseOrderStatus | null;
    actorId: string;
    comment?: string | null;
    metadata?: Record<string, unknown>;
    /** Where the requestor's mail of a receipt links to; none without. */
    mail?: NotificationMailContext | undefined;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    // clock_timestamp(): entries written in one transaction keep their order (now() is shared).
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                             comment, metadata, created_at)
     VALUES ($1, 'purchase_order', $2, $3, $4, $5, $6, $7, $8::jsonb, clock_timestamp())`,
    [
      entry.organizationId,
      entry.purchaseOrderId,
      entry.action,
      entry.from,
      entry.to,
      entry.actorId,
      entry.comment ?? null,
      JSON.stringify(entry.metadata ?? {}),
    ],
    transaction,
  );
  await queueWebhookEvents(db, 'purchase_order', entry.purchaseOrderId, entry, transaction);
  if (entry.action === 'receive' || (entry.to === 'received' && entry.from !== 'received'))
    await notifyOrderReceived(db, entry, transaction);
}

/** A non-blank string, trimmed, or null. */
export const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

interface LockedOrder {
  id: string;
  po_number: string;
  status: PurchaseOrderStatus;
  requisition_id: string | null;
  sent_at: Date | null;
}

/**
 * Locks the order row for the rest of the transaction (404 outside the organisation) and checks
 * that `action` is allowed in its status (409 naming the status): two concurrent changes queue on
 * the lock, and the second sees the first one's result.
 */
export async function lockForAction(
  db: Db,
  actor: Actor,
  id: string,
  action: PurchaseOrderAction,
  transaction: Transaction,
): Promise<LockedOrder & { to: PurchaseOrderStatus }> {
  const order = await selectOne<LockedOrder>(
    db,
    `SELECT id, po_number, status, requisition_id, sent_at FROM purchase_orders
      WHERE id = $1 AND organization_id = $2
      FOR UPDATE`,
    [id, actor.scope.organizationId],
    transaction,
  );
  if (!order) throw new NotFound('Purchase order');
  return { ...order, to: transition(action, order.status) };
}

/** The editable fields (document 2 §2, "Purchase order edit") in a stable order. */
const EDITABLE_FIELDS = [
  'delivery_date',
  'shipping_address',
  'billing_address',
  'payment_terms',
  'notes',
] as const satisfies readonly (keyof UpdateInput)[];

/**
 * Changes the given editable fields of a draft (omitted ones stay): 400 `delivery_date` 'Delivery
 * date cannot be in the past' (checked first, like the contract's own validation), 409 in any
 * status but draft.
 */
export async function updatePurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateInput,
  now = new Date(),
): Promise<PurchaseOrderView> {
  const organizationId = actor.scope.organizationId;
  if (input.delivery_date && isPastDate(input.delivery_date, now)) {
    throw validationError([{ field: 'delivery_date', message: DELIVERY_DATE_IN_PAST }]);
  }
  return db.sequelize.transaction(async (transaction) => {
    const order = await lockForAction(db, actor, id, 'update', transaction);
    const values: Record<(typeof EDITABLE_FIELDS)[number], unknown> = {
      delivery_date: input.delivery_date ?? null,
      shipping_address: clean(input.shipping_address),
      billing_address: clean(input.billing_address),
      payment_terms: input.payment_terms,
      notes: clean(input.notes),
    };
    const changed = EDITABLE_FIELDS.filter((field) => input[field] !== undefined);
    const bind: unknown[] = [id, organizationId];
    const sets = changed.map((field) => {
      bind.push(values[field]);
      return `${field} = $${bind.length}`;
    });
    await execute(
      db,
      `UPDATE purchase_orders SET ${[...sets, 'updated_at = now()'].join(', ')}
        WHERE id = $1 AND organization_id = $2`,
      bind,
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        purchaseOrderId: id,
        action: 'update',
        from: order.status,
        to: order.status,
        actorId: actor.userId,
        metadata: { fields: changed },
      },
      transaction,
    );
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/**
 * Cancels a draft or sent order with an optional reason; its requisition (locked too) returns to
 * `approved` in the same transaction, so it can be ordered again (DECISIONS §3).
 */
export async function cancelPurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: CancelInput | null | undefined,
): Promise<PurchaseOrderView> {
  const organizationId = actor.scope.organizationId;
  const reason = clean(input?.reason);
  return db.sequelize.transaction(async (transaction) => {
    const order = await lockForAction(db, actor, id, 'cancel', transaction);
    await execute(
      db,
      `UPDATE purchase_orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = $3, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, reason],
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        purchaseOrderId: id,
        action: 'cancel',
        from: order.status,
        to: order.to,
        actorId: actor.userId,
        comment: reason,
      },
      transaction,
    );
    if (order.requisition_id) {
      const requisition = await selectOne<{ status: RequisitionStatus }>(
        db,
        'SELECT status FROM requisitions WHERE id = $1 AND organization_id = $2 FOR UPDATE',
        [order.requisition_id, organizationId],
        transaction,
      );
      if (requisition?.status === 'po_created') {
        await execute(
          db,
          `UPDATE requisitions SET status = 'approved', updated_at = now() WHERE id = $1 AND organization_id = $2`,
          [order.requisition_id, organizationId],
          transaction,
        );
        await auditRequisition(
          db,
          {
            organizationId,
            requisitionId: order.requisition_id,
            action: 'po_cancel',
            from: 'po_created',
            to: 'approved',
            actorId: actor.userId,
            metadata: { purchase_order_id: id, po_number: order.po_number },
          },
          transaction,
        );
      }
    }
    return detailOrFail(db, organizationId, id, transaction);
  });
}
