import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, organizationsHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import {
  approverRef,
  buildRequisition,
  costCenters,
  createRequisitionApi,
  requisitionListErrorHandler,
  requisitionListLoadingHandler,
} from '../test/requisitionHandlers';
import { buildRequisitionList, requisitionListHandler } from '../test/requisitionListHandlers';
import { server } from '../test/server';
import { asPhone } from '../test/viewport';
import { RequisitionListScreen, type RequisitionListSearchChangeOptions } from './RequisitionListScreen';
import type { RequisitionListSearch } from './searchParams';

type Requisition = Schemas['Requisition'];

/** Serves `requisitions` through the in-memory API and records the URL of every list call. */
function serve(requisitions: Requisition[]) {
  const api = createRequisitionApi(requisitions);
  const urls: URL[] = [];
  server.use(
    requisitionListHandler(api.requisitions, (url) => urls.push(url)),
    ...api.handlers,
  );
  return { api, urls };
}

type OnSearchChange = (next: RequisitionListSearch, options?: RequisitionListSearchChangeOptions) => void;

/** Holds the URL state like a host router would, and reports every change. */
function Harness({ initial = {}, onChange }: { initial?: RequisitionListSearch; onChange?: OnSearchChange }) {
  const [search, setSearch] = useState(initial);
  return (
    <RequisitionListScreen
      search={search}
      onSearchChange={(next, options) => {
        onChange?.(next, options);
        setSearch(next);
      }}
    />
  );
}

function renderList(initial: RequisitionListSearch = {}) {
  const onChange = vi.fn<OnSearchChange>();
  const rendered = renderScreen(<Harness initial={initial} onChange={onChange} />, { signedIn: true });
  return { ...rendered, onChange };
}

