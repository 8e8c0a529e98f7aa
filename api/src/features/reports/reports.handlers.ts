import { reportPeriod } from '../../domain/report-period.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { csvAmount, csvAttachment, csvText } from '../../http/csv-export.js';
import { actorHolding } from '../roles/access.js';
import {
  approvalCycleTimeReport,
  budgetVsActualReport,
  type CycleTimeGroup,
  openCommitmentsReport,
  type SpendGroup,
  spendReport,
} from './reports.service.js';

/** Every report needs `report.view` (the route table checks it; the handler reads the scope with it). */
const organizationOf = (input: HandlerInput) => actorHolding(input, ['report.view']).scope.organizationId;

interface ReportQuery {
  format?: 'json' | 'csv';
  from?: string;
  to?: string;
  cost_center_id?: string;
  fiscal_year?: number;
}

const queryOf = <Extra>(input: HandlerInput) => input.request.query as ReportQuery & Extra;

const GROUP_HEADERS: Record<SpendGroup | CycleTimeGroup, string> = {
  month: 'Month',
  cost_center: 'Cost Center',
  vendor: 'Vendor',
  category: 'Category',
  level: 'Level',
  approver: 'Approver',
};
const costCenterCell = (cc: { code: string; name: string }) => `${cc.code} - ${cc.name}`;
const optionalAmount = (amount: number | null, currency: string) =>
  amount === null ? '' : csvAmount(amount, currency);

/**
 * The reports (issue 16, item 4): JSON for the screens, or with `format=csv` the same rows as a file
 * (`report-<name>-<day>.csv`).
 */
export const reportHandlers: OperationHandlers = {
  getSpendReport: {
    handler: async (input) => {
      const query = queryOf<{ group_by?: SpendGroup }>(input);
      const report = await spendReport(input.app.db, organizationOf(input), query, reportPeriod(query));
      if (query.format !== 'csv') return report;
      const rows = report.rows.map((row) => [
        row.label,
        csvAmount(row.amount, report.currency),
        report.currency,
      ]);
      return csvAttachment(
        input.h,
        `spend-by-${report.group_by.replace('_', '-')}`,
        csvText([GROUP_HEADERS[report.group_by], 'Spend', 'Currency'], rows),
      );
    },
  },
  getBudgetVsActualReport: {
    handler: async (input) => {
      const query = queryOf<object>(input);
      const report = await budgetVsActualReport(input.app.db, organizationOf(input), query);
      if (query.format !== 'csv') return report;
      const money = (amount: number | null) => optionalAmount(amount, report.currency);
      const rows = report.rows.map((row) => [
        costCenterCell(row.cost_center),
        money(row.allocated),
        money(row.committed),
        money(row.spent),
        money(row.available),
        report.currency,
      ]);
      return csvAttachment(
        input.h,
        `budget-vs-actual-${report.fiscal_year}`,
        csvText(['Cost Center', 'Budget', 'Committed', 'Spent', 'Available', 'Currency'], rows),
      );
    },
  },
  getApprovalCycleTimeReport: {
    handler: async (input) => {
      const query = queryOf<{ group_by?: CycleTimeGroup }>(input);
      const report = await approvalCycleTimeReport(
        input.app.db,
        organizationOf(input),
        query,
        reportPeriod(query),
      );
      if (query.format !== 'csv') return report;
      const rows = report.rows.map((row) => [
        row.label,
        String(row.decisions),
        row.average_hours.toFixed(1),
        row.median_hours.toFixed(1),
      ]);
      return csvAttachment(
        input.h,
        `approval-cycle-time-by-${report.group_by}`,
        csvText([GROUP_HEADERS[report.group_by], 'Decisions', 'Average Hours', 'Median Hours'], rows),
      );
    },
  },
  getOpenCommitmentsReport: {
    handler: async (input) => {
      const query = queryOf<object>(input);
      const report = await openCommitmentsReport(input.app.db, organizationOf(input), query);
      if (query.format !== 'csv') return report;
      const rows = report.rows.map((row) => [
        costCenterCell(row.cost_center),
        csvAmount(row.awaiting_order, report.currency),
        csvAmount(row.awaiting_receipt, report.currency),
        String(row.requisitions),
        String(row.orders),
        report.currency,
      ]);
      return csvAttachment(
        input.h,
        'open-commitments',
        csvText(
          ['Cost Center', 'Awaiting Order', 'Awaiting Receipt', 'Requisitions', 'Orders', 'Currency'],
          rows,
        ),
      );
    },
  },
};
