import { type PurchasingClient, type RequisitionListFilters, unwrap } from '@purchasing/api-client';
import { csvFileName } from '../shared/csv';

export { localDay } from '../shared/csv';

/** The exported file's name for a day: `requisitions-2026-11-21.csv`. */
export function requisitionsCsvFileName(today: Date = new Date()): string {
  return csvFileName('requisitions', today);
}

/**
 * Every requisition matching `filters` as one CSV file, built and streamed by the server
 * (`GET /requisitions/export`: the list's columns, visibility and filters), fetched with the client's
 * bearer token and organisation header.
 */
export async function downloadRequisitionsCsv(
  client: PurchasingClient,
  organizationId: string,
  filters: RequisitionListFilters,
  signal?: AbortSignal,
): Promise<Blob> {
  const { limit: _limit, offset: _offset, ...query } = filters;
  return unwrap(
    client.api.GET('/requisitions/export', {
      params: { query, header: { 'X-Organization-Id': organizationId } },
      parseAs: 'blob',
      signal,
    }),
  ) as Promise<Blob>;
}
