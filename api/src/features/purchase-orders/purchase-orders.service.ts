import type { components } from '@purchasing/api-client';
import { type Transaction, UniqueConstraintError } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, type ErrorDetail, Forbidden, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { countUpTo, sumCounters } from '../counters.js';
import { enqueueMail } from '../mail/mailer.js';
import { COUNT_CAP, encodeCursor, filterHash, planPage, seekSql } from '../paging.js';
import { allocateDocumentNumber } from '../requisitions/numbering.js';
import { type Actor, audit as auditRequisition, likePattern } from '../requisitions/requisitions.service.js';
import { formatDay, formatMoney, renderPurchaseOrderPdf } from './po-document.js';
import {
  calendarDay,
  DELIVERY_DATE_IN_PAST,
  isFutureDate,
  isPastDate,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  RECEIVED_BEFORE_SENT,
  RECEIVED_DATE_IN_FUTURE,
  transition,
} from './po-rules.js';
import {
  type PurchaseOrderSummaryView,
  type PurchaseOrderView,
  selectPurchaseOrderDetail,
  selectPurchaseOrderSummaries,
} from './purchase-orders.presenter.js';

export type { Actor } from '../requisitions/requisitions.service.js';

type CreateInput = components['schemas']['PurchaseOrderCreateInput'];
type UpdateInput = components['schemas']['PurchaseOrderUpdateInput'];
type CancelInput = components['schemas']['PurchaseOrderCancelInput'];
type ReceiveInput = components['schemas']['PurchaseOrderReceiveInput'];
type RequisitionStatus = components['schemas']['RequisitionStatus'];

