import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import { fromCents, toCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { calendarDay, isFutureDate, RECEIVED_BEFORE_SENT, RECEIVED_DATE_IN_FUTURE } from './po-rules.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';
import {
  type Actor,
  assertMayReceive,
  assertMayView,
  audit,
  clean,
  detailOrFail,
  lockForAction,
} from './purchase-orders.service.js';
import { planReceipt, type ReceivableLine } from './receipt-rules.js';

/*
 * Receipts per line (issue 16 item 3, docs/decisions.md "Receipts"): recording a delivery against a
 * sent or partially received order, and reading an order's receipts. `receivePurchaseOrder` is a
 * receipt of everything outstanding.
 */

type ReceiptInput = components['schemas']['PurchaseOrderReceiptInput'];
export type ReceiptView = components['schemas']['PurchaseOrderReceipt'];

/** Receipts shaped in SQL over `po_receipts x`, oldest first. */
const RECEIPT_COLUMNS = `
  x.id, to_char(x.received_date, 'YYYY-MM-DD') AS received_at, x.notes, x.amount, x.created_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object(
    'id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email) END AS received_by,
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
    'id', a.id, 'file_name', a.file_name, 'file_size', a.file_size, 'content_type', a.content_type,
    'uploaded_at', to_char(a.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END AS attachment,
  COALESCE((SELECT json_agg(json_build_object(
                     'po_line_item_id', l.po_line_item_id, 'description', li.description, 'quantity', l.quantity)
                   ORDER BY li.position)
              FROM po_receipt_lines l
              JOIN po_line_items li ON li.id = l.po_line_item_id AND li.organization_id = l.organization_id
             WHERE l.organization_id = x.organization_id AND l.receipt_id = x.id), '[]'::json) AS lines`;

const RECEIPT_FROM = `
  FROM po_receipts x
  LEFT JOIN users u ON u.id = x.received_by_id
  LEFT JOIN attachments a ON a.organization_id = x.organization_id AND a.id = x.attachment_id`;

type ReceiptRow = Omit<ReceiptView, 'amount' | 'created_at'> & { amount: string; created_at: Date | string };

const present = (row: ReceiptRow): ReceiptView => ({
  ...row,
  amount: Number(row.amount),
  created_at: new Date(row.created_at).toISOString(),
});

/** The order's receipts, oldest first; 404 outside the organisation. */
export async function listPurchaseOrderReceipts(db: Db, actor: Actor, id: string): Promise<ReceiptView[]> {
  assertMayView(actor);
  const organizationId = actor.scope.organizationId;
  const order = await selectOne<{ id: string }>(
    db,
    'SELECT id FROM purchase_orders WHERE id = $1 AND organization_id = $2',
    [id, organizationId],
  );
  if (!order) throw new NotFound('Purchase order');
  const rows = await select<ReceiptRow>(
    db,
    `SELECT ${RECEIPT_COLUMNS} ${RECEIPT_FROM}
      WHERE x.organization_id = $1 AND x.purchase_order_id = $2
      ORDER BY x.created_at, x.id`,
    [organizationId, id],
  );
  return rows.map(present);
}

/**
 * Records a receipt inside `transaction`: the order row locked first (status 409 otherwise), then
 * its lines, so two concurrent receipts of one order run one after the other and the second sees
 * what the first received. `lines` null: everything outstanding.
 */
async function recordReceipt(
  db: Db,
  actor: Actor,
  id: string,
  input: Omit<ReceiptInput, 'lines'> & { lines: ReceiptInput['lines'] | null },
  now: Date,
  transaction: Transaction,
  dateField: 'received_at' | 'received_date' = 'received_at',
): Promise<{ receipt: ReceiptView; purchase_order: PurchaseOrderView }> {
  const organizationId = actor.scope.organizationId;
  const order = await lockForAction(db, actor, id, 'receive', transaction);
  const receivedDate = input.received_at ?? calendarDay(now, 0);
  if (isFutureDate(receivedDate, now)) {
    throw validationError([{ field: dateField, message: RECEIVED_DATE_IN_FUTURE }]);
  }
  // Lenient as the delivery date is: before the order was sent in every time zone.
  if (order.sent_at && receivedDate < calendarDay(new Date(order.sent_at), -12)) {
    throw validationError([{ field: dateField, message: RECEIVED_BEFORE_SENT }]);
  }
  const attachmentId = input.attachment_id ?? null;
  if (attachmentId) {
    const file = await selectOne<{ id: string }>(
      db,
      `SELECT id FROM attachments
        WHERE organization_id = $1 AND id = $2 AND entity_type = 'purchase_order' AND entity_id = $3`,
      [organizationId, attachmentId, id],
      transaction,
    );
    if (!file) {
      throw validationError([
        { field: 'attachment_id', message: 'Not a file attached to this purchase order' },
      ]);
    }
  }
  const lines = await select<ReceivableLine>(
    db,
    `SELECT id, description, quantity, quantity_received, unit_price, tax_amount FROM po_line_items
      WHERE organization_id = $1 AND purchase_order_id = $2 ORDER BY position FOR UPDATE`,
    [organizationId, id],
    transaction,
  );
  const totals = await selectOne<{ base_total: string; exchange_rate: string | null }>(
    db,
    `SELECT COALESCE(base_total_amount, total_amount) AS base_total, exchange_rate FROM purchase_orders
      WHERE id = $1 AND organization_id = $2`,
    [id, organizationId],
    transaction,
  );
  const requested =
    input.lines ??
    lines
      .filter((line) => line.quantity_received < line.quantity)
      .map((line) => ({ po_line_item_id: line.id, quantity: line.quantity - line.quantity_received }));
  const plan = planReceipt(lines, requested, {
    baseTotalCents: toCents(totals?.base_total ?? 0),
    exchangeRate: totals?.exchange_rate ?? null,
  });
  const notes = clean(input.notes);
  const receipt = await selectOne<{ id: string }>(
    db,
    `INSERT INTO po_receipts (organization_id, purchase_order_id, received_date, received_by_id, notes,
                              attachment_id, amount, base_amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      organizationId,
      id,
      receivedDate,
      actor.userId,
      notes,
      attachmentId,
      fromCents(plan.amountCents),
      fromCents(plan.baseAmountCents),
    ],
    transaction,
  );
  if (!receipt) throw new Error('receipt not written');
  const lineIds = plan.lines.map((line) => line.id);
  const quantities = plan.lines.map((line) => line.quantity);
  await execute(
    db,
    `INSERT INTO po_receipt_lines (organization_id, receipt_id, po_line_item_id, quantity)
     SELECT $1, $2, l.id, l.quantity FROM unnest($3::uuid[], $4::int[]) AS l(id, quantity)`,
    [organizationId, receipt.id, lineIds, quantities],
    transaction,
  );
  await execute(
    db,
    `UPDATE po_line_items li SET quantity_received = li.quantity_received + l.quantity
       FROM unnest($3::uuid[], $4::int[]) AS l(id, quantity)
      WHERE li.organization_id = $1 AND li.purchase_order_id = $2 AND li.id = l.id`,
    [organizationId, id, lineIds, quantities],
    transaction,
  );
  const to = plan.complete ? 'received' : 'partially_received';
  if (plan.complete) {
    await execute(
      db,
      `UPDATE purchase_orders
          SET status = 'received', received_at = now(), received_date = $3, received_notes = $4, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId, receivedDate, notes],
      transaction,
    );
  } else {
    await execute(
      db,
      `UPDATE purchase_orders SET status = 'partially_received', updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
      transaction,
    );
  }
  await audit(
    db,
    {
      organizationId,
      purchaseOrderId: id,
      action: 'receive',
      from: order.status,
      to,
      actorId: actor.userId,
      comment: notes,
      metadata: { receipt_id: receipt.id, received_date: receivedDate, lines: plan.lines },
      mail: actor.mail,
    },
    transaction,
  );
  const row = await selectOne<ReceiptRow>(
    db,
    `SELECT ${RECEIPT_COLUMNS} ${RECEIPT_FROM} WHERE x.organization_id = $1 AND x.id = $2`,
    [organizationId, receipt.id],
    transaction,
  );
  if (!row) throw new Error('receipt not read back');
  return { receipt: present(row), purchase_order: await detailOrFail(db, organizationId, id, transaction) };
}

/**
 * Records a receipt of the given quantities (DECISIONS "Receipts"): 409 unless the order is sent or
 * partially received, 422 `OVER_RECEIPT` above what is outstanding, nothing written on refusal.
 */
export async function createPurchaseOrderReceipt(
  db: Db,
  actor: Actor,
  id: string,
  input: ReceiptInput,
  now = new Date(),
): Promise<{ receipt: ReceiptView; purchase_order: PurchaseOrderView }> {
  assertMayReceive(actor);
  return db.sequelize.transaction((transaction) => recordReceipt(db, actor, id, input, now, transaction));
}

/** A receipt of everything still outstanding (`receivePurchaseOrder`): the order ends `received`. */
export async function receiveOutstanding(
  db: Db,
  actor: Actor,
  id: string,
  input: { received_date?: string; notes?: string | null } | null | undefined,
  now = new Date(),
): Promise<PurchaseOrderView> {
  assertMayReceive(actor);
  return db.sequelize.transaction(async (transaction) => {
    const answer = await recordReceipt(
      db,
      actor,
      id,
      { received_at: input?.received_date, notes: input?.notes ?? null, lines: null },
      now,
      transaction,
      'received_date',
    );
    return answer.purchase_order;
  });
}
