import type { Schemas } from '@purchasing/api-client';
import { formatDate } from '@purchasing/ui';
import { screen, waitFor, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import { http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildAttachment,
  buildPurchaseOrder,
  createPurchaseOrderApi,
  defaultPurchaseOrders,
  linesOf,
  northwindFreight,
  purchaseOrderDetailErrorHandler,
  purchaseOrderDetailLoadingHandler,
  toPoVendor,
} from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { taxedRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { PurchaseOrderDetailScreen } from './PurchaseOrderDetailScreen';

type PurchaseOrder = Schemas['PurchaseOrder'];

const [draft, sent, received, cancelled] = defaultPurchaseOrders() as [
  PurchaseOrder,
  PurchaseOrder,
  PurchaseOrder,
  PurchaseOrder,
];

/** Renders the screen for `id` over the in-memory API (plus `overrides`, which win), signed in as a buyer. */
function setup(
  id: string,
  { orders, overrides = [] }: { orders?: PurchaseOrder[]; overrides?: RequestHandler[] } = {},
) {
  const api = createPurchaseOrderApi(orders ?? defaultPurchaseOrders());
  // Handlers earlier in one `use` win, so the overrides go first.
  server.use(...overrides, ...api.handlers);
  return { api, ...renderScreen(<PurchaseOrderDetailScreen purchaseOrderId={id} />, { signedIn: true }) };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('PurchaseOrderDetailScreen', () => {
  it('shows the number, status, created date and the order details', async () => {
    setup(draft.id, {
      orders: [{ ...draft, payment_terms: 'COD', delivery_date: '2026-12-24', total_amount: 4500 }],
    });
    await heading('PO-2026-00001');
    expect(screen.getByText('Draft')).toHaveAttribute('data-accent-color', 'gray');
    expect(screen.getByText('Created 18 Nov 2026 for Tech Supplies Pty Ltd')).toBeInTheDocument();
    const details = region('Order Details');
    expect(details).toHaveTextContent('PO-2026-00001');
    expect(details).toHaveTextContent('$4,500.00');
    expect(details).toHaveTextContent('24 Dec 2026');
    expect(details).toHaveTextContent('Cash on Delivery');
    expect(details).toHaveTextContent('Deliver to the loading dock between 8 am and 4 pm.');
    expect(within(details).getByRole('link', { name: 'REQ-2026-00001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/requisitions\/.+/),
    );
  });

  it('shows the total of an order in another currency in the base currency too', async () => {
    setup(draft.id, {
      orders: [{ ...draft, currency: 'USD', total_amount: 2880, base_total_amount: 4406.4 }],
    });
    await heading('PO-2026-00001');
    const details = region('Order Details');
    expect(details).toHaveTextContent('USD 2,880.00');
    expect(within(details).getByText('$4,406.40')).toBeInTheDocument();
  });

  it("shows the vendor's contact details and the shipping and billing addresses", async () => {
    setup(draft.id);
    await heading('PO-2026-00001');
    const vendor = region('Vendor Information');
    for (const text of [
      'Tech Supplies Pty Ltd',
      'orders@techsupplies.test',
      '+61 2 9555 0101',
      'Level 4, 88 George Street',
      'Sydney',
      'NSW',
      '2000',
      'Australia',
    ]) {
      expect(vendor).toHaveTextContent(text);
    }
    const addresses = region('Addresses');
    expect(addresses).toHaveTextContent('1 Market Street, Sydney NSW 2000');
    expect(addresses).toHaveTextContent('Accounts Payable, Acme Corporation');
  });

  it('lists each line with its SKU and unit, quantity times unit price and line total', async () => {
    setup(draft.id);
    await heading('PO-2026-00001');
    const laptop = screen.getByRole('rowheader', { name: /14-inch business laptop/ }).closest('tr')!;
    expect(laptop).toHaveTextContent('SKU LAP-14 · each');
    expect(laptop).toHaveTextContent('2 each × $2,199.00');
    expect(laptop).toHaveTextContent('$4,398.00');
    const bag = screen.getByRole('rowheader', { name: /Laptop bag/ }).closest('tr')!;
    expect(bag).toHaveTextContent('No SKU · each');
    expect(region('Line Items')).toHaveTextContent('Total$4,500.00');
  });

  describe('actions by status', () => {
    it('offers Edit, Send to Vendor and Cancel on a draft', async () => {
      setup(draft.id);
      await heading('PO-2026-00001');
      expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
        'href',
        `/purchase-orders/${draft.id}/edit`,
      );
      expect(screen.getByRole('button', { name: 'Send to Vendor' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark as Received' })).not.toBeInTheDocument();
    });

    it('offers Mark as Received and Cancel on a sent order', async () => {
      setup(sent.id);
      await heading('PO-2026-00002');
      expect(screen.getByRole('button', { name: 'Mark as Received' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send to Vendor' })).not.toBeInTheDocument();
    });

    it.each([
      ['received', received, 'Received on 10 Nov 2026. All items received in good condition.'],
      [
        'cancelled',
        cancelled,
        'Cancelled on 30 Oct 2026. Reason: The vendor could not meet the delivery date.',
      ],
    ])('offers nothing on a %s order and says what happened', async (_status, order, text) => {
      setup(order.id);
      await heading(order.po_number);
      expect(screen.getByText(text)).toBeInTheDocument();
      for (const name of ['Cancel', 'Mark as Received', 'Send to Vendor']) {
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      }
    });

    it('offers nothing to a user without purchase-order permissions', async () => {
      server.use(meHandler(plainUser));
      setup(draft.id);
      await heading('PO-2026-00001');
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send to Vendor' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Browse')).not.toBeInTheDocument();
    });

    it('cannot send to a vendor without an email address, and says why', async () => {
      const order = buildPurchaseOrder(9, { vendor: toPoVendor(northwindFreight) });
      setup(order.id, { orders: [order] });
      await heading('PO-2026-00009');
      expect(screen.getByRole('button', { name: 'Send to Vendor' })).toBeDisabled();
      expect(screen.getByText(/Northwind Freight has no email address/)).toBeInTheDocument();
    });
  });

  it('sends a draft after confirmation, then shows it as sent', async () => {
    const { user, api } = setup(draft.id);
    await user.click(await screen.findByRole('button', { name: 'Send to Vendor' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send to vendor?' });
    expect(dialog).toHaveTextContent(
      'PO-2026-00001 will be emailed to Tech Supplies Pty Ltd at orders@techsupplies.test and marked as sent.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send to Vendor' }));
    expect(await screen.findByText('PO-2026-00001 sent to the vendor')).toBeInTheDocument();
    expect(await screen.findByText('Sent')).toHaveAttribute('data-accent-color', 'blue');
    expect(region('History')).toHaveTextContent('Sent to vendor');
    expect(screen.getByRole('button', { name: 'Mark as Received' })).toBeInTheDocument();
    expect(api.orders.find((order) => order.id === draft.id)?.status).toBe('sent');
  });

  it('marks a sent order as received with the date and optional notes', async () => {
    const bodies: unknown[] = [];
    const { user } = setup(sent.id, {
      overrides: [
        http.post('/purchase-orders/{id}/receive', async ({ request }) => {
          bodies.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as Received' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark PO-2026-00002 as received' });
    expect(within(dialog).getByRole('textbox', { name: /Received Date/ })).toHaveValue(
      formatDate(todayIsoDate()),
    );
    await user.type(within(dialog).getByLabelText('Notes'), 'Two boxes, docket 4471');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByText('PO-2026-00002 marked as received')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ received_date: todayIsoDate(), notes: 'Two boxes, docket 4471' }]);
    expect(await screen.findByText(/^Received on .*Two boxes, docket 4471$/)).toBeInTheDocument();
  });

  it('cancels with an optional reason after a confirmation that says it cannot be undone', async () => {
    const bodies: unknown[] = [];
    const { user } = setup(draft.id, {
      overrides: [
        http.post('/purchase-orders/{id}/cancel', async ({ request }) => {
          bodies.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel PO-2026-00001?' });
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Ordered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    expect(await screen.findByText('PO-2026-00001 cancelled')).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Ordered twice' }]);
    expect(await screen.findByText('Cancelled on', { exact: false })).toBeInTheDocument();
  });

  it("keeps the cancel dialog open and shows the server's message when cancelling fails", async () => {
    const { user } = setup(draft.id, {
      overrides: [
        http.post('/purchase-orders/{id}/cancel', ({ response }) =>
          response(409).json({
            message: 'Only draft or sent purchase orders can be cancelled. This one is received.',
            code: 'INVALID_STATUS',
            details: [],
          }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(
      await screen.findByText('Only draft or sent purchase orders can be cancelled. This one is received.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel PO-2026-00001?' })).toBeInTheDocument();
  });

  it('shows a received date the server refuses on the field, keeping the dialog open', async () => {
    const { user } = setup(sent.id, {
      overrides: [
        http.post('/purchase-orders/{id}/receive', ({ response }) =>
          response(400).json({
            message: 'Received date cannot be before the order was sent',
            code: 'VALIDATION_FAILED',
            details: [
              { field: 'received_date', message: 'Received date cannot be before the order was sent' },
            ],
          }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as Received' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark PO-2026-00002 as received' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Received' }));
    const date = within(dialog).getByRole('textbox', { name: /Received Date/ });
    await waitFor(() =>
      expect(date).toHaveAccessibleDescription('Received date cannot be before the order was sent'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("says 'Failed to mark purchase order as received' when the server gives no message", async () => {
    const { user } = setup(sent.id, {
      overrides: [http.post('/purchase-orders/{id}/receive', () => new Response(null, { status: 502 }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as Received' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Received' }));
    expect(await screen.findByText('Failed to mark purchase order as received')).toBeInTheDocument();
  });

  describe('attachments', () => {
    it('downloads a file through the signed link of GET /attachments/{id}', async () => {
      const clicks: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      const { user } = setup(sent.id);
      await user.click(await screen.findByRole('button', { name: 'Download signed-order.pdf' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]?.href).toContain(`/api/attachments/${sent.attachments[0]?.id}/download?expires=`);
      expect(clicks[0]?.download).toBe('signed-order.pdf');
    });

    it('uploads files to a draft and lists them', async () => {
      const uploads: { entityType: string; entityId: string }[] = [];
      const { user } = setup(draft.id, {
        overrides: [
          http.post('/attachments/upload', async ({ request }) => {
            const form = await request.clone().formData();
            uploads.push({
              entityType: String(form.get('entity_type')),
              entityId: String(form.get('entity_id')),
            });
            return undefined;
          }),
        ],
      });
      await heading('PO-2026-00001');
      await user.upload(
        screen.getByLabelText('Browse'),
        new File(['%PDF-1.7'], 'terms.pdf', { type: 'application/pdf' }),
      );
      expect(await screen.findByText(/attached$/)).toBeInTheDocument();
      expect(uploads).toEqual([{ entityType: 'purchase_order', entityId: draft.id }]);
      await waitFor(() => expect(within(region('Attachments')).getAllByRole('listitem')).toHaveLength(2));
    });

    it('removes a file from a draft after confirmation', async () => {
      const { user, api } = setup(draft.id);
      await user.click(await screen.findByRole('button', { name: 'Remove vendor-quote.pdf' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Remove attachment?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('vendor-quote.pdf removed')).toBeInTheDocument();
      expect(await screen.findByText('No attachments')).toBeInTheDocument();
      expect(api.orders.find((order) => order.id === draft.id)?.attachments).toEqual([]);
    });

    it('neither uploads nor removes files once the order is sent', async () => {
      setup(sent.id, { orders: [{ ...sent, attachments: [buildAttachment(3)] }] });
      await heading('PO-2026-00002');
      expect(screen.getByRole('button', { name: 'Download vendor-quote.pdf' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove vendor-quote.pdf' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Browse')).not.toBeInTheDocument();
    });
  });

  describe('load states', () => {
    it("shows 'Purchase order not found' with a way back to the list", async () => {
      const { user, navigate } = setup(draft.id, { overrides: [purchaseOrderDetailErrorHandler(404)] });
      expect(await screen.findByText('Purchase order not found')).toBeInTheDocument();
      const back = screen.getByRole('link', { name: 'Back to Purchase Orders' });
      expect(back).toHaveAttribute('href', '/purchase-orders');
      await user.click(back);
      expect(navigate).toHaveBeenCalledWith('/purchase-orders', undefined);
    });

    it('says the order failed to load, with a Try Again that loads it', async () => {
      const { user } = setup(draft.id, { overrides: [purchaseOrderDetailErrorHandler(500)] });
      expect(
        await screen.findByText('Failed to load the purchase order. Please try again.'),
      ).toBeInTheDocument();
      server.use(...createPurchaseOrderApi().handlers);
      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await heading('PO-2026-00001')).toBeInTheDocument();
    });

    it('shows a spinner while the order loads', async () => {
      setup(draft.id, { overrides: [purchaseOrderDetailLoadingHandler()] });
      expect(await screen.findByRole('status', { name: /Loading purchase order/ })).toBeInTheDocument();
    });

    it('asks to choose an organisation when the user has none', async () => {
      server.use(organizationsHandler([]));
      renderScreen(<PurchaseOrderDetailScreen purchaseOrderId={draft.id} />, { signedIn: true });
      expect(
        await screen.findByText('Please select an organization to view this purchase order.'),
      ).toBeInTheDocument();
    });
  });

  // Issue 19, item 9: an order of taxed lines says its subtotal and tax, and each line its rate.
  it('shows the subtotal, tax and total of an order of taxed lines, and each line’s tax with its rate', async () => {
    const order = buildPurchaseOrder(7, {
      po_line_items: linesOf(taxedRequisition(7), 7),
      total_amount: 4_939.8,
    });
    setup(order.id, { orders: [order] });
    const table = await screen.findByRole('table', { name: 'Line items' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(-3)
        .map((row) => row.textContent),
    ).toEqual(['Subtotal$4,500.00', 'Tax$439.80', 'Total$4,939.80']);
    expect(within(table).getByText('incl. $439.80 tax at 10%')).toBeInTheDocument();
  });
});
