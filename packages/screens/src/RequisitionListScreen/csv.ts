import { type PurchasingClient, type RequisitionListFilters, unwrap } from '@purchasing/api-client';
import { csvFileName, type ExportFormat } from '../shared/csv';

export { localDay } from '../shared/csv';

/** The exported file's name for a day: `requisitions-2026-11-21.csv` (`.xlsx` for a workbook). */
export function requisitionsCsvFileName(today: Date = new Date(), format: ExportFormat = 'csv'): string {
  return csvFileName('requisitions', today, format);
}

/**
 * Every requisition matching `filters` as one CSV file (or, with `format` `xlsx`, an Excel workbook
 * of the same rows), built and streamed by the server
 * (`GET /requisitions/export`: the list's columns, visibility and filters), fetched with the client's
 * bearer token and organisation header.
 */
export async function downloadRequisitionsCsv(
  client: PurchasingClient,
  organizationId: string,
  filters: RequisitionListFilters,
  signal?: AbortSignal,
  format: ExportFormat = 'csv',
): Promise<Blob> {
  const { limit: _limit, offset: _offset, ...filter } = filters;
  const query = format === 'csv' ? filter : { ...filter, format };
  return unwrap(
    client.api.GET('/requisitions/export', {
      params: { query, header: { 'X-Organization-Id': organizationId } },
      parseAs: 'blob',
      signal,
    }),
  ) as Promise<Blob>;
}
