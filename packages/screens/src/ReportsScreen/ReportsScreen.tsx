import {
  downloadReportCsv,
  organizationQueries,
  type ReportBody,
  type ReportFilters,
  type ReportPath,
  reportQueries,
} from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { LabelledSelect } from '../BudgetManagementScreen/BudgetControls';
import { ListHeading } from '../kit/list/ListHeading';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { csvFileName } from '../shared/csv';
import { ReportPanel } from './ReportPanel';
import { type ReportsSearch, reportPeriods } from './searchParams';

/** Product copy of the Reports screen. */
export const reportsMessages = {
  title: 'Reports',
  description: 'Spend, budgets, approval times and open commitments, in your base currency.',
  noOrganization: 'Please select an organization from the header to view reports',
  allCostCenters: 'All cost centers',
  customPeriod: 'Custom period',
} as const;

/** Props of {@link ReportsScreen}. */
export interface ReportsScreenProps {
  /** The filters, kept in the host's URL (read with `reportsSearchSchema`). */
  search: ReportsSearch;
  /** Called with the filters the user chooses; write them to the URL. */
  onSearchChange(next: ReportsSearch): void;
}

type SpendGroup = NonNullable<ReportFilters['/reports/spend']['group_by']>;
type CycleGroup = NonNullable<ReportFilters['/reports/approval-cycle-time']['group_by']>;

const SPEND_GROUPS: { value: SpendGroup; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'cost_center', label: 'Cost center' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'category', label: 'Category' },
];
const CYCLE_GROUPS: { value: CycleGroup; label: string }[] = [
  { value: 'level', label: 'Level' },
  { value: 'approver', label: 'Approver' },
];
const COLORS = {
  spend: 'var(--accent-9)',
  budget: 'var(--gray-8)',
  committed: 'var(--amber-9)',
  hours: 'var(--teal-9)',
};

/**
 * Reports (issue 16 item 4, `/reports`, `report.view`): spend by month, cost centre, vendor or
 * category; budget against actual per cost centre; approval cycle time per level or approver; open
 * commitments. Each is a bar chart with the same figures in a table beside it, and an Export CSV
 * button for the server's file. The period and the cost centre are the host's URL state.
 */
export function ReportsScreen(props: ReportsScreenProps): ReactElement {
  return (
    <ScreenFrame title={reportsMessages.title} noOrganization={reportsMessages.noOrganization}>
      {(organization) => (
        <Reports organizationId={organization.id} currency={organization.currency} {...props} />
      )}
    </ScreenFrame>
  );
}

function useReport<P extends ReportPath>(organizationId: string, path: P, filters: ReportFilters[P]) {
  const { client } = usePurchasing();
  return {
    query: useQuery(reportQueries.report(client, organizationId, path, filters)),
    exportCsv: () => downloadReportCsv(client, organizationId, path, filters),
  };
}

