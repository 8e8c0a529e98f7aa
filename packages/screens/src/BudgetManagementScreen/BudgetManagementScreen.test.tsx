import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  BUDGET_YEAR,
  type BudgetApiOptions,
  budgetListFailureHandler,
  buildBudget,
  createBudgetApi,
  defaultBudgets,
} from '../test/budgetHandlers';
import { meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { costCenters } from '../test/requisitionFixtures';
import { server } from '../test/server';
import { BudgetManagementScreen } from './BudgetManagementScreen';

function setup(
  options: BudgetApiOptions = {},
  overrides: Parameters<typeof server.use> = [],
  ui: ReactElement = <BudgetManagementScreen />,
) {
  const api = createBudgetApi(options);
  server.use(...api.handlers);
  server.use(...overrides);
  return { ...renderScreen(ui, { signedIn: true }), api };
}

const LAST_YEAR = BUDGET_YEAR - 1;

/** This year's two budgets and one of last year (CC-100, $90,000). */
function budgetsOfTwoYears() {
  const [operations] = costCenters as [Schemas['CostCenter']];
  return [...defaultBudgets(), buildBudget(3, operations, { allocated: 90000, fiscal_year: LAST_YEAR })];
}

/** A host that keeps the year as a router keeps it in the URL: it writes back what the screen reports. */
function UrlHost(): ReactElement {
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  return <BudgetManagementScreen fiscalYear={fiscalYear} onFiscalYearChange={setFiscalYear} />;
}

async function chooseYear(user: ReturnType<typeof setup>['user'], year: number) {
  await user.click(await screen.findByRole('combobox', { name: 'Fiscal year' }));
  await user.click(await screen.findByRole('option', { name: `FY ${year}` }));
}

async function rowOf(code: string) {
  const table = await screen.findByRole('table', { name: 'Budgets' });
  const header = await within(table).findByRole('rowheader', { name: new RegExp(code) });
  return header.closest('tr') as HTMLElement;
}

describe('BudgetManagementScreen', () => {
  it('lists each budget with allocated, committed, spent, pending, available and utilisation', async () => {
    setup();
    const operations = await rowOf('CC-100');
    expect(operations).toHaveTextContent('$120,000.00');
    expect(operations).toHaveTextContent('$42,000.00');
    expect(operations).toHaveTextContent('$18,000.00');
    expect(operations).toHaveTextContent('$6,500.00');
    expect(operations).toHaveTextContent('$60,000.00');
    expect(operations).toHaveTextContent('50.0%');
    const it = await rowOf('CC-200');
    expect(it).toHaveTextContent('-$5,500.00');
    expect(it).toHaveTextContent('111.0%');
    expect(screen.getByRole('combobox', { name: 'Budget policy' })).toHaveTextContent(
      'Require Finance approval',
    );
  });

  it('adds a budget in the dialog, checking the fields first', async () => {
    const { user, api } = setup({ budgets: [] });
    expect(await screen.findByText('No budgets for this fiscal year')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Budget' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Budget' }));
    expect(await within(dialog).findByText('Choose a cost center')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the allocated amount')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Cost Center' }));
    await user.click(await screen.findByRole('option', { name: 'CC-200 Information Technology' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /Allocated Amount/ }), '75000');
    await user.click(within(dialog).getByRole('button', { name: 'Add Budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/budgets',
        body: { cost_center_id: costCenters[1]!.id, fiscal_year: BUDGET_YEAR, allocated: 75000 },
      },
    ]);
    expect(await rowOf('CC-200')).toHaveTextContent('$75,000.00');
    expect(await screen.findByText('Budget created successfully')).toBeInTheDocument();
  });

  it("changes a budget's allocation (the cost centre stays)", async () => {
    const { user, api } = setup();
    await user.click(within(await rowOf('CC-100')).getByRole('button', { name: 'Edit budget of CC-100' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: 'Cost Center' })).not.toBeInTheDocument();
    const amount = within(dialog).getByRole('spinbutton', { name: /Allocated Amount/ });
    await user.clear(amount);
    await user.type(amount, '130000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Budget' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', body: { allocated: 130000 } });
    expect(await rowOf('CC-100')).toHaveTextContent('$130,000.00');
  });

  it('changes the budget policy', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('combobox', { name: 'Budget policy' }));
    await user.click(await screen.findByRole('option', { name: 'Block' }));
    await waitFor(() =>
      expect(api.calls).toEqual([
        { method: 'PUT', path: '/budgets/policy', body: { budget_policy: 'block' } },
      ]),
    );
    expect(await screen.findByText(/cannot be submitted or approved/)).toBeInTheDocument();
  });

  it('shows budgets read-only to a member without org.settings', async () => {
    setup({}, [meHandler(plainUser)]);
    await rowOf('CC-100');
    expect(screen.queryByRole('button', { name: 'Add Budget' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit budget/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Budget policy' })).toBeDisabled();
  });

  it('keeps the fiscal year itself when the host gives none', async () => {
    const onFiscalYearChange = vi.fn();
    const { user } = setup(
      { budgets: budgetsOfTwoYears() },
      [],
      <BudgetManagementScreen onFiscalYearChange={onFiscalYearChange} />,
    );
    expect(await rowOf('CC-200')).toHaveTextContent('$50,000.00');
    expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toHaveTextContent(`FY ${BUDGET_YEAR}`);

    await chooseYear(user, LAST_YEAR);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toHaveTextContent(`FY ${LAST_YEAR}`),
    );
    expect(await rowOf('CC-100')).toHaveTextContent('$90,000.00');
    expect(screen.queryByRole('rowheader', { name: /CC-200/ })).not.toBeInTheDocument();
    expect(onFiscalYearChange).toHaveBeenCalledWith(LAST_YEAR);
  });

  it('shows the fiscal year the host gives and leaves a change to the host', async () => {
    const onFiscalYearChange = vi.fn();
    const { user } = setup(
      { budgets: budgetsOfTwoYears() },
      [],
      <BudgetManagementScreen fiscalYear={LAST_YEAR} onFiscalYearChange={onFiscalYearChange} />,
    );
    expect(await rowOf('CC-100')).toHaveTextContent('$90,000.00');
    expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toHaveTextContent(`FY ${LAST_YEAR}`);

    await chooseYear(user, BUDGET_YEAR);
    expect(onFiscalYearChange).toHaveBeenCalledWith(BUDGET_YEAR);
    // The host has not moved its URL: the screen still shows its year.
    expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toHaveTextContent(`FY ${LAST_YEAR}`);
    expect(await rowOf('CC-100')).toHaveTextContent('$90,000.00');
  });

  it('follows the host when it writes the chosen year back, as a URL does', async () => {
    const { user } = setup({ budgets: budgetsOfTwoYears() }, [], <UrlHost />);
    // No year in the URL: the server's current fiscal year.
    expect(await rowOf('CC-200')).toHaveTextContent('$50,000.00');
    await chooseYear(user, LAST_YEAR);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /CC-200/ })).not.toBeInTheDocument());
    expect(await rowOf('CC-100')).toHaveTextContent('$90,000.00');
    expect(screen.getByRole('combobox', { name: 'Fiscal year' })).toHaveTextContent(`FY ${LAST_YEAR}`);
  });

  it('says when the budgets cannot be loaded', async () => {
    setup({}, [budgetListFailureHandler()]);
    expect(await screen.findByText('Failed to load budgets. Please try again.')).toBeInTheDocument();
  });
});
