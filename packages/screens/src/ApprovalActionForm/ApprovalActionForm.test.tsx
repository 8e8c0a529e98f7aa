import { requisitionKeys, type Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { acme, http } from '../test/handlers';
import { renderScreen } from '../test/render';
import { buildRequisition, createRequisitionApi, financeRef } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { ApprovalActionForm, type ApprovalActionName, submitApprovalAction } from './ApprovalActionForm';

/** Renders the form for the fixture at `index` (1: under review with the user's open step). */
function setup(index = 1, overrides: Parameters<typeof server.use> = []) {
  const api = createRequisitionApi();
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...overrides);
  const requisition = api.requisitions[index] as Schemas['Requisition'];
  const onDone = vi.fn<(action: ApprovalActionName) => void>();
  const rendered = renderScreen(<ApprovalActionForm requisition={requisition} onDone={onDone} />, {
    signedIn: true,
  });
  return { ...rendered, api, requisition, onDone };
}

/** Waits until the server has said whether the user has an open step. */
async function ready() {
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Approve' })).toBeEnabled());
}

/** A handler of `path` that records the request bodies. */
function captureBody(path: '/approvals/{requisitionId}/approve' | '/approvals/{requisitionId}/delegate') {
  const bodies: unknown[] = [];
  const handler = http.post(path, async ({ request, response }) => {
    bodies.push(await request.json());
    return response(200).json({ requisition: buildRequisition(2, { status: 'approved' }) });
  });
  return { bodies, handler };
}

describe('ApprovalActionForm', () => {
  it('offers the four actions and approves with an optional comment', async () => {
    const { user, onDone, api } = setup();
    await ready();
    for (const name of ['Approve', 'Reject', 'Request Info', 'Delegate']) {
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    const submit = screen.getByRole('button', { name: 'Approve Requisition' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Approval action completed successfully')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith('approve');
    expect(api.requisitions[1]?.status).toBe('approved');
  });

  it('takes the decided step out of the cached queue before handing over (the queue shown next is right at once)', async () => {
    const { user, onDone, requisition, queryClient } = setup();
    const other = buildRequisition(3);
    const queueKey = requisitionKeys.pendingApprovals(acme.id, { status: 'Pending' });
    const step = (r: { id: string }) => ({ id: `step-${r.id}`, requisition: r });
    queryClient.setQueryData(queueKey, {
      pending_approvals: [step(requisition), step(other)],
      pagination: { limit: 10, offset: 0, total: 2 },
    });
    const queueWhenDone: unknown[] = [];
    onDone.mockImplementation(() => queueWhenDone.push(queryClient.getQueryData(queueKey)));
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve Requisition' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('approve'));
    expect(queueWhenDone).toEqual([
      { pending_approvals: [step(other)], pagination: { limit: 10, offset: 0, total: 1 } },
    ]);
  });

  it('sends the approval with its comments', async () => {
    const { bodies, handler } = captureBody('/approvals/{requisitionId}/approve');
    const { user, onDone } = setup(1, [handler]);
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), '  Within budget.  ');
    await user.click(screen.getByRole('button', { name: 'Approve Requisition' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('approve'));
    expect(bodies).toEqual([{ action: 'approve', comments: 'Within budget.' }]);
  });

  it.each([
    ['Reject', 'Reject Requisition', 'reject'],
    ['Request Info', 'Request Information', 'request_info'],
  ] as const)(
    'requires comments to %s: the submit button stays disabled while they are blank',
    async (radio, button, action) => {
      const { user, onDone } = setup();
      await ready();
      await user.click(screen.getByRole('radio', { name: radio }));
      const submit = screen.getByRole('button', { name: button });
      const comments = screen.getByRole('textbox', { name: 'Comments' });
      expect(comments).toBeRequired();
      expect(submit).toBeDisabled();
      await user.type(comments, '   ');
      expect(submit).toBeDisabled();
      await user.type(comments, 'Please attach the quote.');
      expect(submit).toBeEnabled();
      await user.click(submit);
      await waitFor(() => expect(onDone).toHaveBeenCalledWith(action));
    },
  );

  it('requires a chosen delegate and sends it with the delegation', async () => {
    const { bodies, handler } = captureBody('/approvals/{requisitionId}/delegate');
    const { user, onDone } = setup(1, [handler]);
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Delegate' }));
    const submit = screen.getByRole('button', { name: 'Delegate Approval' });
    expect(submit).toBeDisabled();
    const picker = screen.getByRole('combobox', { name: /Delegate to/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: 'Fiona Chen (finance@acme.test)' }),
    );
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('delegate'));
    expect(bodies).toEqual([{ action: 'delegate', comments: null, delegate_to_user_id: financeRef.id }]);
  });

  it('says so and disables every control when the user has no open step', async () => {
    setup(0);
    expect(
      await screen.findByText("You don't have a pending approval for this requisition."),
    ).toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Request Info', 'Delegate']) {
      expect(screen.getByRole('radio', { name })).toBeDisabled();
    }
    expect(screen.getByRole('textbox', { name: 'Comments' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit Decision' })).toBeDisabled();
  });

  it('treats a refused queue (no approval permission) as no open step', async () => {
    setup(1, [
      http.get('/approvals/pending', ({ response }) =>
        response(403).json({ message: 'Forbidden', code: 'FORBIDDEN', details: [] }),
      ),
    ]);
    expect(
      await screen.findByText("You don't have a pending approval for this requisition."),
    ).toBeInTheDocument();
  });

  it("shows the server's message when someone else decided the step meanwhile (409)", async () => {
    const { user, onDone } = setup();
    server.use(
      http.post('/approvals/{requisitionId}/approve', ({ response }) =>
        response(409).json({
          message: 'This approval step has already been decided',
          code: 'CONFLICT',
          details: [],
        }),
      ),
    );
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve Requisition' }));
    expect(await screen.findByText('This approval step has already been decided')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to process approval' when the server gives no message", async () => {
    const { user } = setup();
    server.use(
      http.post(
        '/approvals/{requisitionId}/reject',
        () => new Response(null, { status: 502, statusText: '' }),
      ),
    );
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: 'Comments' }), 'Over budget');
    await user.click(screen.getByRole('button', { name: 'Reject Requisition' }));
    expect(await screen.findByText('Failed to process approval')).toBeInTheDocument();
  });

  it('calls onCancel from its Cancel button', async () => {
    const api = createRequisitionApi();
    server.use(...api.handlers);
    const onCancel = vi.fn();
    const { user } = renderScreen(
      <ApprovalActionForm requisition={api.requisitions[1] as Schemas['Requisition']} onCancel={onCancel} />,
      { signedIn: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('submitApprovalAction', () => {
  it("throws 'Invalid approval action' for an unknown action", () => {
    const { client } = { client: {} as Parameters<typeof submitApprovalAction>[0] };
    expect(() =>
      submitApprovalAction(client, 'org', 'req', { action: 'escalate' as ApprovalActionName, comments: '' }),
    ).toThrow('Invalid approval action');
  });
});
