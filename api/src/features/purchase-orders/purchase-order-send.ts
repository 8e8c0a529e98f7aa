import { execute, selectOne } from '../../db-query.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { enqueueMail } from '../mail/mailer.js';
import { formatDay, formatMoney, renderPurchaseOrderPdf } from './po-document.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';
import { type Actor, audit, detailOrFail, lockForAction } from './purchase-orders.service.js';

const MESSAGES = {
  noVendorEmail:
    "This purchase order cannot be sent: its vendor has no email address. Add one to the vendor's details first.",
  noVendor: 'This purchase order cannot be sent: it has no vendor.',
} as const;

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
    const buyer = await selectOne<{
      name: string;
      address: string | null;
      phone: string | null;
      website: string | null;
    }>(
      db,
      'SELECT name, address, phone, website FROM organizations WHERE id = $1',
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
