import type { Schemas } from '@purchasing/api-client';
import { preloadDatePicker } from '@purchasing/ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationsHandler } from '../test/handlers';
import { pageCursor } from '../test/paging';
import { renderScreen } from '../test/render';
import {
  approvalQueueErrorHandler,
  approvalQueueHandler,
  approvalQueueLoadingHandler,
  buildPendingApproval,
  buildRequisition,
  financeRef,
} from '../test/requisitionHandlers';
import { server } from '../test/server';
import { ApprovalQueueScreen } from './ApprovalQueueScreen';

// The filter panel's date fields load the date picker's code when the panel opens (a lazy chunk in the
// app). Fetched once here so that transforming it in the test runner does not outlast a findBy query's
// wait; the fields still render through the lazy boundary.
beforeAll(() => preloadDatePicker());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();

function queueItems(): Schemas['PendingApproval'][] {
  const fresh = buildRequisition(11, {
    status: 'under_review',
    total_amount: 1234.5,
    justification: 'Replacement monitors for the help desk',
    category: 'maintenance',
    submitted_at: '2026-11-16T09:00:00.000Z',
  });
  const waiting = buildRequisition(12, {
    status: 'under_review',
    requestor: financeRef,
    total_amount: 30_000,
    currency: 'EUR',
    exchange_rate: 1.65,
    base_total_amount: 49_500,
    justification: 'Annual licence renewal',
    submitted_at: '2026-11-10T09:00:00.000Z',
  });
  const stale = buildRequisition(13, { status: 'under_review', submitted_at: '2026-11-01T09:00:00.000Z' });
  const decided = buildRequisition(14, { status: 'approved', submitted_at: '2026-10-20T09:00:00.000Z' });
  return [
    buildPendingApproval(fresh, { created_at: daysAgo(1) }),
    buildPendingApproval(waiting, {
      approval_level: 3,
      level_title: 'Finance Manager Approval',
      created_at: daysAgo(4),
    }),
    buildPendingApproval(stale, { created_at: daysAgo(9) }),
    buildPendingApproval(decided, {
      action: 'approve',
      comments: 'Within budget.',
      actioned_at: '2026-10-22T10:30:00.000Z',
      created_at: '2026-10-20T09:00:00.000Z',
    }),
  ];
}

/** Serves `items` and records the query of every call. */
function serveQueue(items = queueItems()) {
  const urls: URL[] = [];
  server.use(approvalQueueHandler(items, (url) => urls.push(url)));
  return urls;
}