function rowOf(number: string) {
  const header = screen.getByRole('rowheader', { name: new RegExp(number) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${number}`);
  return row;
}

const lastUrl = (urls: URL[]) => urls[urls.length - 1];

describe('RequisitionListScreen', () => {
  it('shows each requisition with its justification, requestor, category, amount, status and date', async () => {
    serve([
      buildRequisition(7, {
        status: 'under_review',
        category: 'maintenance',
        total_amount: 12_345.5,
        currency: 'EUR',
        exchange_rate: 1.65,
        base_total_amount: 20_370.08,
        justification: 'Replace the worn conveyor belt',
        created_at: '2026-11-14T09:00:00.000Z',
      }),
    ]);
    renderList();
    const link = await screen.findByRole('link', { name: 'REQ-2026-00007' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/requisitions\/.+/));
    const row = rowOf('REQ-2026-00007');
    expect(within(row).getByText('Replace the worn conveyor belt')).toBeInTheDocument();
    expect(within(row).getByText('Uma Patel')).toBeInTheDocument();
    expect(within(row).getByText('user@acme.test')).toBeInTheDocument();
    expect(within(row).getByText('Maintenance')).toBeInTheDocument();
    expect(within(row).getByText('EUR 12,345.50')).toBeInTheDocument();
    // Its amount in the base currency, at the rate frozen when it was submitted.
    expect(within(row).getByText('$20,370.08')).toBeInTheDocument();
    expect(within(row).getByText('Under Review')).toBeInTheDocument();
    expect(within(row).getByText('14 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requisitions 1 in total' })).toBeInTheDocument();
  });

  it('shows each requisition as a card on a phone: number, status, amount and base amount, requestor, date, actions', async () => {
    const phone = asPhone();
    try {
      serve([
        buildRequisition(7, {
          status: 'draft',
          requestor: approverRef,
          total_amount: 12_345.5,
          currency: 'EUR',
          exchange_rate: 1.65,
          base_total_amount: 20_370.08,
          justification: 'Replace the worn conveyor belt',
          created_at: '2026-11-14T09:00:00.000Z',
        }),
      ]);
      renderList();
      const card = await screen.findByRole('article', { name: 'REQ-2026-00007' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'REQ-2026-00007' })).toBeInTheDocument();
      expect(within(card).getByText('Replace the worn conveyor belt')).toBeInTheDocument();
      expect(within(card).getByText('Draft')).toBeInTheDocument();
      expect(within(card).getByText('EUR 12,345.50')).toBeInTheDocument();
      expect(within(card).getByText('$20,370.08')).toBeInTheDocument();
      expect(within(card).getByText('Requestor')).toBeInTheDocument();
      expect(within(card).getByText('Alex Morgan')).toBeInTheDocument();
      expect(within(card).getByText('14 Nov 2026')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'View REQ-2026-00007' })).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Edit REQ-2026-00007' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Delete REQ-2026-00007' })).toBeInTheDocument();
    } finally {
      phone.restore();
    }
  });

  it('opens the detail page from the requisition number', async () => {
    serve([buildRequisition(1)]);
    const { user, navigate } = renderList();
    await user.click(await screen.findByRole('link', { name: 'REQ-2026-00001' }));
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/requisitions\/[\w-]+$/), undefined);
  });

  it('asks for the page and the filters of the URL state, repeating the key of each list value', async () => {
    const { urls } = serve(buildRequisitionList(3));
    renderList({
      search: 'laptop',
      status: ['draft', 'approved'],
      category: ['capital'],
      cost_center_id: [costCenters[0]!.id, costCenters[1]!.id],
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      page: 3,
    });
    await waitFor(() => expect(urls.length).toBeGreaterThan(0));
    const first = urls[0]!;
    expect(first.searchParams.getAll('status')).toEqual(['draft', 'approved']);
    expect(first.search).toContain('status=draft&status=approved');
    expect(first.searchParams.getAll('category')).toEqual(['capital']);
    expect(first.searchParams.getAll('cost_center_id')).toEqual([costCenters[0]!.id, costCenters[1]!.id]);
    expect(first.searchParams.get('search')).toBe('laptop');
    expect(first.searchParams.get('date_from')).toBe('2026-10-01');
    expect(first.searchParams.get('date_to')).toBe('2026-10-31');
    expect(first.searchParams.get('limit')).toBe('10');
    expect(first.searchParams.get('offset')).toBe('20');
  });

  it('writes a chosen filter to the URL state, back on page 1, and asks the server for it', async () => {
    const { urls } = serve(buildRequisitionList(25));
    const { user, onChange } = renderList({ page: 2 });
    await screen.findByRole('link', { name: 'REQ-2026-00015' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['approved'] }, undefined);
    await user.click(screen.getByRole('option', { name: 'Draft' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['draft', 'approved'] }, undefined);
    await waitFor(() => expect(lastUrl(urls)?.search).toContain('status=draft&status=approved'));
    expect(lastUrl(urls)?.searchParams.get('offset')).toBe('0');
  });

  it('offers cost centers as code and name and clears every filter with Clear All', async () => {
    serve(buildRequisitionList(10));
    const { user, onChange } = renderList({ status: ['draft'], search: 'REQ' });
    await screen.findByRole('link', { name: 'REQ-2026-00008' });
    // The panel starts open when the URL carries filters.
    await user.click(screen.getByRole('combobox', { name: 'Cost center' }));
    await user.click(await screen.findByRole('option', { name: 'CC-100 - Operations' }));
    expect(onChange).toHaveBeenLastCalledWith(
      { search: 'REQ', status: ['draft'], cost_center_id: [costCenters[0]!.id] },
      undefined,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onChange).toHaveBeenLastCalledWith({ search: 'REQ' }, undefined);
  });

  it('writes the search text to the URL state once typing pauses, replacing the history entry', async () => {
    const { urls } = serve(buildRequisitionList(12));
    const { user, onChange } = renderList({ page: 2 });
    await screen.findByRole('link', { name: 'REQ-2026-00002' });
    await user.type(screen.getByRole('searchbox', { name: 'Search requisitions' }), 'conveyor');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith({ search: 'conveyor' }, { replace: true });
    await waitFor(() => expect(lastUrl(urls)?.searchParams.get('search')).toBe('conveyor'));
  });

  it('offers edit and delete only to the requestor of a draft or info-requested requisition', async () => {
    serve([
      buildRequisition(1, { status: 'draft', requestor: approverRef }),
      buildRequisition(2, { status: 'info_requested', requestor: approverRef }),
      buildRequisition(3, { status: 'under_review', requestor: approverRef }),
      buildRequisition(4, { status: 'draft' }),
    ]);
    renderList();
    await screen.findByRole('link', { name: 'REQ-2026-00001' });
    for (const number of ['REQ-2026-00001', 'REQ-2026-00002']) {
      const row = rowOf(number);
      expect(within(row).getByRole('link', { name: `View ${number}` })).toBeInTheDocument();
      expect(within(row).getByRole('link', { name: `Edit ${number}` })).toHaveAttribute(
        'href',
        expect.stringMatching(/\/edit$/),
      );
      expect(within(row).getByRole('button', { name: `Delete ${number}` })).toBeInTheDocument();
    }
    for (const number of ['REQ-2026-00003', 'REQ-2026-00004']) {
      const row = rowOf(number);
      expect(within(row).getByRole('link', { name: `View ${number}` })).toBeInTheDocument();
      expect(within(row).queryByRole('link', { name: `Edit ${number}` })).not.toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: `Delete ${number}` })).not.toBeInTheDocument();
    }
  });

  it('deletes a requisition after confirmation and says so', async () => {
    serve([
      buildRequisition(1, { status: 'draft', requestor: approverRef }),
      buildRequisition(2, { status: 'approved' }),
    ]);
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete REQ-2026-00001' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete requisition' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete requisition REQ-2026-00001? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Requisition deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'REQ-2026-00001' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Requisitions 1 in total' })).toBeInTheDocument();
  });

  it('only logs a failed delete and keeps the dialog open', async () => {
    serve([buildRequisition(1, { status: 'draft', requestor: approverRef })]);
    server.use(
      http.delete('/requisitions/{id}', ({ response }) =>
        response(409).json({ message: 'Already submitted', code: 'CONFLICT', details: [] }),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete REQ-2026-00001' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to delete requisition', expect.anything()),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByText('Requisition deleted successfully')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('says nothing was created yet, with a way to create one, when the list is empty', async () => {
    serve([]);
    renderList();
    expect(await screen.findByText("You haven't created any requisitions yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first requisition' })).toHaveAttribute(
      'href',
      '/requisitions/create',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('says nothing matches when a search or filter is active, and can clear them', async () => {
    serve(buildRequisitionList(3));
    const { user, onChange } = renderList({ search: 'nothing like this', category: ['capital'] });
    expect(await screen.findByText('No requisitions match your current filters.')).toBeInTheDocument();
    expect(screen.queryByText("You haven't created any requisitions yet.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(onChange).toHaveBeenLastCalledWith({}, undefined);
    expect(await screen.findByRole('link', { name: 'REQ-2026-00003' })).toBeInTheDocument();
  });

  it('shows the load failure with a Retry that loads the list again', async () => {
    const api = createRequisitionApi([buildRequisition(1)]);
    server.use(requisitionListErrorHandler(), ...api.handlers);
    const { user } = renderList();
    expect(await screen.findByText('Failed to load requisitions. Please try again.')).toBeInTheDocument();
    server.use(requisitionListHandler(api.requisitions));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'REQ-2026-00001' })).toBeInTheDocument();
  });

  it('shows placeholder rows while the first page loads', async () => {
    server.use(requisitionListLoadingHandler(), ...createRequisitionApi([]).handlers);
    renderList();
    expect(await screen.findByText('Loading requisitions')).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull();
  });

  it('pages ten at a time and keeps the current page visible while the next one loads', async () => {
    const { urls } = serve(buildRequisitionList(25));
    const { user, onChange } = renderList();
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requisitions 25 in total' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the call, then lets it through to the list handler (a resolver that returns nothing).
    server.use(
      http.get('/requisitions', async () => {
        await held;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 }, undefined);
    // The first page stays on screen, marked busy, until the second arrives.
    expect(screen.getByRole('link', { name: 'REQ-2026-00025' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull());
    release();
    expect(await screen.findByRole('link', { name: 'REQ-2026-00015' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'REQ-2026-00025' })).not.toBeInTheDocument();
    expect(lastUrl(urls)?.searchParams.get('offset')).toBe('10');
  });

  it('moves a page past the end to the last page, replacing the history entry', async () => {
    serve(buildRequisitionList(12));
    const { onChange } = renderList({ page: 9 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ page: 2 }, { replace: true }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderList();
    expect(
      await screen.findByText('Please select an organization from the header to view requisitions'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('links New Requisition to the create page', async () => {
    serve([buildRequisition(1)]);
    renderList();
    expect(await screen.findByRole('link', { name: 'New Requisition' })).toHaveAttribute(
      'href',
      '/requisitions/create',
    );
  });

  describe('Export', () => {
    let blobs: Blob[];
    let downloads: string[];

    beforeEach(() => {
      blobs = [];
      downloads = [];
      URL.createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:requisitions';
      });
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });

    afterEach(() => vi.restoreAllMocks());

    it("downloads the server's export of the current filters", async () => {
      serve(buildRequisitionList(60));
      const asked: URL[] = [];
      const file = '\uFEFFRequisition Number,Justification\r\nREQ-2026-00030,Chairs\r\n';
      server.use(
        http.get('/requisitions/export', ({ request }) => {
          asked.push(new URL(request.url));
          return new HttpResponse(file, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
        }),
      );
      const { user } = renderList({ category: ['capital'] });
      await screen.findByRole('button', { name: 'Export' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]).toMatch(/^requisitions-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.searchParams.getAll('category')).toEqual(['capital']);
      expect(asked[0]?.searchParams.has('limit')).toBe(false);
      expect(asked[0]?.searchParams.has('format')).toBe(false);
      expect((await blobs[0]!.text()).replace(/^\uFEFF/, '')).toBe(file.replace(/^\uFEFF/, ''));

      // Excel, chosen with the keyboard: the same filters, format=xlsx, an .xlsx file.
      screen.getByRole('button', { name: 'Export' }).focus();
      await user.keyboard('{Enter}');
      await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' });
      await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toHaveFocus());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(downloads).toHaveLength(2));
      expect(downloads[1]).toMatch(/^requisitions-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(asked[1]?.searchParams.get('format')).toBe('xlsx');
      expect(asked[1]?.searchParams.getAll('category')).toEqual(['capital']);
    });

    it('is disabled while exporting and says when the export fails', async () => {
      serve(buildRequisitionList(150));
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.use(
        http.get('/requisitions/export', async ({ response }) => {
          await held;
          return response(500).json({ message: 'Boom', code: 'INTERNAL_ERROR', details: [] });
        }),
      );
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = renderList();
      await screen.findByText('Showing 1 to 10 of 150 results');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
      const busy = await screen.findByRole('button', { name: /Exporting/ });
      expect(busy).toBeDisabled();
      release();
      expect(await screen.findByText('Failed to export requisitions')).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
      logged.mockRestore();
    });
  });
});
