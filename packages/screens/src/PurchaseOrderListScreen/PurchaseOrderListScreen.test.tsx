import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildPurchaseOrder,
  buildPurchaseOrderList,
  createPurchaseOrderApi,
  northwindFreight,
  officeDirect,
  purchaseOrderListErrorHandler,
  purchaseOrderListLoadingHandler,
  toPoVendor,
} from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { asPhone } from '../test/viewport';
import {
  PurchaseOrderListScreen,
  type PurchaseOrderListSearchChangeOptions,
} from './PurchaseOrderListScreen';
import type { PurchaseOrderListSearch } from './searchParams';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** Serves `orders` through the in-memory API and records the URL of every list call. */
function serve(orders: PurchaseOrder[]) {
  const urls: URL[] = [];
  const api = createPurchaseOrderApi(orders, { onList: (url) => urls.push(url) });
  server.use(...api.handlers);
  return { api, urls };
}

type OnSearchChange = (next: PurchaseOrderListSearch, options?: PurchaseOrderListSearchChangeOptions) => void;

/** Holds the URL state like a host router would, and reports every change. */
function Harness({
  initial = {},
  onChange,
}: {
  initial?: PurchaseOrderListSearch;
  onChange?: OnSearchChange;
}) {
  const [search, setSearch] = useState(initial);
  return (
    <PurchaseOrderListScreen
      search={search}
      onSearchChange={(next, options) => {
        onChange?.(next, options);
        setSearch(next);
      }}
    />
  );
}

function renderList(initial: PurchaseOrderListSearch = {}) {
  const onChange = vi.fn<OnSearchChange>();
  const rendered = renderScreen(<Harness initial={initial} onChange={onChange} />, { signedIn: true });
  return { ...rendered, onChange };
}

function rowOf(number: string) {
  const row = screen.getByRole('rowheader', { name: new RegExp(number) }).closest('tr');
  if (!row) throw new Error(`no row for ${number}`);
  return row;
}

const lastUrl = (urls: URL[]) => urls[urls.length - 1];

