import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { approvalQueueHandler, buildPendingApproval, buildRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { ApprovalQueueScreen } from './ApprovalQueueScreen';
import { type ApprovalQueueSearch, approvalQueueSearchSchema } from './approvalQueue.resource';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** Four open steps, oldest first: none due, due in 30 h, none due, due in 5 h. */
function items() {
  const step = (n: number, created: number, due: number | null) =>
    buildPendingApproval(buildRequisition(n, { status: 'under_review' }), {
      created_at: at(-created),
      due_at: due === null ? null : at(due),
      overdue: false,
    });
  return [step(41, 90, null), step(42, 80, 30), step(43, 70, null), step(44, 60, 5)];
}

function serve() {
  const urls: URL[] = [];
  server.use(approvalQueueHandler(items(), (url) => urls.push(url)));
  return urls;
}

const numbers = async () => {
  const list = await screen.findByRole('list', { name: 'Approvals awaiting your decision' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
};

/** The screen as the host mounts it: its state in a URL it reads back through the route's schema. */
function Routed({ initial, seen }: { initial: Record<string, unknown>; seen: ApprovalQueueSearch[] }) {
  const [search, setSearch] = useState(() => approvalQueueSearchSchema.parse(initial));
  return (
    <ApprovalQueueScreen
      search={search}
      onSearchChange={(next) => {
        seen.push(next);
        setSearch(approvalQueueSearchSchema.parse(next));
      }}
    />
  );
}

describe('the approval queue order', () => {
  it('is oldest first by default; Due soonest asks the server for sort=due and says so', async () => {
    const urls = serve();
    const { user } = renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    expect(await numbers()).toEqual(['REQ-2026-00041', 'REQ-2026-00042', 'REQ-2026-00043', 'REQ-2026-00044']);
    expect(urls.at(-1)?.searchParams.get('sort')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Oldest first' })).toBeChecked();
    expect(screen.getByText('Requisitions waiting for your decision, oldest first.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Due soonest' }));
    await waitFor(async () =>
      expect(await numbers()).toEqual([
        'REQ-2026-00044',
        'REQ-2026-00042',
        'REQ-2026-00041',
        'REQ-2026-00043',
      ]),
    );
    expect(urls.at(-1)?.searchParams.get('sort')).toBe('due');
    expect(
      screen.getByText('Requisitions waiting for your decision, soonest due first.'),
    ).toBeInTheDocument();
  });

  it('keeps the order in the URL, back to the first page, and reads it from there', async () => {
    const urls = serve();
    const seen: ApprovalQueueSearch[] = [];
    const { user } = renderScreen(<Routed initial={{ sort: 'due', level: '1' }} seen={seen} />, {
      signedIn: true,
    });
    expect(await numbers()).toEqual(['REQ-2026-00044', 'REQ-2026-00042', 'REQ-2026-00041', 'REQ-2026-00043']);
    expect(screen.getByRole('radio', { name: 'Due soonest' })).toBeChecked();
    // The list's own query (the title's count is a query of its own, unfiltered).
    const listed = () => urls.filter((url) => url.searchParams.get('level') === '1');
    expect(listed().at(-1)?.searchParams.get('sort')).toBe('due');

    await user.click(screen.getByRole('radio', { name: 'Oldest first' }));
    await waitFor(() => expect(seen.at(-1)).toEqual({ level: ['1'] }));
    await waitFor(() => expect(listed().at(-1)?.searchParams.get('sort')).toBeNull());
    expect(await numbers()).toEqual(['REQ-2026-00041', 'REQ-2026-00042', 'REQ-2026-00043', 'REQ-2026-00044']);
  });

  it('has no order choice under Completed, and does not send one', async () => {
    const urls = serve();
    const { user } = renderScreen(<Routed initial={{ sort: 'due' }} seen={[]} />, { signedIn: true });
    await numbers();
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('status')).toBe('Completed'));
    expect(urls.at(-1)?.searchParams.get('sort')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Due soonest' })).not.toBeInTheDocument();
  });

  it('drops an order it does not know from the URL instead of refusing the page', () => {
    expect(approvalQueueSearchSchema.parse({ sort: 'newest', page: '2' })).toEqual({ page: 2 });
    expect(approvalQueueSearchSchema.parse({ sort: 'due' })).toEqual({ sort: 'due' });
  });
});
