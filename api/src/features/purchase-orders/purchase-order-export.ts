import type { Db } from '../../http/context.js';
import type { CsvExportSpec } from '../../http/csv-export.js';
import { csvAmount } from '../../http/csv-export.js';
import { type PurchaseOrderFilter, purchaseOrderConditions } from './purchase-order-list.js';
import { JOINS } from './purchase-orders.presenter.js';
import type { Actor } from './purchase-orders.service.js';

/** The columns of the exported file, in order: those of the purchase-order list's CSV. */
export const PURCHASE_ORDER_CSV_COLUMNS = [
  'PO Number',
  'Vendor',
  'Requisition',
  'Status',
  'Total',
  'Currency',
  'Payment Terms',
  'Due Date',
  'Line Items',
  'Created',
] as const;

/** How statuses read (the screens' badges); an unknown one as stored. */
const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_received: 'Partially Received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** How payment terms read: as stored, except COD (document 2 §5), and 'Not specified' for none. */
const termsLabel = (terms: string | null) =>
  !terms ? 'Not specified' : terms === 'COD' ? 'Cash on Delivery' : terms;

interface ExportRow {
  po_number: string;
  vendor_name: string | null;
  requisition_number: string | null;
  status: string;
  total_amount: string;
  currency: string;
  payment_terms: string | null;
  delivery_date: string | null;
  line_item_count: number;
  created: string;
}

/**
 * Every purchase order `listPurchaseOrders` shows `actor` for `filter` (its rules:
 * {@link purchaseOrderConditions}, which also refuses a caller who may not view orders), newest
 * first, as the CSV export reads them: one statement with no page, streamed through a cursor.
 */
export async function purchaseOrderExport(
  db: Db,
  actor: Actor,
  filter: PurchaseOrderFilter,
): Promise<CsvExportSpec<ExportRow>> {
  const bind: unknown[] = [actor.scope.organizationId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const where = await purchaseOrderConditions(db, actor, filter, param);
  return {
    columns: PURCHASE_ORDER_CSV_COLUMNS,
    sql: `SELECT po.po_number, v.name AS vendor_name, r.requisition_number, po.status, po.total_amount,
                 po.currency, po.payment_terms, to_char(po.delivery_date, 'YYYY-MM-DD') AS delivery_date,
                 (SELECT count(*)::int FROM po_line_items c WHERE c.purchase_order_id = po.id) AS line_item_count,
                 to_char(po.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created
            FROM purchase_orders po ${JOINS}
           WHERE ${where.join(' AND ')}
           ORDER BY po.created_at DESC, po.id DESC`,
    bind,
    fileName: 'purchase-orders',
    title: 'Purchase Orders',
    types: ['text', 'text', 'text', 'text', 'amount', 'currency', 'text', 'date', 'integer', 'date'],
    widths: [18, 30, 20, 20, 14, 10, 18, 12, 11, 12],
    cells: (po) => [
      po.po_number,
      po.vendor_name ?? '',
      po.requisition_number ?? '',
      STATUS_LABELS[po.status] ?? po.status,
      csvAmount(po.total_amount, po.currency),
      po.currency,
      termsLabel(po.payment_terms),
      po.delivery_date ?? '',
      String(po.line_item_count),
      po.created,
    ],
  };
}
