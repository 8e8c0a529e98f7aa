import { type PurchaseOrderListFilters, type PurchasingClient, unwrap } from '@purchasing/api-client';
import { csvFileName } from '../shared/csv';

/** The exported file's name for a day: `purchase-orders-2026-11-21.csv`. */
export function purchaseOrdersCsvFileName(today: Date = new Date()): string {
  return csvFileName('purchase-orders', today);
}

/**
 * Every purchase order matching `filters` as one CSV file, built and streamed by the server
 * (`GET /purchase-orders/export`: the list's columns and filters), fetched with the client's bearer
 * token and organisation header.
 */
export async function downloadPurchaseOrdersCsv(
  client: PurchasingClient,
  organizationId: string,
  filters: PurchaseOrderListFilters,
  signal?: AbortSignal,
): Promise<Blob> {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...query } = filters;
  return unwrap(
    client.api.GET('/purchase-orders/export', {
      params: { query, header: { 'X-Organization-Id': organizationId } },
      parseAs: 'blob',
      signal,
    }),
  ) as Promise<Blob>;
}
