import {
  type PurchasingClient,
  type RequisitionListFilters,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { csvAmount, csvFileName, fetchAllPages, localDay, toCsv } from '../shared/csv';
import { categoryLabel, statusLabel } from '../shared/display';

export { downloadCsv, EXPORT_PAGE_SIZE, localDay } from '../shared/csv';

type RequisitionSummary = Schemas['RequisitionSummary'];

/** The columns of the exported file, in order. */
export const REQUISITION_CSV_COLUMNS = [
  'Requisition Number',
  'Justification',
  'Requestor',
  'Requestor Email',
  'Category',
  'Status',
  'Amount',
  'Currency',
  'Cost Center',
  'Created',
] as const;

/** The exported file's name for a day: `requisitions-2026-11-21.csv`. */
export function requisitionsCsvFileName(today: Date = new Date()): string {
  return csvFileName('requisitions', today);
}

/**
 * The CSV text of requisitions, one row each under {@link REQUISITION_CSV_COLUMNS} (see `toCsv` in
 * shared/csv: RFC 4180, amounts as plain numbers, formulas escaped).
 */
export function buildRequisitionsCsv(requisitions: readonly RequisitionSummary[]): string {
  return toCsv(
    REQUISITION_CSV_COLUMNS,
    requisitions.map((r) => [
      r.requisition_number,
      r.justification ?? '',
      `${r.requestor.first_name} ${r.requestor.last_name}`.trim(),
      r.requestor.email,
      categoryLabel(r.category),
      statusLabel(r.status),
      csvAmount(r.total_amount, r.currency),
      r.currency,
      r.cost_center ? `${r.cost_center.code} - ${r.cost_center.name}` : '',
      localDay(r.created_at),
    ]),
  );
}

/**
 * Every requisition matching `filters`, fetched page after page of 100 until the server's total is
 * reached (past a capped total, until a short page), each request seeking from the previous page's
 * cursor; a requisition that moves between pages meanwhile is kept once.
 */
export function fetchAllRequisitions(
  client: PurchasingClient,
  organizationId: string,
  filters: RequisitionListFilters,
  signal?: AbortSignal,
): Promise<RequisitionSummary[]> {
  return fetchAllPages(async (page) => {
    const { requisitions, pagination } = await unwrap(
      client.api.GET('/requisitions', {
        params: {
          query: { ...filters, ...page },
          header: { 'X-Organization-Id': organizationId },
        },
        signal,
      }),
    );
    return {
      rows: requisitions,
      total: pagination.total,
      totalCapped: pagination.total_capped ?? false,
      ...(pagination.cursor ? { cursor: pagination.cursor } : {}),
    };
  });
}
