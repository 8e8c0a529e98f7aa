import { screen, waitFor, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import {
  emptyReports,
  type ReportRequests,
  reportHandlers,
  reportPendingHandlers,
  spendFailureHandler,
} from '../test/reportHandlers';
import { costCenters } from '../test/requisitionFixtures';
import { server } from '../test/server';
import { ReportsScreen } from './ReportsScreen';
import { type ReportsSearch, reportPeriods, reportsSearchSchema } from './searchParams';

/** A host that keeps the filters as a router keeps them in the URL. */
function UrlHost({
  initial = {},
  onChange,
}: {
  initial?: ReportsSearch;
  onChange?(next: ReportsSearch): void;
}): ReactElement {
  const [search, setSearch] = useState<ReportsSearch>(initial);
  return (
    <ReportsScreen
      search={search}
      onSearchChange={(next) => {
        onChange?.(next);
        setSearch(next);
      }}
    />
  );
}

function setup(options: { initial?: ReportsSearch; handlers?: Parameters<typeof server.use> } = {}) {
  const requests: ReportRequests = [];
  server.use(...(options.handlers ?? []), ...reportHandlers(undefined, requests));
  const changes: ReportsSearch[] = [];
  const view = renderScreen(
    <UrlHost initial={options.initial ?? {}} onChange={(next) => changes.push(next)} />,
    {
      signedIn: true,
    },
  );
  return { ...view, requests, changes };
}

describe('ReportsScreen', () => {
  it('shows each report as a table with a caption beside its chart', async () => {
    setup();
    const spend = await screen.findByRole('table', { name: 'Spend' });
    expect(within(spend).getByRole('rowheader', { name: 'Feb 2026' }).closest('tr')).toHaveTextContent(
      '$21,750.50',
    );
    expect(screen.getByText('$48,250.50')).toBeInTheDocument();
    const budget = await screen.findByRole('table', { name: 'Budget against actual' });
    expect(
      within(budget).getByRole('rowheader', { name: 'CC-200 - Information Technology' }).closest('tr'),
    ).toHaveTextContent('-$5,500.00');
    const cycle = await screen.findByRole('table', { name: 'Approval cycle time' });
    expect(
      within(cycle).getByRole('rowheader', { name: 'Manager Approval' }).closest('tr'),
    ).toHaveTextContent('5.3 h');
    const open = await screen.findByRole('table', { name: 'Open commitments' });
    expect(within(open).getAllByRole('row')).toHaveLength(3);
    expect(screen.getAllByTestId('report-chart')).toHaveLength(4);
  });

  it('asks the reports for the period and cost centre of the URL, and writes a new choice to it', async () => {
    const [operations] = costCenters;
    const { user, requests, changes } = setup({
      initial: { from: '2026-01-01', to: '2026-03-31', cost_center_id: operations!.id },
    });
    await screen.findByRole('table', { name: 'Spend' });
    const spend = requests.find((r) => r.path.endsWith('/reports/spend'));
    expect(spend?.query.get('from')).toBe('2026-01-01');
    expect(spend?.query.get('cost_center_id')).toBe(operations!.id);
    expect(requests.find((r) => r.path.endsWith('/open-commitments'))?.query.get('cost_center_id')).toBe(
      operations!.id,
    );

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'This month' }));
    const month = reportPeriods().find((p) => p.value === 'month')!;
    expect(changes.at(-1)).toEqual({ from: month.from, to: month.to, cost_center_id: operations!.id });

    await user.click(screen.getByRole('combobox', { name: 'Cost center' }));
    await user.click(await screen.findByRole('option', { name: 'All cost centers' }));
    expect(changes.at(-1)).toEqual({ from: month.from, to: month.to });
  });

  it('regroups the spend by vendor', async () => {
    const { user, requests } = setup();
    await screen.findByRole('table', { name: 'Spend' });
    await user.click(screen.getByRole('combobox', { name: 'Spend by' }));
    await user.click(await screen.findByRole('option', { name: 'Vendor' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.path.endsWith('/reports/spend') && r.query.get('group_by') === 'vendor'),
      ).toBe(true),
    );
  });

  describe('Export CSV', () => {
    let downloads: string[];
    beforeEach(() => {
      downloads = [];
      URL.createObjectURL = vi.fn(() => 'blob:report');
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it("downloads the server's CSV of one report", async () => {
      const { user, requests } = setup();
      await screen.findByRole('table', { name: 'Budget against actual' });
      await user.click(screen.getByRole('button', { name: 'Export CSV of budget against actual' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]).toMatch(/^budget-vs-actual-\d{4}-\d{2}-\d{2}\.csv$/);
      const asked = requests.filter((r) => r.query.get('format') === 'csv');
      expect(asked.map((r) => r.path)).toEqual(['/api/reports/budget-vs-actual']);
    });
  });

  it('says when a report has nothing to show, and when one failed', async () => {
    server.use(spendFailureHandler(), ...reportHandlers(emptyReports()));
    renderScreen(<ReportsScreen search={{}} onSearchChange={() => {}} />, { signedIn: true });
    expect(await screen.findByText('Failed to load spend. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('No cost centers to report')).toBeInTheDocument();
    expect(screen.getByText('No decisions in this period')).toBeInTheDocument();
    expect(screen.getByText('No open commitments')).toBeInTheDocument();
  });

  it('shows a spinner per report while they load', async () => {
    server.use(...reportPendingHandlers());
    renderScreen(<ReportsScreen search={{}} onSearchChange={() => {}} />, { signedIn: true });
    expect(await screen.findByRole('status', { name: 'Loading spend' })).toBeInTheDocument();
  });
});

describe('reportsSearchSchema', () => {
  it('keeps real days and ids, and drops the rest', () => {
    expect(
      reportsSearchSchema.parse({ from: '2026-02-01', to: '2026-02-30', cost_center_id: 'x', other: 1 }),
    ).toEqual({
      from: '2026-02-01',
    });
    expect(reportsSearchSchema.parse(null)).toEqual({});
  });
});
