import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { buildRequisition, createRequisitionApi, defaultRequisitions } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { RequisitionDetailScreen } from './RequisitionDetailScreen';

type Requisition = Schemas['Requisition'];

const fixtures = defaultRequisitions();
const [draft, underReview, infoRequested, approved] = fixtures as [
  Requisition,
  Requisition,
  Requisition,
  Requisition,
];

interface SetupOptions {
  /** Sign in as the requestor of the fixtures (Uma Patel) instead of the approver (Alex Morgan). */
  asRequestor?: boolean;
  /** The requisitions the API holds. */
  requisitions?: Requisition[];
  /** Handlers that win over the API's. */
  overrides?: Parameters<typeof server.use>;
}

function setup(requisitionId: string, { asRequestor, requisitions, overrides = [] }: SetupOptions = {}) {
  const api = createRequisitionApi(requisitions);
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...(asRequestor ? [meHandler(plainUser)] : []), ...overrides);
  const rendered = renderScreen(<RequisitionDetailScreen requisitionId={requisitionId} />, {
    signedIn: true,
  });
  return { ...rendered, api };
}

async function heading(number: string) {
  return screen.findByRole('heading', { level: 1, name: number });
}

function actions() {
  return ['Edit', 'Submit', 'Resubmit', 'Delete', 'Review'].filter(
    (name) => screen.queryByRole('button', { name }) ?? screen.queryByRole('link', { name }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RequisitionDetailScreen', () => {
  it('shows the breadcrumb, number, status and created date', async () => {
    setup(draft.id);
    await heading('REQ-2026-00001');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Requisitions' })).toHaveAttribute(
      'href',
      '/requisitions',
    );
    expect(within(trail).getByText('REQ-2026-00001')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Created 14 Nov 2026 by Uma Patel')).toBeInTheDocument();
  });

  it('shows the details panels, with the cost centre as code - name and a missing delivery date as Not specified', async () => {
    setup(draft.id, {
      requisitions: [buildRequisition(1, { delivery_date: null, notes: 'Leave at reception' })],
    });
    await heading('REQ-2026-00001');
    const details = screen.getByRole('region', { name: 'Requisition Details' });
    expect(details).toHaveTextContent('Uma Patel');
    expect(details).toHaveTextContent('user@acme.test');
    expect(details).toHaveTextContent('CC-200 - Information Technology');
    expect(details).toHaveTextContent('6400 - IT Equipment');
    expect(details).toHaveTextContent('Standard');
    expect(details).toHaveTextContent('$4,500.00');
    expect(details).toHaveTextContent('Not specified');
    expect(details).toHaveTextContent('Laptops for the two new analysts');
    expect(details).toHaveTextContent('1 Market Street, Sydney NSW 2000');
    expect(details).toHaveTextContent('Leave at reception');
  });

  it("lists the line items with quantity and unit, and the server's total in the footer", async () => {
    const requisition = buildRequisition(1, { total_amount: 4510.55, currency: 'EUR' });
    setup(draft.id, { requisitions: [requisition] });
    await heading('REQ-2026-00001');
    const table = screen.getByRole('table', { name: 'Line items' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('14-inch business laptop');
    expect(rows[1]).toHaveTextContent('LAP-14');
    expect(rows[1]).toHaveTextContent('Silver if possible');
    expect(rows[1]).toHaveTextContent('2 each');
    expect(rows[1]).toHaveTextContent('EUR 2,199.00');
    expect(rows[1]).toHaveTextContent('EUR 4,398.00');
    // The footer is the server's total, not a sum made here.
    expect(rows.at(-1)).toHaveTextContent('TotalEUR 4,510.55');
  });

  it('shows the total in the base currency at the rate frozen at submission when the currencies differ', async () => {
    const requisition = buildRequisition(1, {
      status: 'under_review',
      submitted_at: '2026-11-16T09:00:00.000Z',
      total_amount: 20_000.01,
      currency: 'EUR',
      exchange_rate: 1.5,
      base_total_amount: 30_000.02,
    });
    setup(draft.id, { requisitions: [requisition] });
    await heading('REQ-2026-00001');
    const details = screen.getByRole('region', { name: 'Requisition Details' });
    expect(details).toHaveTextContent('EUR 20,000.01');
    expect(details).toHaveTextContent('$30,000.02 at 1 EUR = 1.5 AUD, the rate when submitted');
  });

  it('shows no base amount for a requisition in the base currency', async () => {
    setup(underReview.id);
    await heading('REQ-2026-00002');
    expect(screen.queryByText(/the rate when submitted/)).toBeNull();
  });

  it('shows created, submitted and approved dates in Quick Info, with a dash when there is none', async () => {
    setup(underReview.id);
    await heading('REQ-2026-00002');
    const info = screen.getByRole('region', { name: 'Quick Info' });
    expect(info).toHaveTextContent('Created14 Nov 2026');
    expect(info).toHaveTextContent('Submitted16 Nov 2026');
    expect(info).toHaveTextContent('Approved—');
    expect(info).toHaveTextContent('Line Items2');
  });

  it('shows the approval workflow timeline', async () => {
    setup(approved.id);
    await heading('REQ-2026-00004');
    const workflow = screen.getByRole('region', { name: 'Approval Workflow' });
    expect(within(workflow).getAllByRole('listitem')).toHaveLength(4);
    expect(workflow).toHaveTextContent('Finance Manager Approval');
    expect(workflow).toHaveTextContent('“Within budget.”');
  });

  describe('actions', () => {
    it('offers the requestor Edit, Submit and Delete on a draft, and no Review', async () => {
      setup(draft.id, { asRequestor: true });
      await heading('REQ-2026-00001');
      await waitFor(() => expect(actions()).toEqual(['Edit', 'Submit', 'Delete']));
      expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/requisitions/${draft.id}/edit`,
      );
      expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    });

    it('labels Submit as Resubmit when information was requested', async () => {
      setup(infoRequested.id, { asRequestor: true });
      await heading('REQ-2026-00003');
      await waitFor(() => expect(actions()).toEqual(['Edit', 'Resubmit', 'Delete']));
    });

    it('offers nobody else Edit, Submit or Delete', async () => {
      setup(draft.id);
      await heading('REQ-2026-00001');
      expect(actions()).toEqual([]);
      expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    });

    it('offers the requestor no changes while under review', async () => {
      setup(underReview.id, { asRequestor: true });
      await heading(underReview.requisition_number);
      expect(actions()).toEqual([]);
    });

    it('offers the requestor Edit alone on an approved requisition without an order', async () => {
      setup(approved.id, { asRequestor: true });
      await heading(approved.requisition_number);
      await waitFor(() => expect(actions()).toEqual(['Edit']));
      expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/requisitions/${approved.id}/edit`,
      );
    });

    it('offers nobody else Edit on an approved requisition, nor the requestor once it is ordered', async () => {
      setup(approved.id);
      await heading(approved.requisition_number);
      expect(actions()).toEqual([]);
    });

    it('shows each change after approval before → after in the workflow', async () => {
      setup(approved.id, {
        requisitions: [
          buildRequisition(4, {
            status: 'under_review',
            changes_after_approval: [
              {
                at: '2026-11-27T10:00:00.000Z',
                actor: approved.requestor,
                outcome: 'reapproval',
                reason: 'The total rose: sent back for approval.',
                restart_level: 2,
                changes: [
                  { label: 'Total', before: '1000.00', after: '6000.00' },
                  { label: 'Line 1 quantity', before: '9', after: '59' },
                ],
              },
            ],
          }),
        ],
      });
      await heading(approved.requisition_number);
      const workflow = screen.getByRole('region', { name: 'Approval Workflow' });
      expect(within(workflow).getByRole('heading', { name: 'Changes after approval' })).toBeInTheDocument();
      expect(workflow).toHaveTextContent('Back for approval from level 2');
      expect(workflow).toHaveTextContent('The total rose: sent back for approval.');
      expect(workflow).toHaveTextContent('Total$1,000.00 → $6,000.00');
      expect(workflow).toHaveTextContent('Line 1 quantity9 → 59');
    });

    it('prints the page with Print', async () => {
      const print = vi.spyOn(window, 'print').mockImplementation(() => {});
      const { user } = setup(approved.id);
      await heading('REQ-2026-00004');
      await user.click(screen.getByRole('button', { name: 'Print' }));
      expect(print).toHaveBeenCalledOnce();
    });
  });

  describe('information requested', () => {
    it("shows the approver's request in the banner, with Update Requisition for the requestor", async () => {
      setup(infoRequested.id, { asRequestor: true });
      await heading('REQ-2026-00003');
      const banner = screen.getByRole('status', { name: 'Additional information requested' });
      expect(banner).toHaveTextContent('“Please attach the supplier quote.”');
      expect(within(banner).getByRole('link', { name: 'Update Requisition' })).toHaveAttribute(
        'href',
        `/requisitions/${infoRequested.id}/edit`,
      );
    });

    it('shows the general message without a request comment, and no Update Requisition for others', async () => {
      const requisition = buildRequisition(3, {
        status: 'info_requested',
        approval_workflow: [],
      });
      setup(requisition.id, { requisitions: [requisition] });
      await heading('REQ-2026-00003');
      expect(
        screen.getByText('An approver has requested additional information for this requisition.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Update Requisition' })).not.toBeInTheDocument();
    });

    it('quotes the latest request when there were several', async () => {
      const base = infoRequested.approval_workflow[0] as Schemas['ApprovalStep'];
      const requisition = buildRequisition(3, {
        status: 'info_requested',
        approval_workflow: [
          { ...base, comments: 'The first question', actioned_at: '2026-11-11T10:30:00.000Z' },
          {
            ...base,
            id: '00000000-0000-4000-8000-000000009998',
            approval_level: 2,
            comments: 'The newer question',
            actioned_at: '2026-11-13T10:30:00.000Z',
          },
        ],
      });
      setup(requisition.id, { requisitions: [requisition] });
      await heading('REQ-2026-00003');
      const banner = screen.getByRole('status', { name: 'Additional information requested' });
      expect(banner).toHaveTextContent('“The newer question”');
      expect(banner).not.toHaveTextContent('The first question');
    });
  });

  describe('review', () => {
    it('offers Review only while under review, and closes and refreshes after a decision', async () => {
      const { user } = setup(underReview.id);
      await heading('REQ-2026-00002');
      await user.click(screen.getByRole('button', { name: 'Review' }));
      const dialog = await screen.findByRole('dialog', { name: 'Review REQ-2026-00002' });
      await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Approve' })).toBeEnabled());
      await user.click(within(dialog).getByRole('radio', { name: 'Approve' }));
      await user.click(within(dialog).getByRole('button', { name: 'Approve Requisition' }));
      expect(await screen.findByText('Approval action completed successfully')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The refreshed requisition is the server's: approved, so Review is gone.
      expect(await screen.findByText('Approved', { selector: '[data-status]' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    });

    it.each([
      ['draft', draft],
      ['info_requested', infoRequested],
      ['approved', approved],
    ])('offers no Review on a %s requisition', async (_status, requisition) => {
      setup(requisition.id);
      await heading(requisition.requisition_number);
      expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    });

    it('offers the requestor no Review of their own requisition', async () => {
      setup(underReview.id, { asRequestor: true });
      await heading('REQ-2026-00002');
      expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
    });
  });

  describe('submit', () => {
    it('submits and shows the new status', async () => {
      const { user, api } = setup(draft.id, { asRequestor: true });
      await heading('REQ-2026-00001');
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Requisition submitted successfully')).toBeInTheDocument();
      expect(api.requisitions[0]?.status).toBe('under_review');
      expect(await screen.findByText('Under Review', { selector: '[data-status]' })).toBeInTheDocument();
    });

    it("shows the server's message when the submission is refused", async () => {
      const { user } = setup(draft.id, {
        asRequestor: true,
        overrides: [
          http.post('/requisitions/{id}/submit', ({ response }) =>
            response(409).json({
              message: 'Only draft or info_requested requisitions can be submitted',
              code: 'CONFLICT',
              details: [],
            }),
          ),
        ],
      });
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      expect(
        await screen.findByText('Only draft or info_requested requisitions can be submitted'),
      ).toBeInTheDocument();
    });

    it("says 'Failed to submit requisition' when the server gives no message", async () => {
      const { user } = setup(draft.id, {
        asRequestor: true,
        overrides: [http.post('/requisitions/{id}/submit', () => new Response(null, { status: 503 }))],
      });
      await user.click(await screen.findByRole('button', { name: 'Submit' }));
      expect(await screen.findByText('Failed to submit requisition')).toBeInTheDocument();
    });
  });

  describe('delete', () => {
    it('asks for confirmation, deletes, and goes to the list', async () => {
      const { user, api, navigate } = setup(draft.id, { asRequestor: true });
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Requisition' });
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete requisition REQ-2026-00001? This action cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Requisition deleted successfully')).toBeInTheDocument();
      expect(navigate).toHaveBeenCalledWith('/requisitions');
      expect(api.requisitions.some((r) => r.id === draft.id)).toBe(false);
    });

    it('keeps the requisition when the confirmation is cancelled', async () => {
      const { user, api, navigate } = setup(draft.id, { asRequestor: true });
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Requisition' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(navigate).not.toHaveBeenCalled();
      expect(api.requisitions.some((r) => r.id === draft.id)).toBe(true);
    });

    it("says 'Failed to delete requisition' when the deletion fails without a message", async () => {
      const { user, navigate } = setup(draft.id, {
        asRequestor: true,
        overrides: [http.delete('/requisitions/{id}', () => new Response(null, { status: 500 }))],
      });
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Requisition' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete requisition')).toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalled();
    });
  });

  describe('attachments', () => {
    it('lists each file with its size in KB', async () => {
      setup(underReview.id);
      await heading('REQ-2026-00002');
      const list = screen.getByRole('list', { name: 'Attachments' });
      expect(list).toHaveTextContent('quote.pdf');
      expect(list).toHaveTextContent('47.08 KB');
    });

    it('downloads a file through the signed link of GET /attachments/{id}', async () => {
      const requested: string[] = [];
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      const { user } = setup(underReview.id, {
        overrides: [
          http.get('/attachments/{id}', ({ params, response }) => {
            requested.push(params.id);
            return response(200).json({
              url: `http://localhost/api/attachments/${params.id}/download?expires=1900000000&signature=abc`,
              expires_at: '2030-01-01T00:00:00.000Z',
            });
          }),
        ],
      });
      await user.click(await screen.findByRole('button', { name: 'Download quote.pdf' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      const attachmentId = underReview.attachments[0]?.id;
      expect(requested).toEqual([attachmentId]);
      expect(clicks[0]?.href).toBe(
        `http://localhost/api/attachments/${attachmentId}/download?expires=1900000000&signature=abc`,
      );
      expect(clicks[0]?.download).toBe('quote.pdf');
    });

    it('only logs a failed download', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = setup(underReview.id, {
        overrides: [
          http.get('/attachments/{id}', ({ response }) =>
            response(404).json({ message: 'Attachment not found', code: 'NOT_FOUND', details: [] }),
          ),
        ],
      });
      const button = await screen.findByRole('button', { name: 'Download quote.pdf' });
      await user.click(button);
      await waitFor(() => expect(logged).toHaveBeenCalled());
      expect(screen.queryByText('Attachment not found')).not.toBeInTheDocument();
      await waitFor(() => expect(button).toBeEnabled());
    });
  });

  describe('load states', () => {
    it("shows 'Failed to load requisition details.' with a Retry that loads again", async () => {
      const failing = http.get('/requisitions/{id}', ({ response }) =>
        response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] }),
      );
      const { user } = setup(draft.id, { overrides: [failing] });
      expect(await screen.findByText('Failed to load requisition details.')).toBeInTheDocument();
      server.resetHandlers();
      server.use(...createRequisitionApi().handlers);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await heading('REQ-2026-00001')).toBeInTheDocument();
    });

    it('shows a not-found state with a link back to the list', async () => {
      const { user, navigate } = setup('00000000-0000-4000-8000-000000009999');
      expect(await screen.findByRole('heading', { name: 'Requisition not found' })).toBeInTheDocument();
      const back = screen.getByRole('link', { name: 'Back to Requisitions' });
      expect(back).toHaveAttribute('href', '/requisitions');
      await user.click(back);
      expect(navigate).toHaveBeenCalledWith('/requisitions', undefined);
    });

    it('reads a malformed id in the address (400) as not found, asked once, with no Retry', async () => {
      let calls = 0;
      const malformed = http.get('/requisitions/{id}', ({ response }) => {
        calls += 1;
        return response(400).json({
          message: 'id must be a valid uuid',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'id', message: 'id must be a valid uuid' }],
        });
      });
      setup('not-a-uuid', { overrides: [malformed] });
      expect(await screen.findByRole('heading', { name: 'Requisition not found' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(calls).toBe(1);
    });

    it('shows a spinner while the requisition loads', async () => {
      setup(draft.id);
      expect(await screen.findByRole('status', { name: 'Loading requisition' })).toBeInTheDocument();
      await heading('REQ-2026-00001');
    });
  });
});
