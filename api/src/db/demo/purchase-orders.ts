/**
 * Writes a purchase order fixture: the order raised from its written requisition (which becomes
 * po_created, or is approved again when the order is cancelled), its lines, and the audit entries
 * of each status it went through.
 */
import { money } from './amounts.js';
import { writeAudit } from './audit.js';
import { dateOnly } from './clock.js';
import { type DemoContext, lookup, type OrganizationRecords, userId } from './context.js';
import type { WrittenRequisition } from './requisitions.js';
import type { PurchaseOrderFixture } from './types.js';
import type { ReplayedAudit } from './workflow.js';

/** Writes `fixture`, raised from `requisition`, into the organisation of `records`. */
export async function writePurchaseOrder(
  context: DemoContext,
  records: OrganizationRecords,
  requisition: WrittenRequisition,
  fixture: PurchaseOrderFixture,
): Promise<void> {
  const { models, transaction, clock } = context;
  const { organization } = records;
  if (requisition.status !== 'approved') {
    throw new Error(`demo fixtures: an order raised from a requisition that is ${requisition.status}`);
  }
  const organization_id = organization.id;
  const createdAt = clock.ago(fixture.createdDaysAgo);
  const sentAt = fixture.sentDaysAgo === undefined ? null : clock.thisMonth(fixture.sentDaysAgo);
  const receivedAt = fixture.receivedDaysAgo === undefined ? null : clock.thisMonth(fixture.receivedDaysAgo);
  const cancelledAt = fixture.cancelledDaysAgo === undefined ? null : clock.ago(fixture.cancelledDaysAgo);
  const product = (sku: string | undefined) =>
    sku === undefined ? undefined : lookup(records.products, 'product', sku);

  const order = await models.PurchaseOrder.create(
    {
      organization_id,
      po_number: context.numbers.next('PO', createdAt),
      requisition_id: requisition.id,
      vendor_id: lookup(records.vendors, 'vendor', fixture.vendor),
      status: fixture.status,
      total_amount: money(requisition.totalCents),
      currency: organization.currency,
      exchange_rate: '1',
      delivery_date: clock.inDays(fixture.deliveryInDays),
      payment_terms: fixture.paymentTerms,
      notes: fixture.notes ?? null,
      shipping_address: requisition.shippingAddress,
      billing_address: `Accounts Payable, ${organization.name}, ${organization.address}`,
      sent_at: sentAt,
      received_at: receivedAt,
      received_date: receivedAt ? dateOnly(receivedAt) : null,
      received_notes: fixture.receivedNotes ?? null,
      cancelled_at: cancelledAt,
      cancel_reason: fixture.cancelReason ?? null,
      created_by_id: userId(context, fixture.buyer),
      created_at: createdAt,
      updated_at: receivedAt ?? cancelledAt ?? sentAt ?? createdAt,
    },
    { transaction, silent: true },
  );
  await models.PoLineItem.bulkCreate(
    requisition.lines.map(({ id, priced: { fixture: line, priceCents, taxCents, taxRate } }, position) => {
      const known = product(line.product);
      return {
        purchase_order_id: order.id,
        position,
        requisition_line_item_id: id,
        product_id: known?.id ?? null,
        description: line.description ?? known?.name ?? 'Item',
        quantity: line.quantity,
        unit_price: money(priceCents),
        unit_of_measure: line.unit ?? known?.unit ?? 'each',
        notes: line.notes ?? null,
        currency: organization.currency,
        tax_amount: money(taxCents),
        tax_rate: taxRate === null ? null : String(taxRate),
        total_amount: money(line.quantity * priceCents + taxCents),
        quantity_received: receivedAt ? line.quantity : 0,
      };
    }),
    { transaction },
  );

  const buyer = fixture.buyer;
  const onOrder: ReplayedAudit[] = [
    { action: 'create', from: null, to: 'draft', actor: buyer, at: createdAt },
  ];
  const onRequisition: ReplayedAudit[] = [
    {
      action: 'create_purchase_order',
      from: 'approved',
      to: 'po_created',
      actor: buyer,
      at: createdAt,
      metadata: { purchase_order_id: order.id },
    },
  ];
  if (sentAt) onOrder.push({ action: 'send', from: 'draft', to: 'sent', actor: buyer, at: sentAt });
  if (receivedAt) {
    onOrder.push({
      action: 'receive',
      from: 'sent',
      to: 'received',
      actor: buyer,
      at: receivedAt,
      comment: fixture.receivedNotes ?? null,
    });
  }
  if (cancelledAt) {
    onOrder.push({
      action: 'cancel',
      from: sentAt ? 'sent' : 'draft',
      to: 'cancelled',
      actor: buyer,
      at: cancelledAt,
      comment: fixture.cancelReason ?? null,
    });
    onRequisition.push({
      action: 'purchase_order_cancelled',
      from: 'po_created',
      to: 'approved',
      actor: buyer,
      at: cancelledAt,
      metadata: { purchase_order_id: order.id },
    });
  }
  for (const entry of onOrder) {
    await writeAudit(context, organization_id, { type: 'purchase_order', id: order.id }, entry);
  }
  for (const entry of onRequisition) {
    await writeAudit(context, organization_id, { type: 'requisition', id: requisition.id }, entry);
  }
  await models.Requisition.update(
    { status: fixture.status === 'cancelled' ? 'approved' : 'po_created' },
    { where: { id: requisition.id }, transaction, silent: true },
  );
}