async function card(number: string) {
  const heading = await screen.findByRole('heading', { name: number });
  const article = heading.closest('article');
  if (!article) throw new Error(`no card for ${number}`);
  return article;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ApprovalQueueScreen', () => {
  it('shows the number of requisitions awaiting approval in the title', async () => {
    serveQueue();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(
      await screen.findByRole('heading', { name: 'Approval Queue 3 awaiting approval', level: 1 }),
    ).toBeInTheDocument();
  });

  it('names the approver out of office on a step that came from them', async () => {
    const moved = buildRequisition(21, { status: 'under_review', submitted_at: '2026-11-16T09:00:00.000Z' });
    serveQueue([buildPendingApproval(moved, { created_at: daysAgo(1), out_of_office_from: financeRef })]);
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const item = within(await card(moved.requisition_number));
    expect(item.getByText('Delegated from Fiona Chen (out of office)')).toBeInTheDocument();
  });

  it('shows when each open step is due, and how long it is overdue, in words', async () => {
    const soon = buildRequisition(22, { status: 'under_review', submitted_at: '2026-11-16T09:00:00.000Z' });
    const late = buildRequisition(23, { status: 'under_review', submitted_at: '2026-11-16T09:00:00.000Z' });
    const none = buildRequisition(24, { status: 'under_review', submitted_at: '2026-11-16T09:00:00.000Z' });
    const hour = 3_600_000;
    serveQueue([
      buildPendingApproval(soon, {
        created_at: daysAgo(1),
        due_at: new Date(Date.now() + 50 * hour + 60_000).toISOString(),
        overdue: false,
      }),
      buildPendingApproval(late, {
        created_at: daysAgo(3),
        due_at: new Date(Date.now() - 3 * hour - 60_000).toISOString(),
        overdue: true,
      }),
      buildPendingApproval(none, { created_at: daysAgo(1), due_at: null, overdue: false }),
    ]);
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(within(await card(soon.requisition_number)).getByText('Due in 2 days')).toBeInTheDocument();
    expect(within(await card(late.requisition_number)).getByText('Overdue by 3 hours')).toBeInTheDocument();
    expect(within(await card(none.requisition_number)).queryByText(/^(Due in|Overdue)/)).toBeNull();
  });

  it('asks for the overdue steps only when the Due filter says Overdue', async () => {
    const urls = serveQueue();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    expect(urls.at(-1)?.searchParams.has('overdue')).toBe(false);
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Due' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('overdue')).toBe('true'));
  });

  it('asks for pending steps by default and shows one card per step', async () => {
    const urls = serveQueue();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(urls[0]?.searchParams.get('status')).toBe('Pending');
    expect(urls[0]?.searchParams.get('limit')).toBe('12');
    expect(urls[0]?.searchParams.get('offset')).toBe('0');
  });

  it('shows the requisition, its level, requestor, amount, dates, category, cost centre and lines on a card', async () => {
    serveQueue();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const first = within(await card('REQ-2026-00011'));
    expect(first.getByText('Manager Approval')).toBeInTheDocument();
    expect(first.getByText('Uma Patel')).toBeInTheDocument();
    expect(first.getByText('$1,234.50')).toBeInTheDocument();
    expect(first.getByText('16 Nov 2026')).toBeInTheDocument();
    expect(first.getByText('Replacement monitors for the help desk')).toBeInTheDocument();
    expect(first.getByText('Maintenance')).toBeInTheDocument();
    expect(first.getByText('CC-200 - Information Technology')).toBeInTheDocument();
    expect(first.getByText('2')).toBeInTheDocument();

    const second = within(await card('REQ-2026-00012'));
    expect(second.getByText('Finance Manager Approval')).toBeInTheDocument();
    expect(second.getByText('Fiona Chen')).toBeInTheDocument();
    expect(second.getByText('EUR 30,000.00')).toBeInTheDocument();
    // In the base currency too, at the rate frozen at submission; an AUD card shows one amount.
    expect(second.getByText('$49,500.00')).toBeInTheDocument();
    expect(first.queryByText(/AUD$/)).not.toBeInTheDocument();
  });

  it.each([
    ['REQ-2026-00011', '1 day', 'green'],
    ['REQ-2026-00012', '4 days', 'yellow'],
    ['REQ-2026-00013', '9 days', 'red'],
  ])('colours the days-pending badge of %s (%s) %s', async (number, label, color) => {
    serveQueue();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const badge = within(await card(number)).getByText(label);
    expect(badge).toHaveAttribute('data-accent-color', color);
  });

  it('links View Details to the requisition and Review & Approve to its review', async () => {
    serveQueue();
    const { user, navigate } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const first = within(await card('REQ-2026-00011'));
    const id = buildRequisition(11).id;
    expect(first.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/requisitions/${id}`);
    const review = first.getByRole('link', { name: 'Review & Approve' });
    expect(review).toHaveAttribute('href', `/approvals/${id}`);
    expect(review).toHaveAccessibleDescription('REQ-2026-00011');
    await user.click(review);
    expect(navigate).toHaveBeenCalledWith(`/approvals/${id}`, undefined);
  });

  it('lists decided steps under Completed, with the action taken and when, and no review link', async () => {
    const urls = serveQueue();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    const decided = within(await card('REQ-2026-00014'));
    expect(urls.at(-1)?.searchParams.get('status')).toBe('Completed');
    expect(decided.getByText('You approved')).toBeInTheDocument();
    expect(decided.getByText(/22 Oct 2026/)).toBeInTheDocument();
    expect(decided.getByText('“Within budget.”')).toBeInTheDocument();
    expect(decided.getByRole('link', { name: 'View Details' })).toBeInTheDocument();
    expect(decided.queryByRole('link', { name: 'Review & Approve' })).not.toBeInTheDocument();
    // The title still counts what awaits approval.
    expect(screen.getByRole('heading', { name: 'Approval Queue 3 awaiting approval' })).toBeInTheDocument();
  });

  it("says on each completed card what the viewer decided, in the action's colour", async () => {
    const decided = (number: number, action: Schemas['ApprovalAction']) =>
      buildPendingApproval(buildRequisition(number, { status: 'under_review' }), {
        action,
        actioned_at: '2026-10-22T10:30:00.000Z',
        created_at: '2026-10-20T09:00:00.000Z',
      });
    serveQueue([
      decided(41, 'approve'),
      decided(42, 'reject'),
      decided(43, 'request_info'),
      decided(44, 'delegate'),
    ]);
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('heading', { name: 'No pending approvals' });
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    expect(within(await card('REQ-2026-00041')).getByText('You approved')).toHaveAttribute(
      'data-accent-color',
      'green',
    );
    expect(within(await card('REQ-2026-00042')).getByText('You rejected')).toHaveAttribute(
      'data-accent-color',
      'red',
    );
    expect(within(await card('REQ-2026-00043')).getByText('You requested info')).toBeInTheDocument();
    expect(within(await card('REQ-2026-00044')).getByText('You delegated')).toBeInTheDocument();
  });

  it('says in so many words that the count in the title is of what awaits approval, under Completed too', async () => {
    serveQueue();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const heading = await screen.findByRole('heading', { name: /^Approval Queue 3/, level: 1 });
    // Written out, not only read to screen readers: beside completed cards a bare '3' reads as theirs.
    expect(within(heading).getByText('3 awaiting approval')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    await card('REQ-2026-00014');
    expect(within(heading).getByText('3 awaiting approval')).toBeVisible();
  });

  it('sends each chosen approval level as a repeated level parameter', async () => {
    const urls = serveQueue();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Approval level' }));
    await user.click(await screen.findByRole('option', { name: 'Manager Approval' }));
    await user.click(screen.getByRole('option', { name: 'Finance Manager Approval' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.getAll('level')).toEqual(['1', '3']));
    expect(urls.at(-1)?.searchParams.get('status')).toBe('Pending');
  });

  it('sends the date range the reader types', async () => {
    const urls = serveQueue();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    // The date fields load their code when the panel first opens.
    await user.type(await screen.findByRole('textbox', { name: 'Date from' }), '2026-11-01{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Date to' }), '2026-11-30{Enter}');
    await waitFor(() => {
      expect(urls.at(-1)?.searchParams.get('date_from')).toBe('2026-11-01');
      expect(urls.at(-1)?.searchParams.get('date_to')).toBe('2026-11-30');
    });
  });

  it('searches on the server once typing has paused for 300 ms', async () => {
    const urls = serveQueue();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    const calls = urls.length;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByRole('searchbox', { name: 'Search approvals' });
    fireEvent.change(box, { target: { value: 'lic' } });
    fireEvent.change(box, { target: { value: 'licence' } });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(urls.slice(calls).some((url) => url.searchParams.has('search'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('search')).toBe('licence'));
    expect(urls.slice(calls).filter((url) => url.searchParams.has('search'))).toHaveLength(1);
    const list = await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1));
    expect(within(list).getByRole('heading', { name: 'REQ-2026-00012' })).toBeInTheDocument();
  });

  it('pages through a long queue with limit and offset', async () => {
    const items = Array.from({ length: 15 }, (_, index) =>
      buildPendingApproval(buildRequisition(20 + index, { status: 'under_review' }), {
        created_at: daysAgo(index),
      }),
    );
    const urls = serveQueue(items);
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    const pages = screen.getByRole('navigation', { name: 'Approval queue pages' });
    await user.click(within(pages).getByRole('button', { name: /page 2/i }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('offset')).toBe('12'));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
  });

  it('asks for another page from the cursor of the page on screen, beside its offset', async () => {
    const items = Array.from({ length: 30 }, (_, index) =>
      buildPendingApproval(buildRequisition(20 + index, { status: 'under_review' }), {
        created_at: daysAgo(index),
      }),
    );
    const urls = serveQueue(items);
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByText('Showing 1 to 12 of 30 results');
    expect(urls.some((url) => url.searchParams.has('cursor'))).toBe(false);
    const pages = screen.getByRole('navigation', { name: 'Approval queue pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 13 to 24 of 30 results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('offset')).toBe('12');
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(pageCursor(0));
  });

  it("reads a capped count as '10,000+' in the title and the pager", async () => {
    const requisition = buildRequisition(20, { status: 'under_review' });
    const step = buildPendingApproval(requisition, { created_at: daysAgo(1) });
    // 10,001 open steps: one more than the server counts.
    serveQueue(Array.from({ length: 10_001 }, (_, index) => ({ ...step, id: `${step.id}-${index}` })));
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(
      await screen.findByRole('heading', { name: 'Approval Queue 10,000+ awaiting approval', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 12 of 10,000+ results')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Approval queue pages' });
    expect(within(pages).getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('says the reader is all caught up when nothing awaits approval', async () => {
    serveQueue([]);
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'No pending approvals' })).toBeInTheDocument();
    expect(
      screen.getByText("You're all caught up! No requisitions are waiting for your approval."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approval Queue 0 awaiting approval' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Approval queue pages' })).not.toBeInTheDocument();
  });

  it('shows the load failure with a Retry that asks again', async () => {
    server.use(approvalQueueErrorHandler());
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load approval queue. Please try again.',
    );
    serveQueue();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'REQ-2026-00011' })).toBeInTheDocument();
  });

  it("shows the server's refusal to someone who may not approve", async () => {
    server.use(approvalQueueErrorHandler(403, 'You do not have permission to perform this action'));
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await screen.findByText('You do not have permission to perform this action')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows a spinner while the queue loads', async () => {
    server.use(approvalQueueLoadingHandler());
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await screen.findByRole('status', { name: 'Loading approvals' })).toBeInTheDocument();
  });

  it('asks to select an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization from the header to view your approval queue'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Approval Queue', level: 1 })).toBeInTheDocument();
  });

  it("reads each open step's budget position from the server: available, and after this one (red past it)", async () => {
    const [inBudget, over, ...rest] = queueItems();
    serveQueue([
      {
        ...inBudget!,
        budget_position: {
          fiscal_year: 2026,
          currency: 'AUD',
          available_amount: 5000,
          available_after_amount: 3765.5,
        },
      },
      {
        ...over!,
        budget_position: {
          fiscal_year: 2026,
          currency: 'AUD',
          available_amount: 1000,
          available_after_amount: -48500,
        },
      },
      ...rest,
    ]);
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await card('REQ-2026-00011')).toHaveTextContent(
      'Budget 2026: $5,000.00 available, $3,765.50 after this one',
    );
    expect(await card('REQ-2026-00012')).toHaveTextContent(
      'Budget 2026: $1,000.00 available, -$48,500.00 after this one',
    );
    expect(await card('REQ-2026-00013')).not.toHaveTextContent('Budget 2026');
  });
});
