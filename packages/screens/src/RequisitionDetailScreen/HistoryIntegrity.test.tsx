import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalReviewScreen } from '../ApprovalReviewScreen';
import { http } from '../test/handlers';
import { historyVerificationHandler } from '../test/historyHandlers';
import { renderScreen } from '../test/render';
import { buildRequisition, createRequisitionApi } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { RequisitionDetailScreen } from './RequisitionDetailScreen';

const requisition = buildRequisition(2, { status: 'under_review' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the history badge and exports (tamper-evident history)', () => {
  it('says the history is verified, with a description of what was checked', async () => {
    server.use(...createRequisitionApi([requisition]).handlers);
    renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, { signedIn: true });

    const badge = await screen.findByRole('status', { name: /History verified/ });
    expect(badge).toHaveAccessibleDescription(
      "All 3 entries of this requisition's history match the tamper-evident record.",
    );
  });

  it('says the history is altered and names the first entry that fails', async () => {
    server.use(
      historyVerificationHandler({ intact: false, checked: 1, first_broken_sequence: 5 }),
      ...createRequisitionApi([requisition]).handlers,
    );
    renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, { signedIn: true });

    const badge = await screen.findByRole('status', { name: /History altered/ });
    expect(badge).toHaveAccessibleDescription(/^Entry 5 of the organization's history no longer matches/);
    expect(screen.queryByRole('status', { name: /History verified/ })).not.toBeInTheDocument();
  });

  it('shows the badge on the approval review too', async () => {
    server.use(...createRequisitionApi([requisition]).handlers);
    renderScreen(<ApprovalReviewScreen requisitionId={requisition.id} />, { signedIn: true });

    expect(await screen.findByRole('status', { name: /History verified/ })).toBeInTheDocument();
  });

  it('downloads the history as CSV and PDF under the requisition number', async () => {
    server.use(...createRequisitionApi([requisition]).handlers);
    const created = vi.fn((_blob: Blob) => 'blob:history');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Export history (CSV)' }));
    await waitFor(() => expect(names).toEqual([`${requisition.requisition_number}-history.csv`]));
    expect(await created.mock.calls[0]![0].text()).toMatch(/^sequence,at,action,/);
    await user.click(screen.getByRole('button', { name: 'Export history (PDF)' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[1]).toBe(`${requisition.requisition_number}-history.pdf`);
  });

  it('toasts when an export fails', async () => {
    server.use(
      http.get('/requisitions/{id}/history/export', ({ response }) =>
        response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] }),
      ),
      ...createRequisitionApi([requisition]).handlers,
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderScreen(<RequisitionDetailScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });

    await user.click(await screen.findByRole('button', { name: 'Export history (CSV)' }));
    expect(await screen.findByText('Failed to export history')).toBeInTheDocument();
  });
});
