import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import { taxBreakdown } from '../../domain/money.js';
import type { Db } from '../../http/context.js';

/** A purchase order as lists show it (contract `PurchaseOrderSummary`). */
export type PurchaseOrderSummaryView = components['schemas']['PurchaseOrderSummary'];
/** A purchase order with vendor, lines, addresses, requisition and attachments (contract `PurchaseOrder`). */
export type PurchaseOrderView = components['schemas']['PurchaseOrder'];

/**
 * Reads are shaped in SQL (json_build_object / json_agg), one statement per answer, as the
 * requisitions are (TOOLCHAIN, measured costs). Column names that differ from the contract are
 * renamed here: `received_notes` → `receipt_notes`, `cancel_reason` → `cancellation_reason`.
 */

/** A timestamp as ISO 8601 in UTC with milliseconds, for values nested in JSON. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Summary columns over `purchase_orders po` with {@link JOINS}. Top-level timestamps stay
 * timestamptz (the driver answers Date objects) and money stays numeric (a string).
 */
export const SUMMARY_COLUMNS = `
  po.id, po.po_number, po.status, po.total_amount, po.currency,
  (SELECT o.currency FROM organizations o WHERE o.id = po.organization_id) AS base_currency,
  po.base_total_amount,
  to_char(po.delivery_date, 'YYYY-MM-DD') AS delivery_date, po.payment_terms, po.created_at,
  CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('id', v.id, 'name', v.name) END AS vendor,
  CASE WHEN r.id IS NULL THEN NULL
       ELSE json_build_object('id', r.id, 'requisition_number', r.requisition_number) END AS requisition,
  (SELECT count(*)::int FROM po_line_items c WHERE c.purchase_order_id = po.id) AS line_item_count`;

/** Vendor `v` and requisition `r`, both of the order's organisation (the foreign keys say so too). */
export const JOINS = `
  LEFT JOIN vendors v ON v.id = po.vendor_id AND v.organization_id = po.organization_id
  LEFT JOIN requisitions r ON r.id = po.requisition_id AND r.organization_id = po.organization_id`;

/** Everything the detail adds to the summary: addresses, receipt, cancellation, vendor, lines, files. */
const DETAIL_COLUMNS = `
  po.id, po.po_number, po.status, po.total_amount, po.currency,
  (SELECT COALESCE(sum(t.tax_amount), 0) FROM po_line_items t WHERE t.purchase_order_id = po.id) AS tax_amount,
  (SELECT o.currency FROM organizations o WHERE o.id = po.organization_id) AS base_currency,
  po.base_total_amount,
  to_char(po.delivery_date, 'YYYY-MM-DD') AS delivery_date, po.payment_terms, po.notes,
  po.shipping_address, po.billing_address, po.created_at, po.sent_at,
  to_char(po.received_date, 'YYYY-MM-DD') AS received_date, po.received_notes AS receipt_notes,
  po.cancelled_at, po.cancel_reason AS cancellation_reason,
  CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object(
    'id', v.id, 'name', v.name, 'email', v.email, 'phone', v.phone, 'address', v.address, 'city', v.city,
    'state_province', v.state_province, 'postal_code', v.postal_code, 'country', v.country) END AS vendor,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', li.id, 'description', li.description, 'quantity', li.quantity,
             'unit_price', li.unit_price, 'unit_of_measure', li.unit_of_measure,
             'tax_amount', li.tax_amount, 'tax_rate', li.tax_rate, 'total_amount', li.total_amount,
             'quantity_received', li.quantity_received,
             'product', CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object(
               'id', p.id, 'name', p.name, 'sku', p.sku, 'unit_of_measure', p.unit_of_measure) END)
           ORDER BY li.position)
      FROM po_line_items li
      LEFT JOIN products p ON p.id = li.product_id
     WHERE li.purchase_order_id = po.id), '[]'::json) AS po_line_items,
  CASE WHEN r.id IS NULL THEN NULL
       ELSE json_build_object('id', r.id, 'requisition_number', r.requisition_number) END AS requisition,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', a.id, 'file_name', a.file_name, 'file_size', a.file_size,
             'content_type', a.content_type, 'uploaded_at', ${iso('a.uploaded_at')})
           ORDER BY a.uploaded_at, a.id)
      FROM attachments a
     WHERE a.organization_id = po.organization_id AND a.entity_type = 'purchase_order' AND a.entity_id = po.id
  ), '[]'::json) AS attachments`;

type Row<T> = Omit<T, 'total_amount' | 'base_total_amount' | 'created_at'> & {
  total_amount: string | number;
  base_total_amount: string | number | null;
  created_at: Date | string;
};

const amountOrNull = (value: string | number | null): number | null =>
  value === null ? null : Number(value);

type DetailRow = Omit<
  Row<PurchaseOrderView>,
  'sent_at' | 'cancelled_at' | 'subtotal_amount' | 'tax_amount'
> & {
  tax_amount: string | number;
  sent_at: Date | string | null;
  cancelled_at: Date | string | null;
};

const timestamp = (value: Date | string): string => new Date(value).toISOString();
const optionalTimestamp = (value: Date | string | null): string | null =>
  value === null ? null : timestamp(value);

/** A summary row as the database answers it (see {@link presentSummary}). */
export type PurchaseOrderSummaryRow = Row<PurchaseOrderSummaryView>;

/** A summary row as the contract has it: the total as a number, the creation time as ISO 8601. */
export function presentSummary(row: PurchaseOrderSummaryRow): PurchaseOrderSummaryView {
  return {
    ...row,
    total_amount: Number(row.total_amount),
    base_total_amount: amountOrNull(row.base_total_amount),
    created_at: timestamp(row.created_at),
  };
}

function presentDetail(row: DetailRow): PurchaseOrderView {
  return {
    ...row,
    total_amount: Number(row.total_amount),
    ...taxBreakdown(row.total_amount, row.tax_amount),
    base_total_amount: amountOrNull(row.base_total_amount),
    created_at: timestamp(row.created_at),
    sent_at: optionalTimestamp(row.sent_at),
    cancelled_at: optionalTimestamp(row.cancelled_at),
  };
}

/** The full purchase order `id` of the organisation in one statement, or null. */
export async function selectPurchaseOrderDetail(
  db: Db,
  organizationId: string,
  id: string,
  transaction?: Transaction | null,
): Promise<PurchaseOrderView | null> {
  const row = await selectOne<DetailRow>(
    db,
    `SELECT ${DETAIL_COLUMNS} FROM purchase_orders po ${JOINS}
      WHERE po.id = $1 AND po.organization_id = $2`,
    [id, organizationId],
    transaction,
  );
  return row ? presentDetail(row) : null;
}
