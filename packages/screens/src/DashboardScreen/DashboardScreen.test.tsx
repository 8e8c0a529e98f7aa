import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  defaultSummary,
  meHandler,
  organizationsHandler,
  plainUser,
  summaryErrorHandler,
  summaryHandler,
} from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { DashboardScreen } from './DashboardScreen';

function tile(label: string) {
  return screen.getByRole('group', { name: label });
}

describe('DashboardScreen', () => {
  it('greets the user by first name', async () => {
    renderScreen(<DashboardScreen />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Alex!' })).toBeInTheDocument();
  });

  it('shows the four tiles with formatted figures from the summary', async () => {
    server.use(
      summaryHandler({ ...defaultSummary, total_spend_this_month: 48250.5, budget_utilization: 63.456 }),
    );
    renderScreen(<DashboardScreen />, { signedIn: true });
    await waitFor(() => expect(within(tile('Pending Approvals')).getByText('7')).toBeInTheDocument());
    expect(within(tile('My Requisitions')).getByText('12')).toBeInTheDocument();
    expect(within(tile('Monthly Spend')).getByText('$48,250.50')).toBeInTheDocument();
    expect(within(tile('Budget Utilization')).getByText('63.5%')).toBeInTheDocument();
  });

  it('marks the tiles busy while the summary loads', async () => {
    renderScreen(<DashboardScreen />, { signedIn: true });
    await waitFor(() => expect(tile('Monthly Spend')).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() => expect(tile('Monthly Spend')).not.toHaveAttribute('aria-busy'));
  });

  it('asks to select an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<DashboardScreen />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization from the header to view your dashboard'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Monthly Spend' })).not.toBeInTheDocument();
  });

  it('shows an error with a Retry that loads the summary again', async () => {
    server.use(summaryErrorHandler());
    const { user } = renderScreen(<DashboardScreen />, { signedIn: true });
    expect(
      await screen.findByText('Failed to load the dashboard summary. Please try again.'),
    ).toBeInTheDocument();
    server.use(summaryHandler());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(tile('Pending Approvals')).getByText('7')).toBeInTheDocument());
  });

  it('offers quick actions as real links to the six destinations', async () => {
    const { user, navigate } = renderScreen(<DashboardScreen />, { signedIn: true });
    const quick = await screen.findByRole('region', { name: 'Quick Actions' });
    const links = within(quick).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(
      [
        '/admin/users',
        '/approvals',
        '/budgets',
        '/purchase-orders',
        '/reports',
        '/requisitions/create',
      ].sort(),
    );
    await user.click(within(quick).getByRole('link', { name: /New Requisition/ }));
    expect(navigate).toHaveBeenCalledWith('/requisitions/create', undefined);
  });

  it('offers a plain user only the quick actions their role can use', async () => {
    server.use(meHandler(plainUser));
    renderScreen(<DashboardScreen />, { signedIn: true });
    const quick = await screen.findByRole('region', { name: 'Quick Actions' });
    // No Manage Users (user.edit), Review Approvals (approval.act), Budgets (budget.view) or Reports
    // (report.view): each would lead to a refusal (issue 19, items 1 and 3; issue 16 item 4).
    expect(within(quick).queryByRole('link', { name: /Manage Users/ })).not.toBeInTheDocument();
    expect(within(quick).queryByRole('link', { name: /Review Approvals/ })).not.toBeInTheDocument();
    expect(within(quick).queryByRole('link', { name: /Budgets/ })).not.toBeInTheDocument();
    expect(
      within(quick)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/requisitions/create', '/purchase-orders']);
  });

  it('shows an empty Recent Activity panel with a link to create a first requisition', async () => {
    server.use(summaryHandler({ ...defaultSummary, my_requisitions: 0 }));
    renderScreen(<DashboardScreen />, { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(within(panel).getByText('No recent activity')).toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: 'Create your first requisition' })).toHaveAttribute(
      'href',
      '/requisitions/create',
    );
  });

  it('does not ask someone who already has requisitions to create their first (issue 19, item 13)', async () => {
    renderScreen(<DashboardScreen />, { signedIn: true });
    const panel = await screen.findByRole('region', { name: 'Recent Activity' });
    expect(await within(panel).findByRole('link', { name: 'Create a requisition' })).toHaveAttribute(
      'href',
      '/requisitions/create',
    );
    expect(within(panel).queryByText(/first requisition/)).not.toBeInTheDocument();
    expect(within(panel).getByText(/open Requisitions to follow them/)).toBeInTheDocument();
  });
});
