import type { operations, paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

/** The report paths (`GET /reports/…`, `report.view`). */
export type ReportPath =
  | '/reports/spend'
  | '/reports/budget-vs-actual'
  | '/reports/approval-cycle-time'
  | '/reports/open-commitments';

/** The JSON answer of a report. */
export type ReportBody<P extends ReportPath> =
  paths[P]['get']['responses'][200]['content']['application/json'];

/** The query parameters of each report, without `format` (the JSON answer; the CSV is a download). */
export interface ReportFilters {
  '/reports/spend': Omit<NonNullable<operations['getSpendReport']['parameters']['query']>, 'format'>;
  '/reports/budget-vs-actual': Omit<
    NonNullable<operations['getBudgetVsActualReport']['parameters']['query']>,
    'format'
  >;
  '/reports/approval-cycle-time': Omit<
    NonNullable<operations['getApprovalCycleTimeReport']['parameters']['query']>,
    'format'
  >;
  '/reports/open-commitments': Omit<
    NonNullable<operations['getOpenCommitmentsReport']['parameters']['query']>,
    'format'
  >;
}

/**
 * Query keys of an organisation's reports, under `queryKeys.organization(id)`. Reports are read-only
 * summaries; invalidate `reportKeys.all(org)` to refresh every report on screen.
 */
export const reportKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'reports'] as const,
  report: <P extends ReportPath>(organizationId: string, path: P, filters: ReportFilters[P]) =>
    [...reportKeys.all(organizationId), path, filters] as const,
};

/** The report paths with the parameters the generic GET is called with (one call for four reports). */
type AnyReportGet = (
  path: ReportPath,
  init: {
    params: { query: object; header: { 'X-Organization-Id': string } };
    signal?: AbortSignal;
    parseAs?: 'blob';
  },
) => ReturnType<PurchasingClient['api']['GET']>;

const getReport = (client: PurchasingClient) => client.api.GET as unknown as AnyReportGet;

/**
 * Reports (`report.view`): `reportQueries.report(client, org, '/reports/spend', { group_by: 'vendor' })`
 * answers the report's JSON; `downloadReportCsv` the same rows as a CSV file (`format=csv`).
 */
export const reportQueries = {
  report: <P extends ReportPath>(
    client: PurchasingClient,
    organizationId: string,
    path: P,
    filters: ReportFilters[P],
  ): PurchasingQueryOptions<ReportBody<P>, ReturnType<typeof reportKeys.report<P>>> =>
    queryOptions({
      queryKey: reportKeys.report(organizationId, path, filters),
      queryFn: ({ signal }) =>
        unwrap(
          getReport(client)(path, {
            params: { query: filters, header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ) as unknown as Promise<ReportBody<P>>,
    }),
};

/** A report as a CSV file (the server's `format=csv`), with the client's token and organisation header. */
export async function downloadReportCsv<P extends ReportPath>(
  client: PurchasingClient,
  organizationId: string,
  path: P,
  filters: ReportFilters[P],
  signal?: AbortSignal,
): Promise<Blob> {
  return unwrap(
    getReport(client)(path, {
      params: { query: { ...filters, format: 'csv' }, header: { 'X-Organization-Id': organizationId } },
      parseAs: 'blob',
      ...(signal ? { signal } : {}),
    }),
  ) as unknown as Promise<Blob>;
}
