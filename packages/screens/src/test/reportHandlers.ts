/**
 * Typed MSW handlers of the reports (`GET /reports/…`): figures for two cost centres, or none, or a
 * report that never answers or fails. `format=csv` answers a small CSV file as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { uuid } from './adminFixtures';
import { http } from './handlers';
import { costCenters } from './requisitionFixtures';

const [operations, it] = costCenters as [Schemas['CostCenter'], Schemas['CostCenter']];

/** What the four reports answer. */
export interface ReportFixtures {
  spend: Schemas['SpendReport'];
  budget: Schemas['BudgetVsActualReport'];
  cycle: Schemas['ApprovalCycleTimeReport'];
  open: Schemas['OpenCommitmentsReport'];
}

const PERIOD = { from: '2026-01-01', to: '2026-03-31' };

/** Spend of three months, two cost centres' budgets, two approval levels and open commitments. */
export function defaultReports(): ReportFixtures {
  return {
    spend: {
      group_by: 'month',
      ...PERIOD,
      cost_center_id: null,
      currency: 'AUD',
      total: 48250.5,
      rows: [
        { key: '2026-01', label: 'Jan 2026', amount: 12000 },
        { key: '2026-02', label: 'Feb 2026', amount: 21750.5 },
        { key: '2026-03', label: 'Mar 2026', amount: 14500 },
      ],
    },
    budget: {
      fiscal_year: 2026,
      currency: 'AUD',
      rows: [
        { cost_center: operations, allocated: 120000, committed: 42000, spent: 18000, available: 60000 },
        { cost_center: it, allocated: 50000, committed: 31000, spent: 24500, available: -5500 },
      ],
    },
    cycle: {
      group_by: 'level',
      ...PERIOD,
      rows: [
        { key: '1', label: 'Manager Approval', decisions: 42, average_hours: 5.3, median_hours: 2.1 },
        { key: '2', label: 'Department Head Approval', decisions: 17, average_hours: 20.4, median_hours: 12 },
      ],
    },
    open: {
      currency: 'AUD',
      total: 18750,
      rows: [
        { cost_center: operations, awaiting_order: 2500, awaiting_receipt: 9000, requisitions: 2, orders: 3 },
        { cost_center: it, awaiting_order: 1250, awaiting_receipt: 6000, requisitions: 1, orders: 2 },
      ],
    },
  };
}

/** Every report with no rows. */
export function emptyReports(): ReportFixtures {
  const reports = defaultReports();
  return {
    spend: { ...reports.spend, total: 0, rows: [] },
    budget: { ...reports.budget, rows: [] },
    cycle: { ...reports.cycle, rows: [] },
    open: { ...reports.open, total: 0, rows: [] },
  };
}

/** The requests the handlers received (path and query), for tests. */
export type ReportRequests = { path: string; query: URLSearchParams }[];

const CSV = '\uFEFFMonth,Spend,Currency\r\nJan 2026,12000.00,AUD\r\n';

/** The four reports' handlers, answering `fixtures` (or a CSV file with `format=csv`). */
export function reportHandlers(fixtures: ReportFixtures = defaultReports(), requests: ReportRequests = []) {
  const seen = (request: Request) => {
    const url = new URL(request.url);
    requests.push({ path: url.pathname, query: url.searchParams });
    return url.searchParams.get('format') === 'csv';
  };
  return [
    http.get('/reports/spend', ({ request, response }) =>
      seen(request) ? response(200).text(CSV) : response(200).json(fixtures.spend),
    ),
    http.get('/reports/budget-vs-actual', ({ request, response }) =>
      seen(request) ? response(200).text(CSV) : response(200).json(fixtures.budget),
    ),
    http.get('/reports/approval-cycle-time', ({ request, response }) =>
      seen(request) ? response(200).text(CSV) : response(200).json(fixtures.cycle),
    ),
    http.get('/reports/open-commitments', ({ request, response }) =>
      seen(request) ? response(200).text(CSV) : response(200).json(fixtures.open),
    ),
  ];
}

/** Every report that never answers (loading). */
export function reportPendingHandlers() {
  const wait = async () => {
    await delay('infinite');
    return new Response(null, { status: 204 });
  };
  return [
    '/reports/spend',
    '/reports/budget-vs-actual',
    '/reports/approval-cycle-time',
    '/reports/open-commitments',
  ].map((path) => http.get(path as '/reports/spend', wait as never));
}

/** The spend report failing with a 500. */
export function spendFailureHandler() {
  return http.get('/reports/spend', ({ response }) =>
    response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] }),
  );
}

export const reportCostCenterId = uuid(501);
