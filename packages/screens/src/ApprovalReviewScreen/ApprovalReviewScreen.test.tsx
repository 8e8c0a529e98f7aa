import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalDecision } from '../ApprovalActionForm';
import { http, organizationsHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import {
  approvalReviewLoadErrorHandler,
  buildRequisition,
  createRequisitionApi,
  defaultRequisitions,
} from '../test/requisitionHandlers';
import { server } from '../test/server';
import { ApprovalReviewScreen } from './ApprovalReviewScreen';

/** REQ-2026-00002: under review, with an open step of the signed-in approver and one attachment. */
const underReview = () => buildRequisition(2);
/** REQ-2026-00004: approved, every step decided. */
const decided = () => buildRequisition(4);

function serve(requisitions = defaultRequisitions()) {
  const api = createRequisitionApi(requisitions);
  server.use(...api.handlers);
  return api;
}

function region(name: string) {
  return screen.getByRole('region', { name });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ApprovalReviewScreen', () => {
  it('shows the requisition details, with the breadcrumb back to the queue', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'REQ-2026-00002', level: 1 })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
    expect(within(trail).getByText('REQ-2026-00002')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Under Review')).toHaveAttribute('data-status', 'under_review');

    const details = within(region('Requisition Details'));
    expect(details.getByText('Uma Patel')).toBeInTheDocument();
    expect(details.getByText('user@acme.test')).toBeInTheDocument();
    expect(details.getByText('$4,500.00')).toBeInTheDocument();
    expect(details.getByText('CC-200 - Information Technology')).toBeInTheDocument();
    expect(details.getByText('6400 - IT Equipment')).toBeInTheDocument();
    expect(details.getByText('Standard')).toBeInTheDocument();
    expect(details.getByText('15 Dec 2026')).toBeInTheDocument();
    expect(details.getByText('Laptops for the two new analysts')).toBeInTheDocument();
    expect(details.getByText('1 Market Street, Sydney NSW 2000')).toBeInTheDocument();
    // Issue 19 item 11: the dates are in Quick Info, as on the detail.
    expect(region('Quick Info')).toHaveTextContent('Submitted16 Nov 2026');
  });

  // Issue 19 item 11: the review shows the detail's line items table, so the same words and order.
  it('lists the line items with their totals, quantity x unit price, product and notes', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, { signedIn: true });
    const table = await screen.findByRole('table', { name: 'Line items' });
    const laptop = within(table)
      .getByRole('rowheader', { name: /14-inch business laptop/ })
      .closest('tr');
    const bag = within(table)
      .getByRole('rowheader', { name: /Laptop bag/ })
      .closest('tr');
    if (!laptop || !bag) throw new Error('two lines expected');
    expect(laptop).toHaveTextContent('2 each × $2,199.00');
    expect(laptop).toHaveTextContent('$4,398.00');
    expect(laptop).toHaveTextContent('Laptop 14"');
    expect(laptop).toHaveTextContent('LAP-14');
    expect(laptop).toHaveTextContent('Silver if possible');
    expect(bag).toHaveTextContent('2 each × $51.00');
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Total$4,500.00');
  });

  it('shows tax only on lines that carry some', async () => {
    const base = underReview();
    const [taxed, untaxed] = base.line_items;
    if (!taxed || !untaxed) throw new Error('two lines expected');
    serve([
      {
        ...base,
        total_amount: 4_939.8,
        line_items: [{ ...taxed, tax_amount: 439.8, total_amount: 4_837.8 }, untaxed],
      },
    ]);
    renderScreen(<ApprovalReviewScreen requisitionId={base.id} />, { signedIn: true });
    const table = within(await screen.findByRole('table', { name: 'Line items' }));
    expect(table.getByText('incl. $439.80 tax')).toBeInTheDocument();
    expect(table.getAllByText(/tax$/)).toHaveLength(1);
  });

  it('shows line items before attachments, as the detail does', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, { signedIn: true });
    await screen.findByRole('table', { name: 'Line items' });
    const order = screen.getAllByRole('region').map((section) => section.getAttribute('aria-labelledby'));
    const position = (name: string) => order.indexOf(region(name).getAttribute('aria-labelledby'));
    expect(position('Requisition Details')).toBeLessThan(position('Line Items'));
    expect(position('Line Items')).toBeLessThan(position('Attachments'));
  });

  it('names the attachments with their sizes, and downloads one from the review (issue 19 item 11)', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    serve();
    server.use(
      http.get('/attachments/{id}', ({ params, response }) =>
        response(200).json({
          url: `http://localhost/api/attachments/${params.id}/download?expires=1900000000&signature=abc`,
          expires_at: '2030-01-01T00:00:00.000Z',
        }),
      ),
    );
    const { user } = renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, {
      signedIn: true,
    });
    const files = within(await screen.findByRole('list', { name: 'Attachments' }));
    expect(files.getByText('quote.pdf')).toBeInTheDocument();
    expect(files.getByText('47.08 KB')).toBeInTheDocument();
    expect(within(region('Attachments')).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(files.getByRole('button', { name: 'Download quote.pdf' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]?.download).toBe('quote.pdf');
  });

  it('shows the approval workflow', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={decided().id} />, { signedIn: true });
    const workflow = within(await screen.findByRole('list', { name: 'Approval workflow' }));
    const levels = workflow
      .getAllByRole('listitem')
      .map((step) => within(step).getByText(/Approval$/).textContent);
    expect(levels).toEqual([
      'Manager Approval',
      'Department Head Approval',
      'Department Head Approval',
      'Finance Manager Approval',
    ]);
  });

  it('tells the host of the decision (onDecided), then returns to the approval queue', async () => {
    const api = serve();
    const id = underReview().id;
    const onDecided = vi.fn<(decision: ApprovalDecision) => void>();
    const { user, navigate } = renderScreen(
      <ApprovalReviewScreen requisitionId={id} onDecided={onDecided} />,
      {
        signedIn: true,
      },
    );
    const panel = within(await screen.findByRole('region', { name: 'Take Action' }));
    await panel.findByText(/You are deciding at/);
    await user.click(panel.getByRole('radio', { name: 'Approve' }));
    await user.type(panel.getByRole('textbox', { name: /Comments/ }), 'Within budget.');
    await user.click(panel.getByRole('button', { name: 'Approve Requisition' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/approvals'));
    expect(onDecided).toHaveBeenCalledTimes(1);
    expect(onDecided.mock.calls[0]?.[0]).toMatchObject({ action: 'approve', requisition: { id } });
    expect(onDecided.mock.invocationCallOrder[0]).toBeLessThan(navigate.mock.invocationCallOrder[0] ?? 0);
    expect(await screen.findByText('Approval action completed successfully')).toBeInTheDocument();
    expect(api.requisitions.find((r) => r.id === id)?.status).toBe('approved');
  });

  it('says so, with the action disabled, when the user has no pending step on the requisition', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={decided().id} />, { signedIn: true });
    const panel = within(await screen.findByRole('region', { name: 'Take Action' }));
    expect(
      await panel.findByText("You don't have a pending approval for this requisition."),
    ).toBeInTheDocument();
    for (const radio of panel.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(panel.getByRole('button', { name: 'Submit Decision' })).toBeDisabled();
  });

  it('shows the load failure with a Retry', async () => {
    serve();
    server.use(approvalReviewLoadErrorHandler());
    const { user } = renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, {
      signedIn: true,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load requisition details.');
    serve();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'REQ-2026-00002', level: 1 })).toBeInTheDocument();
  });

  it('says the requisition was not found, with a way back to the queue', async () => {
    serve();
    renderScreen(<ApprovalReviewScreen requisitionId={buildRequisition(99).id} />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Requisition not found' })).toBeInTheDocument();
    expect(
      screen.getByText("Requisition not found or you don't have permission to view it."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Approvals' })).toHaveAttribute('href', '/approvals');
  });

  it('asks to select an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<ApprovalReviewScreen requisitionId={underReview().id} />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization from the header to review approvals'),
    ).toBeInTheDocument();
  });
});