function Reports({
  organizationId,
  currency,
  search,
  onSearchChange,
}: ReportsScreenProps & { organizationId: string; currency: string }): ReactElement {
  const { client } = usePurchasing();
  const [spendGroup, setSpendGroup] = useState<SpendGroup>('month');
  const [cycleGroup, setCycleGroup] = useState<CycleGroup>('level');
  const costCenters = useQuery(organizationQueries.costCenters(client, organizationId));
  const periods = reportPeriods();
  const period = periods.find((p) => p.from === search.from && p.to === search.to);
  const periodValue =
    search.from === undefined && search.to === undefined ? '12m' : (period?.value ?? 'custom');
  const range = { ...(search.from ? { from: search.from } : {}), ...(search.to ? { to: search.to } : {}) };
  const center = search.cost_center_id ? { cost_center_id: search.cost_center_id } : {};
  const money = (amount: number) => formatMoney(amount, currency);
  const short = (amount: number) =>
    new Intl.NumberFormat('en-AU', { notation: 'compact', maximumFractionDigits: 1 }).format(amount);

  const spend = useReport(organizationId, '/reports/spend', { group_by: spendGroup, ...range, ...center });
  const budget = useReport(organizationId, '/reports/budget-vs-actual', center);
  const cycle = useReport(organizationId, '/reports/approval-cycle-time', { group_by: cycleGroup, ...range });
  const open = useReport(organizationId, '/reports/open-commitments', center);
  type Spend = ReportBody<'/reports/spend'>['rows'][number];
  type Budget = ReportBody<'/reports/budget-vs-actual'>['rows'][number];
  type Cycle = ReportBody<'/reports/approval-cycle-time'>['rows'][number];
  type Open = ReportBody<'/reports/open-commitments'>['rows'][number];
  const costCenterName = (cc: { code: string; name: string }) => `${cc.code} - ${cc.name}`;

  return (
    <>
      <ListHeading title={reportsMessages.title} description={reportsMessages.description} />
      <Flex gap="4" wrap="wrap" align="start" role="group" aria-label="Report filters">
        <LabelledSelect
          label="Period"
          value={periodValue}
          options={[
            ...periods.map((p) => ({ value: p.value, label: p.label })),
            ...(periodValue === 'custom'
              ? [{ value: 'custom', label: `${search.from ?? '…'} to ${search.to ?? 'today'}` }]
              : []),
          ]}
          onChange={(value) => {
            const chosen = periods.find((p) => p.value === value);
            if (!chosen) return;
            const { from: _from, to: _to, ...rest } = search;
            onSearchChange(value === '12m' ? rest : { ...rest, from: chosen.from, to: chosen.to });
          }}
        />
        <LabelledSelect
          label="Cost center"
          value={search.cost_center_id ?? 'all'}
          options={[
            { value: 'all', label: reportsMessages.allCostCenters },
            ...(costCenters.data?.cost_centers ?? []).map((cc) => ({
              value: cc.id,
              label: costCenterName(cc),
            })),
          ]}
          onChange={(value) => {
            const { cost_center_id: _id, ...rest } = search;
            onSearchChange(value === 'all' ? rest : { ...rest, cost_center_id: value });
          }}
        />
      </Flex>
      <ReportPanel<ReportBody<'/reports/spend'>, Spend>
        title="Spend"
        description="Orders sent in the period, whether received yet or not, at their base currency totals."
        query={spend.query}
        rows={(data) => data.rows}
        columns={[
          {
            header: SPEND_GROUPS.find((g) => g.value === spendGroup)?.label ?? 'Group',
            cell: (row) => row.label,
          },
          { header: 'Spend', cell: (row) => money(row.amount), numeric: true },
        ]}
        chart={{
          label: (row) => row.label,
          series: [{ name: 'Spend', color: COLORS.spend, value: (row) => row.amount }],
          format: short,
        }}
        controls={
          <LabelledSelect
            label="Spend by"
            value={spendGroup}
            options={SPEND_GROUPS}
            onChange={(value) => setSpendGroup(value as SpendGroup)}
          />
        }
        footer={(data) => (
          <Text as="p" size="2" mt="2" align="right">
            Total <strong>{money(data.total)}</strong>
          </Text>
        )}
        empty="No spend in this period"
        exportCsv={spend.exportCsv}
        fileName={csvFileName(`spend-by-${spendGroup.replace('_', '-')}`)}
      />
      <ReportPanel<ReportBody<'/reports/budget-vs-actual'>, Budget>
        title="Budget against actual"
        description="This fiscal year's budget per cost center against what is committed and spent."
        query={budget.query}
        rows={(data) => data.rows}
        columns={[
          { header: 'Cost Center', cell: (row) => costCenterName(row.cost_center) },
          {
            header: 'Budget',
            cell: (row) => (row.allocated === null ? 'No budget' : money(row.allocated)),
            numeric: true,
          },
          { header: 'Committed', cell: (row) => money(row.committed), numeric: true },
          { header: 'Spent', cell: (row) => money(row.spent), numeric: true },
          {
            header: 'Available',
            cell: (row) => (row.available === null ? '—' : money(row.available)),
            numeric: true,
          },
        ]}
        chart={{
          label: (row) => row.cost_center.code,
          series: [
            { name: 'Budget', color: COLORS.budget, value: (row) => row.allocated ?? 0 },
            { name: 'Committed and spent', color: COLORS.spend, value: (row) => row.committed + row.spent },
          ],
          format: short,
        }}
        empty="No cost centers to report"
        exportCsv={budget.exportCsv}
        fileName={csvFileName('budget-vs-actual')}
      />
      <ReportPanel<ReportBody<'/reports/approval-cycle-time'>, Cycle>
        title="Approval cycle time"
        description="How long decisions took in the period, from the step opening to the decision."
        query={cycle.query}
        rows={(data) => data.rows}
        columns={[
          { header: cycleGroup === 'level' ? 'Level' : 'Approver', cell: (row) => row.label },
          { header: 'Decisions', cell: (row) => String(row.decisions), numeric: true },
          { header: 'Average', cell: (row) => `${row.average_hours.toFixed(1)} h`, numeric: true },
          { header: 'Median', cell: (row) => `${row.median_hours.toFixed(1)} h`, numeric: true },
        ]}
        chart={{
          label: (row) => row.label,
          series: [{ name: 'Average hours', color: COLORS.hours, value: (row) => row.average_hours }],
          format: (value) => `${value} h`,
        }}
        controls={
          <LabelledSelect
            label="Cycle time by"
            value={cycleGroup}
            options={CYCLE_GROUPS}
            onChange={(value) => setCycleGroup(value as CycleGroup)}
          />
        }
        empty="No decisions in this period"
        exportCsv={cycle.exportCsv}
        fileName={csvFileName(`approval-cycle-time-by-${cycleGroup}`)}
      />
      <ReportPanel<ReportBody<'/reports/open-commitments'>, Open>
        title="Open commitments"
        description="Money promised and not yet received: approved but not ordered, and ordered but not received."
        query={open.query}
        rows={(data) => data.rows}
        columns={[
          { header: 'Cost Center', cell: (row) => costCenterName(row.cost_center) },
          { header: 'Awaiting order', cell: (row) => money(row.awaiting_order), numeric: true },
          { header: 'Awaiting receipt', cell: (row) => money(row.awaiting_receipt), numeric: true },
          { header: 'Requisitions', cell: (row) => String(row.requisitions), numeric: true },
          { header: 'Orders', cell: (row) => String(row.orders), numeric: true },
        ]}
        chart={{
          label: (row) => row.cost_center.code,
          series: [
            { name: 'Awaiting order', color: COLORS.committed, value: (row) => row.awaiting_order },
            { name: 'Awaiting receipt', color: COLORS.spend, value: (row) => row.awaiting_receipt },
          ],
          format: short,
        }}
        footer={(data) => (
          <Text as="p" size="2" mt="2" align="right">
            Total <strong>{money(data.total)}</strong>
          </Text>
        )}
        empty="No open commitments"
        exportCsv={open.exportCsv}
        fileName={csvFileName('open-commitments')}
      />
    </>
  );
}
