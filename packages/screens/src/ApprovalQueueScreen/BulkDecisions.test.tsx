import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http } from '../test/handlers';
import { renderScreen } from '../test/render';
import { approvalQueueHandler, buildPendingApproval, buildRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { ApprovalQueueScreen } from './ApprovalQueueScreen';

type BulkBody = { action: string; comments?: string | null; requisition_ids: string[] };

/** Three open steps; the server refuses `refused` (decided meanwhile) and decides the others. */
function serve(refused?: string) {
  const items: Schemas['PendingApproval'][] = [21, 22, 23].map((n) =>
    buildPendingApproval(buildRequisition(n, { status: 'under_review' })),
  );
  const bodies: BulkBody[] = [];
  server.use(
    approvalQueueHandler(items),
    http.post('/approvals/bulk', async ({ request, response }) => {
      const body = (await request.json()) as BulkBody;
      bodies.push(body);
      const results = body.requisition_ids.map((id) => {
        const item = items.find((candidate) => candidate.requisition.id === id);
        const number = item?.requisition.requisition_number ?? '';
        if (number === refused || !item)
          return {
            requisition_id: id,
            requisition_number: number,
            ok: false,
            status: null,
            error: {
              status: 409,
              code: 'CONFLICT' as const,
              message: 'This approval step has already been decided',
            },
          };
        item.action = body.action === 'approve' ? 'approve' : 'reject';
        const status = body.action === 'approve' ? ('approved' as const) : ('rejected' as const);
        return { requisition_id: id, requisition_number: number, ok: true, status, error: null };
      });
      return response(200).json({ results });
    }),
  );
  return { items, bodies };
}

const number = (n: number) => buildRequisition(n).requisition_number;

describe('bulk decisions in the approval queue', () => {
  it('approves the selected requisitions in one call; one refused stays selected and says why', async () => {
    const user = userEvent.setup();
    const { items, bodies } = serve(number(22));
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await user.click(await screen.findByRole('checkbox', { name: `Select ${number(21)}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${number(22)}` }));
    const bar = screen.getByRole('region', { name: 'Selected approvals' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 requisitions' });
    expect(dialog).toHaveTextContent(`${number(21)}, ${number(22)}`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), 'Within budget.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve selected' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        action: 'approve',
        comments: 'Within budget.',
        requisition_ids: [items[0]?.requisition.id, items[1]?.requisition.id],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: number(21) })).not.toBeInTheDocument());
    const refused = (await screen.findByRole('heading', { name: number(22) })).closest(
      'article',
    ) as HTMLElement;
    expect(within(refused).getByRole('status')).toHaveTextContent(
      'Not decided: This approval step has already been decided',
    );
    expect(within(refused).getByRole('checkbox')).toBeChecked();
    expect(screen.getByRole('region', { name: 'Selected approvals' })).toHaveTextContent('1 selected');
  });

  it('asks for a comment before rejecting, then rejects every selected requisition with it', async () => {
    const user = userEvent.setup();
    const { bodies } = serve();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await user.click(await screen.findByRole('checkbox', { name: `Select ${number(23)}` }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 requisition' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject selected' }));
    expect(within(dialog).getByText('A comment is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Use the preferred supplier.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject selected' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ action: 'reject', comments: 'Use the preferred supplier.' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: number(23) })).not.toBeInTheDocument());
  });

  it('moves with j/k, selects with x, approves with a and lists the shortcuts with ?', async () => {
    const user = userEvent.setup();
    serve();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('heading', { name: number(21) });
    const article = (n: number) => screen.getByRole('heading', { name: number(n) }).closest('article');

    await user.keyboard('j');
    expect(article(21)).toHaveFocus();
    await user.keyboard('jjk');
    expect(article(22)).toHaveFocus();
    await user.keyboard('x');
    expect(screen.getByRole('checkbox', { name: `Select ${number(22)}` })).toBeChecked();
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 requisition' });
    expect(dialog).toHaveTextContent(number(22));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Typing in the search box is text, not a shortcut.
    await user.type(screen.getByRole('searchbox', { name: 'Search approvals' }), 'jax');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Selected approvals' })).toHaveTextContent('1 selected');

    await user.click(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getAllByRole('row')).toHaveLength(8);
    expect(help).toHaveTextContent('Select or unselect the requisition');
  });

  it('requests information on the current requisition with i, by the single-item call', async () => {
    const user = userEvent.setup();
    const { items } = serve();
    const asked: { id: string; comments: string }[] = [];
    server.use(
      http.post('/approvals/{requisitionId}/request-info', async ({ params, request, response }) => {
        const body = (await request.json()) as { comments: string };
        asked.push({ id: String(params.requisitionId), comments: body.comments });
        const item = items.find((candidate) => candidate.requisition.id === params.requisitionId);
        if (item) item.action = 'request_info';
        return response(200).json({
          requisition: {
            ...buildRequisition(21, { status: 'info_requested' }),
            id: String(params.requisitionId),
          },
        } as never);
      }),
    );
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('heading', { name: number(21) });
    await user.keyboard('j');
    await user.keyboard('i');
    const dialog = await screen.findByRole('dialog', { name: `Request information on ${number(21)}` });
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Which model?');
    await user.click(within(dialog).getByRole('button', { name: 'Request Info' }));
    await waitFor(() => expect(asked).toEqual([{ id: items[0]?.requisition.id, comments: 'Which model?' }]));
  });

  it('offers no selection and no shortcuts on the Completed view', async () => {
    const user = userEvent.setup();
    serve();
    renderScreen(<ApprovalQueueScreen />, { signedIn: true });
    await screen.findByRole('checkbox', { name: `Select ${number(21)}` });
    await user.click(screen.getByRole('radio', { name: 'Completed' }));
    await screen.findByText('No completed approvals');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