/** Filters and page of the purchase order list (`listPurchaseOrders` query). */
export interface PurchaseOrderFilter {
  search?: string | undefined;
  status?: PurchaseOrderStatus[] | undefined;
  vendor_id?: string[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/** The database's "one order that is not cancelled per requisition" index (migration 19.00.04). */
const ONE_LIVE_ORDER_INDEX = 'purchase_orders_one_live_per_requisition';

/** How a requisition's status reads in a refusal. */
const REQUISITION_STATUS_WORDS: Record<RequisitionStatus, string> = {
  draft: 'a draft',
  submitted: 'submitted',
  under_review: 'under review',
  info_requested: 'awaiting more information',
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  po_created: 'already ordered',
};

const MESSAGES = {
  notViewer: 'You do not have permission to view purchase orders',
  notReceiver: 'You do not have permission to mark purchase orders as received',
  requisitionNotFound: 'Requisition not found',
  vendorNotFound: 'Vendor not found',
  vendorInactive: 'This vendor is inactive. Choose an active vendor.',
  alreadyOrdered: (number: string) =>
    `Requisition ${number} already has a purchase order. Cancel that order before raising another.`,
  notApproved: (number: string, status: RequisitionStatus) =>
    `A purchase order can only be raised from an approved requisition. Requisition ${number} is ${REQUISITION_STATUS_WORDS[status]}.`,
  noVendorEmail:
    "This purchase order cannot be sent: its vendor has no email address. Add one to the vendor's details first.",
  noVendor: 'This purchase order cannot be sent: it has no vendor.',
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

/**
 * A page of the organisation's purchase orders, newest first. `search` matches the PO number or
 * the vendor's name, as two index-backed branches of a UNION (trigram indexes on `po_number` and
 * `vendors.name`); an OR across the join would read every order of the organisation.
 */
export async function listPurchaseOrders(
  db: Db,
  actor: Actor,
  filter: PurchaseOrderFilter,
): Promise<{
  data: PurchaseOrderSummaryView[];
  pagination: components['schemas']['Pagination'];
}> {
  assertMayView(actor);
  const bind: unknown[] = [actor.scope.organizationId];
  const where = ['po.organization_id = $1'];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const search = filter.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    where.push(`po.id IN (
        SELECT x.id FROM purchase_orders x WHERE x.organization_id = $1 AND x.po_number ILIKE ${p}
        UNION
        SELECT x.id FROM purchase_orders x
         WHERE x.organization_id = $1 AND x.vendor_id IN (
           SELECT sv.id FROM vendors sv WHERE sv.organization_id = $1 AND sv.name ILIKE ${p}))`);
  }
  if (filter.status?.length) where.push(`po.status = ANY(${param(filter.status)}::text[])`);
  if (filter.vendor_id?.length) where.push(`po.vendor_id = ANY(${param(filter.vendor_id)}::uuid[])`);
  // Dates are calendar days in UTC, both ends inclusive (as the requisition list's).
  if (filter.date_from)
    where.push(`po.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`po.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const limit = filter.limit ?? 10;
  const offset = filter.offset ?? 0;
  const { limit: _l, offset: _o, cursor, ...filters } = filter;
  const hash = filterHash(['purchase-orders', actor.scope.organizationId, filters]);
  const onlyStatuses = !search && !filter.vendor_id?.length && !filter.date_from && !filter.date_to;
  const counting = onlyStatuses
    ? sumCounters(
        db,
        actor.scope.organizationId,
        filter.status?.length ? [...new Set(filter.status)].map((s) => `po:${s}`) : ['po'],
      ).then((total) => ({ total, capped: false }))
    : countCapped(db, where.join(' AND '), [...bind]);
  const seek = seekSql(
    planPage(cursor, hash, offset, limit),
    { at: 'po.created_at', id: 'po.id', direction: 'DESC' },
    param,
  );
  if (seek.where) where.push(seek.where);
  const [{ data, keys }, count] = await Promise.all([
    selectPurchaseOrderSummaries(db, where.join(' AND '), bind, {
      orderBy: seek.orderBy,
      limit: param(limit),
      offset: param(seek.offset),
    }),
    counting,
  ]);
  if (seek.reversed) {
    data.reverse();
    keys.reverse();
  }
  return {
    data,
    pagination: {
      limit,
      offset,
      total: count.total,
      total_capped: count.capped,
      ...(keys.length ? { cursor: encodeCursor(hash, offset, keys) } : {}),
    },
  };
}

/** Counts the matching orders up to {@link COUNT_CAP} (the filters only read `po` and subqueries). */
async function countCapped(
  db: Db,
  where: string,
  bind: unknown[],
): Promise<{ total: number; capped: boolean }> {
  return countUpTo(db, `SELECT 1 FROM purchase_orders po WHERE ${where}`, bind, COUNT_CAP);
}

/** The order with vendor, lines, addresses, requisition and files; 404 outside the organisation. */
export async function getPurchaseOrder(db: Db, actor: Actor, id: string): Promise<PurchaseOrderView> {
  assertMayView(actor);
  const order = await selectPurchaseOrderDetail(db, actor.scope.organizationId, id);
  if (!order) throw new NotFound('Purchase order');
  return order;
}

/** The order read inside `transaction`; 404 when it is gone. */
async function detailOrFail(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<PurchaseOrderView> {
  const order = await selectPurchaseOrderDetail(db, organizationId, id, transaction);
  if (!order) throw new NotFound('Purchase order');
  return order;
}

/** Writes one audit_logs row for a purchase order (status change, actor, metadata). */
async function audit(
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
}

/** A non-blank string, trimmed, or null. */
const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

interface LockedRequisition {
  id: string;
  requisition_number: string;
  status: RequisitionStatus;
  shipping_address: string | null;
  has_live_order: boolean;
}

/**
 * Raises a draft order from an approved requisition of the organisation for one of its active
 * vendors (DECISIONS §6): lines, total, currency and shipping address are copied from the
 * requisition, the billing address is the organisation's unless given, the number comes from the
 * organisation's PO counter, and the requisition becomes `po_created`, all in one transaction with
 * the requisition row locked, so two buyers ordering one requisition get one order and one 409.
 */
export async function createPurchaseOrder(
  db: Db,
  actor: Actor,
  input: CreateInput,
  now = new Date(),
): Promise<PurchaseOrderView> {
  const organizationId = actor.scope.organizationId;
  if (isPastDate(input.delivery_date, now)) {
    throw validationError([{ field: 'delivery_date', message: DELIVERY_DATE_IN_PAST }]);
  }
  try {
    return await db.sequelize.transaction(async (transaction) => {
      const requisition = await selectOne<LockedRequisition>(
        db,
        `SELECT r.id, r.requisition_number, r.status, r.shipping_address,
                EXISTS (SELECT 1 FROM purchase_orders po
                         WHERE po.requisition_id = r.id AND po.status <> 'cancelled') AS has_live_order
           FROM requisitions r
          WHERE r.id = $1 AND r.organization_id = $2
          FOR UPDATE OF r`,
        [input.requisition_id, organizationId],
        transaction,
      );
      // The vendor row is share-locked: it cannot be deactivated while the order is raised.
      const vendor = await selectOne<{ id: string; is_active: boolean }>(
        db,
        'SELECT id, is_active FROM vendors WHERE id = $1 AND organization_id = $2 FOR SHARE',
        [input.vendor_id, organizationId],
        transaction,
      );
      const details: ErrorDetail[] = [];
      if (!requisition) details.push({ field: 'requisition_id', message: MESSAGES.requisitionNotFound });
      if (!vendor) details.push({ field: 'vendor_id', message: MESSAGES.vendorNotFound });
      else if (!vendor.is_active) details.push({ field: 'vendor_id', message: MESSAGES.vendorInactive });
      if (details.length) throw validationError(details);
      if (!requisition) throw new NotFound('Requisition');
      if (requisition.has_live_order || requisition.status === 'po_created') {
        throw new Conflict(MESSAGES.alreadyOrdered(requisition.requisition_number), 'ALREADY_ORDERED');
      }
      if (requisition.status !== 'approved') {
        throw new Conflict(
          MESSAGES.notApproved(requisition.requisition_number, requisition.status),
          'INVALID_STATUS',
        );
      }

      const number = await allocateDocumentNumber(db, organizationId, 'PO', transaction);
      const row = await selectOne<{ id: string }>(
        db,
        `INSERT INTO purchase_orders
           (organization_id, po_number, requisition_id, vendor_id, status, total_amount, currency, delivery_date,
            payment_terms, notes, shipping_address, billing_address, created_by_id)
         SELECT r.organization_id, $3, r.id, $4, 'draft', r.total_amount, r.currency, $5, $6, $7,
                COALESCE($8, r.shipping_address), COALESCE($9, o.address), $10
           FROM requisitions r JOIN organizations o ON o.id = r.organization_id
          WHERE r.id = $1 AND r.organization_id = $2
         RETURNING id`,
        [
          requisition.id,
          organizationId,
          number,
          input.vendor_id,
          input.delivery_date,
          input.payment_terms,
          clean(input.notes),
          clean(input.shipping_address),
          clean(input.billing_address),
          actor.userId,
        ],
        transaction,
      );
      const id = row!.id;
      await execute(
        db,
        `INSERT INTO po_line_items
           (purchase_order_id, position, requisition_line_item_id, product_id, description, quantity, unit_price,
            unit_of_measure, notes, currency, tax_amount, total_amount)
         SELECT $1, li.position, li.id, li.product_id, li.description, li.quantity, li.unit_price,
                li.unit_of_measure, li.notes, li.currency, li.tax_amount, li.total_amount
           FROM requisition_line_items li
          WHERE li.requisition_id = $2`,
        [id, requisition.id],
        transaction,
      );
      await execute(
        db,
        `UPDATE requisitions SET status = 'po_created', updated_at = now() WHERE id = $1 AND organization_id = $2`,
        [requisition.id, organizationId],
        transaction,
      );
      await audit(
        db,
        {
          organizationId,
          purchaseOrderId: id,
          action: 'create',
          from: null,
          to: 'draft',
          actorId: actor.userId,
          metadata: { requisition_id: requisition.id, vendor_id: input.vendor_id },
        },
        transaction,
      );
      await auditRequisition(
        db,
        {
          organizationId,
          requisitionId: requisition.id,
          action: 'po_create',
          from: 'approved',
          to: 'po_created',
          actorId: actor.userId,
          metadata: { purchase_order_id: id, po_number: number },
        },
        transaction,
      );
      return detailOrFail(db, organizationId, id, transaction);
    });
  } catch (error) {
    // The requisition lock makes this unreachable in practice; the index is the last word.
    if (error instanceof UniqueConstraintError && isOneLiveOrderViolation(error)) {
      throw new Conflict(
        'This requisition already has a purchase order. Cancel that order before raising another.',
        'ALREADY_ORDERED',
      );
    }
    throw error;
  }
}

/** Whether a unique violation is the "one order that is not cancelled per requisition" index's. */
export function isOneLiveOrderViolation(error: UniqueConstraintError): boolean {
  const parent = error.parent as { constraint?: string } | undefined;
  return parent?.constraint === ONE_LIVE_ORDER_INDEX;
}

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
async function lockForAction(
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
 * Sends a draft to its vendor (draft → sent): the order, rendered as a PDF, is queued in the
 * outbox for the vendor's address in the same transaction as the status change, so an order is
 * marked sent exactly when its mail exists. 409 when it is not a draft (a concurrent send waits
 * on the row lock and then gets this) or when the vendor has no email address.
 */
export async function sendPurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<PurchaseOrderView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const order = await lockForAction(db, actor, id, 'send', transaction);
    const current = await detailOrFail(db, organizationId, id, transaction);
    if (!current.vendor) throw new Conflict(MESSAGES.noVendor, 'VENDOR_MISSING');
    const to = current.vendor.email?.trim();
    if (!to) throw new Conflict(MESSAGES.noVendorEmail, 'VENDOR_EMAIL_MISSING');
    const buyer = await selectOne<{ name: string; address: string | null; phone: string | null }>(
      db,
      'SELECT name, address, phone FROM organizations WHERE id = $1',
      [organizationId],
      transaction,
    );
    if (!buyer) throw new NotFound('Organization');

    const pdf = await renderPurchaseOrderPdf({ order: current, buyer, sentAt: now });
    const mail = await enqueueMail(
      db,
      {
        to,
        subject: `Purchase order ${current.po_number} from ${buyer.name}`,
        text: orderMailText(current, buyer.name),
        attachments: [{ filename: `${current.po_number}.pdf`, contentType: 'application/pdf', content: pdf }],
      },
      transaction,
    );
    await execute(
      db,
      `UPDATE purchase_orders SET status = 'sent', sent_at = $3, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, now],
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        purchaseOrderId: id,
        action: 'send',
        from: order.status,
        to: order.to,
        actorId: actor.userId,
        metadata: { email_id: mail.id, to },
      },
      transaction,
    );
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/** The plain-text body of the mail that carries an order to its vendor. */
export function orderMailText(order: PurchaseOrderView, buyerName: string): string {
  return [
    `Hello${order.vendor ? ` ${order.vendor.name}` : ''},`,
    '',
    `Please find attached purchase order ${order.po_number} from ${buyerName}.`,
    '',
    `Total: ${formatMoney(order.total_amount, order.currency)}`,
    `Delivery date: ${formatDay(order.delivery_date)}`,
    `Payment terms: ${order.payment_terms === 'COD' ? 'Cash on Delivery' : order.payment_terms}`,
    ...(order.shipping_address ? ['', 'Deliver to:', order.shipping_address] : []),
    '',
    `Please quote ${order.po_number} on every invoice, delivery note and message about this order.`,
    '',
    buyerName,
  ].join('\n');
}

/**
 * Records receipt of a sent order (sent → received) on `received_date` (today, UTC, by default),
 * which may be neither in the future nor before the order was sent; `notes` become the
 * contract's `receipt_notes`. Its amount moves from committed to spent (DECISIONS §5).
 */
export async function receivePurchaseOrder(
  db: Db,
  actor: Actor,
  id: string,
  input: ReceiveInput | null | undefined,
  now = new Date(),
): Promise<PurchaseOrderView> {
  assertMayReceive(actor);
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const order = await lockForAction(db, actor, id, 'receive', transaction);
    const receivedDate = input?.received_date ?? calendarDay(now, 0);
    if (isFutureDate(receivedDate, now)) {
      throw validationError([{ field: 'received_date', message: RECEIVED_DATE_IN_FUTURE }]);
    }
    // Lenient as the delivery date is: before the order was sent in every time zone.
    if (order.sent_at && receivedDate < calendarDay(new Date(order.sent_at), -12)) {
      throw validationError([{ field: 'received_date', message: RECEIVED_BEFORE_SENT }]);
    }
    await execute(
      db,
      `UPDATE purchase_orders
          SET status = 'received', received_at = now(), received_date = $3, received_notes = $4, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, receivedDate, clean(input?.notes)],
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        purchaseOrderId: id,
        action: 'receive',
        from: order.status,
        to: order.to,
        actorId: actor.userId,
        comment: clean(input?.notes),
        metadata: { received_date: receivedDate },
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
