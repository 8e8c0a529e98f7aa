import {
  type PurchaseOrderListFilters,
  type PurchasingClient,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { csvAmount, csvFileName, fetchAllPages, localDay, toCsv } from '../shared/csv';
import { paymentTermsLabel, purchaseOrderStatusLabel } from '../shared/purchaseOrders';

type PurchaseOrderSummary = Schemas['PurchaseOrderSummary'];

/** The columns of the exported file, in order. */
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

/** The exported file's name for a day: `purchase-orders-2026-11-21.csv`. */
export function purchaseOrdersCsvFileName(today: Date = new Date()): string {
  return csvFileName('purchase-orders', today);
}

/**
 * The CSV text of purchase orders, one row each under {@link PURCHASE_ORDER_CSV_COLUMNS}: readable
 * statuses and terms, totals as plain numbers with the currency's decimals, days as `yyyy-MM-dd`, an
 * order without a vendor or due date left blank there; formulas escaped (see shared/csv).
 */
export function buildPurchaseOrdersCsv(orders: readonly PurchaseOrderSummary[]): string {
  return toCsv(
    PURCHASE_ORDER_CSV_COLUMNS,
    orders.map((order) => [
      order.po_number,
      order.vendor?.name ?? '',
      order.requisition?.requisition_number ?? '',
      purchaseOrderStatusLabel(order.status),
      csvAmount(order.total_amount, order.currency),
      order.currency,
      paymentTermsLabel(order.payment_terms),
      order.delivery_date ?? '',
      String(order.line_item_count),
      localDay(order.created_at),
    ]),
  );
}

/** Every purchase order matching `filters`, fetched 100 at a time until the server's total is reached. */
export function fetchAllPurchaseOrders(
  client: PurchasingClient,
  organizationId: string,
  filters: PurchaseOrderListFilters,
  signal?: AbortSignal,
): Promise<PurchaseOrderSummary[]> {
  return fetchAllPages(async ({ limit, offset }) => {
    const { data, pagination } = await unwrap(
      client.api.GET('/purchase-orders', {
        params: { query: { ...filters, limit, offset }, header: { 'X-Organization-Id': organizationId } },
        signal,
      }),
    );
    return { rows: data, total: pagination.total };
  });
}