describe('PurchaseOrderListScreen', () => {
  it('shows each order with its vendor, requisition, total in its currency, status, due and created dates', async () => {
    serve([
      buildPurchaseOrder(7, {
        status: 'sent',
        total_amount: 12_345.5,
        currency: 'EUR',
        base_total_amount: 20_370.08,
        delivery_date: '2026-12-15',
        created_at: '2026-11-14T09:00:00.000Z',
      }),
    ]);
    renderList();
    const link = await screen.findByRole('link', { name: 'PO-2026-00007' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/purchase-orders\/.+/));
    const row = rowOf('PO-2026-00007');
    expect(within(row).getByText('Tech Supplies Pty Ltd')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'REQ-2026-00007' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/requisitions\/.+/),
    );
    expect(within(row).getByText('EUR 12,345.50')).toBeInTheDocument();
    // And in the base currency, at its requisition's frozen rate.
    expect(within(row).getByText('$20,370.08')).toBeInTheDocument();
    expect(within(row).getByText('Sent')).toHaveAttribute('data-accent-color', 'blue');
    expect(within(row).getByText('15 Dec 2026')).toBeInTheDocument();
    expect(within(row).getByText('14 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Purchase Orders 1 in total' })).toBeInTheDocument();
  });

  it('shows each order as a card on a phone: number, status, total and base amount, vendor, dates, actions', async () => {
    const phone = asPhone();
    try {
      serve([
        buildPurchaseOrder(7, {
          status: 'draft',
          total_amount: 12_345.5,
          currency: 'EUR',
          base_total_amount: 20_370.08,
          delivery_date: '2026-12-15',
          created_at: '2026-11-14T09:00:00.000Z',
        }),
      ]);
      renderList();
      const card = await screen.findByRole('article', { name: 'PO-2026-00007' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'PO-2026-00007' })).toBeInTheDocument();
      expect(within(card).getByText('Draft')).toBeInTheDocument();
      expect(within(card).getByText('EUR 12,345.50')).toBeInTheDocument();
      expect(within(card).getByText('$20,370.08')).toBeInTheDocument();
      expect(within(card).getByText('Vendor')).toBeInTheDocument();
      expect(within(card).getByText('Tech Supplies Pty Ltd')).toBeInTheDocument();
      expect(within(card).getByText('15 Dec 2026')).toBeInTheDocument();
      expect(within(card).getByText('14 Nov 2026')).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Edit PO-2026-00007' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Send PO-2026-00007 to vendor' })).toBeInTheDocument();
    } finally {
      phone.restore();
    }
  });

  it("says 'No vendor' for an order without one and colours each status", async () => {
    serve([
      buildPurchaseOrder(1, { status: 'draft', vendor: null }),
      buildPurchaseOrder(2, { status: 'received' }),
      buildPurchaseOrder(3, { status: 'cancelled' }),
    ]);
    renderList();
    await screen.findByRole('link', { name: 'PO-2026-00001' });
    expect(within(rowOf('PO-2026-00001')).getByText('No vendor')).toBeInTheDocument();
    expect(within(rowOf('PO-2026-00001')).getByText('Draft')).toHaveAttribute('data-accent-color', 'gray');
    expect(within(rowOf('PO-2026-00002')).getByText('Received')).toHaveAttribute(
      'data-accent-color',
      'green',
    );
    expect(within(rowOf('PO-2026-00003')).getByText('Cancelled')).toHaveAttribute('data-accent-color', 'red');
  });

  it('asks for the page and the filters of the URL state, repeating the key of each list value', async () => {
    const { urls } = serve(buildPurchaseOrderList(3));
    renderList({
      search: 'tech',
      status: ['draft', 'sent'],
      vendor_id: [officeDirect.id, northwindFreight.id],
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      page: 3,
    });
    await waitFor(() => expect(urls.length).toBeGreaterThan(0));
    const first = urls[0]!;
    expect(first.search).toContain('status=draft&status=sent');
    expect(first.searchParams.getAll('vendor_id')).toEqual([officeDirect.id, northwindFreight.id]);
    expect(first.searchParams.get('search')).toBe('tech');
    expect(first.searchParams.get('date_from')).toBe('2026-10-01');
    expect(first.searchParams.get('date_to')).toBe('2026-10-31');
    expect(first.searchParams.get('limit')).toBe('10');
    expect(first.searchParams.get('offset')).toBe('20');
  });

  it('returns to page 1 when a status filter is chosen', async () => {
    const { urls } = serve(buildPurchaseOrderList(25));
    const { user, onChange } = renderList({ page: 2 });
    await screen.findByRole('link', { name: 'PO-2026-00015' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Sent' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: ['sent'] }, undefined);
    await waitFor(() => expect(lastUrl(urls)?.searchParams.getAll('status')).toEqual(['sent']));
    expect(lastUrl(urls)?.searchParams.get('offset')).toBe('0');
  });

  it('filters by vendor, inactive vendors included, and clears everything with Clear All', async () => {
    serve(buildPurchaseOrderList(10));
    const { user, onChange } = renderList({ status: ['sent'], search: 'PO', page: 2 });
    await screen.findByText(/Showing/);
    // The panel starts open when the URL carries filters.
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    expect(await screen.findByRole('option', { name: 'Legacy Print Co (inactive)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Office Direct' }));
    expect(onChange).toHaveBeenLastCalledWith(
      { search: 'PO', status: ['sent'], vendor_id: [officeDirect.id] },
      undefined,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onChange).toHaveBeenLastCalledWith({ search: 'PO' }, undefined);
  });

  it('writes the search text to the URL state once typing pauses, back on page 1, replacing the entry', async () => {
    const { urls } = serve(buildPurchaseOrderList(12));
    const { user, onChange } = renderList({ page: 2 });
    await screen.findByRole('link', { name: 'PO-2026-00002' });
    await user.type(screen.getByRole('searchbox', { name: 'Search purchase orders' }), 'office');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'office' }, { replace: true }));
    await waitFor(() => expect(lastUrl(urls)?.searchParams.get('search')).toBe('office'));
  });

  it('offers edit and send only on drafts, to a buyer', async () => {
    serve([buildPurchaseOrder(1, { status: 'draft' }), buildPurchaseOrder(2, { status: 'sent' })]);
    renderList();
    await screen.findByRole('link', { name: 'PO-2026-00001' });
    const draft = rowOf('PO-2026-00001');
    expect(within(draft).getByRole('link', { name: 'View PO-2026-00001' })).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: 'Edit PO-2026-00001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/purchase-orders\/.+\/edit$/),
    );
    expect(within(draft).getByRole('button', { name: 'Send PO-2026-00001 to vendor' })).toBeInTheDocument();
    const sent = rowOf('PO-2026-00002');
    expect(within(sent).getByRole('link', { name: 'View PO-2026-00002' })).toBeInTheDocument();
    expect(within(sent).queryByRole('link', { name: 'Edit PO-2026-00002' })).not.toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
  });

  it('hides Create, Edit and Send from a user without purchase_order.manage', async () => {
    server.use(meHandler(plainUser));
    serve([buildPurchaseOrder(1, { status: 'draft' })]);
    renderList();
    await screen.findByRole('link', { name: 'PO-2026-00001' });
    expect(screen.queryByRole('link', { name: 'Edit PO-2026-00001' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create PO' })).not.toBeInTheDocument();
  });

  it('sends a draft to its vendor after confirmation, and shows it as sent', async () => {
    const { api } = serve([buildPurchaseOrder(1, { status: 'draft' })]);
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Send PO-2026-00001 to vendor' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send to vendor?' });
    expect(dialog).toHaveTextContent('PO-2026-00001 will be emailed to Tech Supplies Pty Ltd');
    await user.click(within(dialog).getByRole('button', { name: 'Send to Vendor' }));
    expect(await screen.findByText('PO-2026-00001 sent to the vendor')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('PO-2026-00001')).getByText('Sent')).toBeInTheDocument());
    expect(api.orders[0]?.status).toBe('sent');
  });

  it("shows the server's reason when a send is refused", async () => {
    serve([buildPurchaseOrder(1, { status: 'draft', vendor: toPoVendor(northwindFreight) })]);
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Send PO-2026-00001 to vendor' }));
    await user.click(screen.getByRole('button', { name: 'Send to Vendor' }));
    expect(
      await screen.findByText('Northwind Freight has no email address to send the order to'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says there are no orders yet, with a way to create one, when the list is empty', async () => {
    serve([]);
    renderList();
    expect(await screen.findByText('No purchase orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first purchase order' })).toHaveAttribute(
      'href',
      '/purchase-orders/create',
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
  });

  it('says nothing matches when a search or filter is active, and can clear them', async () => {
    serve(buildPurchaseOrderList(3));
    const { user, onChange } = renderList({ search: 'nothing like this', status: ['cancelled'] });
    expect(await screen.findByText('No purchase orders match your current filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(onChange).toHaveBeenLastCalledWith({}, undefined);
    expect(await screen.findByRole('link', { name: 'PO-2026-00003' })).toBeInTheDocument();
  });

  it("shows 'Error loading purchase orders' with a Try Again that loads the list again", async () => {
    const api = createPurchaseOrderApi([buildPurchaseOrder(1)]);
    server.use(purchaseOrderListErrorHandler(), ...api.handlers);
    const { user } = renderList();
    expect(await screen.findByText('Error loading purchase orders')).toBeInTheDocument();
    server.use(...api.handlers);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'PO-2026-00001' })).toBeInTheDocument();
  });

  it("shows the server's refusal without Try Again when the user may not see orders", async () => {
    server.use(purchaseOrderListErrorHandler(403), ...createPurchaseOrderApi([]).handlers);
    renderList();
    expect(
      await screen.findByText("You don't have permission to view purchase orders in this organization"),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('shows placeholder rows while the first page loads', async () => {
    server.use(purchaseOrderListLoadingHandler(), ...createPurchaseOrderApi([]).handlers);
    renderList();
    expect(await screen.findByText('Loading purchase orders')).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull();
  });

  it('pages ten at a time with offset (page - 1) × 10', async () => {
    const { urls } = serve(buildPurchaseOrderList(25));
    const { user, onChange } = renderList();
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 }, undefined);
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(lastUrl(urls)?.searchParams.get('offset')).toBe('10');
  });

  it('moves a page past the end to the last page, replacing the history entry', async () => {
    serve(buildPurchaseOrderList(12));
    const { onChange } = renderList({ page: 9 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ page: 2 }, { replace: true }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderList();
    expect(
      await screen.findByText('Please select an organization from the header to view purchase orders'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('links Create PO, the specification’s label, to the create page (issue 19, item 12)', async () => {
    serve([buildPurchaseOrder(1)]);
    renderList();
    expect(await screen.findByRole('link', { name: 'Create PO' })).toHaveAttribute(
      'href',
      '/purchase-orders/create',
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
        return 'blob:purchase-orders';
      });
      URL.revokeObjectURL = vi.fn();
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });

    afterEach(() => vi.restoreAllMocks());

    it("downloads the server's export of the current filters", async () => {
      const all = buildPurchaseOrderList(60);
      serve(all);
      const asked: URL[] = [];
      const file = '\uFEFFPO Number,Vendor\r\nPO-2026-00060,Dell\r\n';
      server.use(
        http.get('/purchase-orders/export', ({ request }) => {
          asked.push(new URL(request.url));
          return new HttpResponse(file, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
        }),
      );
      const { user } = renderList({ status: ['sent'] });
      const sent = all.filter((order) => order.status === 'sent');
      await screen.findByText(`Showing 1 to 10 of ${sent.length} results`);
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      expect(downloads[0]).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.searchParams.getAll('status')).toEqual(['sent']);
      expect(asked[0]?.searchParams.has('limit')).toBe(false);
      expect((await blobs[0]!.text()).replace(/^\uFEFF/, '')).toBe(file.replace(/^\uFEFF/, ''));

      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
      await waitFor(() => expect(downloads).toHaveLength(2));
      expect(downloads[1]).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(asked[1]?.searchParams.get('format')).toBe('xlsx');
      expect(asked[1]?.searchParams.getAll('status')).toEqual(['sent']);
    });

    it('says when the export fails', async () => {
      serve(buildPurchaseOrderList(150));
      server.use(
        http.get('/purchase-orders/export', ({ response }) =>
          response(500).json({ message: 'Boom', code: 'INTERNAL_ERROR', details: [] }),
        ),
      );
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = renderList();
      await screen.findByText('Showing 1 to 10 of 150 results');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
      expect(await screen.findByText('Failed to export purchase orders')).toBeInTheDocument();
      expect(downloads).toHaveLength(0);
      expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
      logged.mockRestore();
    });
  });
});
