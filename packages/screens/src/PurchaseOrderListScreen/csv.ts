import { type PurchaseOrderListFilters, type PurchasingClient, unwrap } from '@purchasing/api-client';
import { csvFileName, type ExportFormat } from '../shared/csv';

/** The exported file's name for a day: `purchase-orders-2026-11-21.csv` (`.xlsx` for a workbook). */
export function purchaseOrdersCsvFileName(today: Date = new Date(), format: ExportFormat = 'csv'): string {
  return csvFileName('purchase-orders', today, format);
}

/**
 * Every purchase order matching `filters` as one CSV file (or, with `format` `xlsx`, an Excel
 * workbook of the same rows), built and streamed by the server
 * (`GET /purchase-orders/export`: the list's columns and filters), fetched with the client's bearer
 * token and organisation header.
 */
export async function downloadPurchaseOrdersCsv(
  client: PurchasingClient,
  organizationId: string,
  filters: PurchaseOrderListFilters,
  signal?: AbortSignal,
  format: ExportFormat = 'csv',
): Promise<Blob> {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...filter } = filters;
  const query = format === 'csv' ? filter : { ...filter, format };
  return unwrap(
    client.api.GET('/purchase-orders/export', {
      params: { query, header: { 'X-Organization-Id': organizationId } },
      parseAs: 'blob',
      signal,
    }),
  ) as Promise<Blob>;
}
