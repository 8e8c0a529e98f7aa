import type { Schemas } from '@purchasing/api-client';
import { http } from './handlers';
import { problem } from './purchaseOrderHandlers';

type PurchaseOrder = Schemas['PurchaseOrder'];
type Receipt = Schemas['PurchaseOrderReceipt'];

/**
 * Receipts per line over the orders of `createPurchaseOrderApi` (docs/decisions.md "Receipts"): list
 * them, and record one on a sent or partially received order, refusing over-receipt as the server
 * does (422 `OVER_RECEIPT` naming the line).
 */
export function purchaseOrderReceiptHandlers(
  find: (id: string) => PurchaseOrder | undefined,
  initial: Record<string, Receipt[]> = {},
) {
  const receipts: Record<string, Receipt[]> = { ...initial };
  let next = 900;
  const notFound = problem('Purchase order not found', 'NOT_FOUND');
  return [
    http.get('/purchase-orders/{id}/receipts', ({ params, response }) => {
      if (!find(params.id)) return response(404).json(notFound);
      return response(200).json({ data: receipts[params.id] ?? [] });
    }),
    http.post('/purchase-orders/{id}/receipts', async ({ params, request, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      if (order.status !== 'sent' && order.status !== 'partially_received') {
        return response(409).json(
          problem('Only sent purchase orders can be marked as received', 'INVALID_STATUS'),
        );
      }
      const body = (await request.json()) as Schemas['PurchaseOrderReceiptInput'];
      const over = body.lines.flatMap((entry, index) => {
        const line = order.po_line_items.find((l) => l.id === entry.po_line_item_id);
        const outstanding = line ? line.quantity - line.quantity_received : 0;
        if (!line || entry.quantity <= outstanding) return [];
        const message = `${line.description}: ${entry.quantity} received, only ${outstanding} outstanding`;
        return [{ field: `lines.${index}.quantity`, message }];
      });
      if (over.length > 0) return response(422).json(problem(over[0]!.message, 'OVER_RECEIPT', over));
      let amount = 0;
      for (const entry of body.lines) {
        const line = order.po_line_items.find((l) => l.id === entry.po_line_item_id)!;
        line.quantity_received += entry.quantity;
        amount += Math.round((line.total_amount * entry.quantity * 100) / line.quantity) / 100;
      }
      const complete = order.po_line_items.every((line) => line.quantity_received >= line.quantity);
      const receivedAt = body.received_at ?? new Date().toISOString().slice(0, 10);
      order.status = complete ? 'received' : 'partially_received';
      if (complete) {
        order.received_date = receivedAt;
        order.receipt_notes = body.notes ?? null;
      }
      const receipt: Receipt = {
        id: `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`,
        received_at: receivedAt,
        received_by: {
          id: '00000000-0000-4000-8000-000000000001',
          first_name: 'Rosa',
          last_name: 'Diaz',
          email: 'rosa@acme.example',
        },
        notes: body.notes ?? null,
        attachment: order.attachments.find((file) => file.id === body.attachment_id) ?? null,
        amount: Math.round(amount * 100) / 100,
        created_at: new Date().toISOString(),
        lines: body.lines.map((entry) => ({
          po_line_item_id: entry.po_line_item_id,
          description: order.po_line_items.find((l) => l.id === entry.po_line_item_id)!.description,
          quantity: entry.quantity,
        })),
      };
      receipts[order.id] = [...(receipts[order.id] ?? []), receipt];
      return response(201).json({ receipt, purchase_order: order });
    }),
  ];
}
