import { formatDate } from '@purchasing/ui';
import { screen, waitFor, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { acme, http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  approvedRequisitions,
  createPurchaseOrderApi,
  dayFromToday,
  techSupplies,
} from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { taxedRequisition } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { PurchaseOrderCreateScreen } from './PurchaseOrderCreateScreen';

const [laptops, conveyor] = approvedRequisitions() as [
  ReturnType<typeof approvedRequisitions>[number],
  ReturnType<typeof approvedRequisitions>[number],
];

/** Renders the create screen over the in-memory API (plus `overrides`, which win), as a buyer. */
function setup({
  overrides = [],
  options,
}: {
  overrides?: RequestHandler[];
  options?: Parameters<typeof createPurchaseOrderApi>[1];
} = {}) {
  const api = createPurchaseOrderApi(undefined, options);
  server.use(...overrides, ...api.handlers);
  return { api, ...renderScreen(<PurchaseOrderCreateScreen />, { signedIn: true }) };
}

type User = ReturnType<typeof setup>['user'];

async function choose(user: User, field: RegExp, option: string | RegExp) {
  await user.click(await screen.findByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function typeDeliveryDate(user: User, day: string) {
  const date = screen.getByRole('textbox', { name: /Delivery Date/ });
  await user.clear(date);
  await user.type(date, `${day}{Enter}`);
}

describe('PurchaseOrderCreateScreen', () => {
  it('offers the approved requisitions with number, justification and total', async () => {
    const urls: URL[] = [];
    const { user } = setup({
      overrides: [
        http.get('/requisitions', ({ request }) => {
          urls.push(new URL(request.url));
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('combobox', { name: /Approved Requisition/ }));
    expect(
      await screen.findByRole('option', {
        name: 'REQ-2026-00022 · Replace the worn conveyor belt on line 2 before the peak season · $18,750.00',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /REQ-2026-00021/ })).toBeInTheDocument();
    expect(urls[0]?.searchParams.getAll('status')).toEqual(['approved']);
  });

  it("shows the chosen requisition's lines read-only and prefills its shipping address", async () => {
    const { user } = setup();
    await choose(user, /Approved Requisition/, /REQ-2026-00022/);
    const lines = await screen.findByRole('table', { name: 'Lines of REQ-2026-00022' });
    const belt = within(lines)
      .getByRole('rowheader', { name: 'Conveyor belt, 12 m, heavy duty' })
      .closest('tr')!;
    expect(belt).toHaveTextContent('1 each × $15,750.00');
    const fitting = within(lines)
      .getByRole('rowheader', { name: 'Fitting and commissioning' })
      .closest('tr')!;
    expect(fitting).toHaveTextContent('24 hours × $125.00');
    expect(fitting).toHaveTextContent('$3,000.00');
    expect(lines).toHaveTextContent('Total$18,750.00');
    expect(within(lines).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Shipping Address' })).toHaveValue(conveyor.shipping_address);
    expect(screen.getByRole('status', { name: 'Order total' })).toHaveTextContent('$18,750.00');
  });

  it("prefills the requisition's delivery date when it is still ahead, and the billing address the server gives a new order", async () => {
    const { user } = setup({
      options: {
        addressDefaults: {
          billing_address: 'Accounts Payable, PO Box 77, Sydney NSW 2001',
          shipping_address: null,
        },
      },
    });
    await screen.findByRole('form', { name: 'New purchase order' });
    // From the settings answer's purchase_order_addresses, not the organisation's one-line address.
    expect(screen.getByRole('textbox', { name: 'Billing Address' })).toHaveValue(
      'Accounts Payable, PO Box 77, Sydney NSW 2001',
    );
    await choose(user, /Approved Requisition/, /REQ-2026-00021/);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Delivery Date/ })).toHaveValue(
        formatDate(laptops.delivery_date),
      ),
    );
  });

  it("prefills the settings' shipping address for a requisition without one of its own", async () => {
    const requisitions = approvedRequisitions().map((entry) =>
      entry.id === laptops.id ? { ...entry, shipping_address: null } : entry,
    );
    const { user } = setup({ options: { requisitions } });
    await choose(user, /Approved Requisition/, /REQ-2026-00021/);
    const shipping = screen.getByRole('textbox', { name: 'Shipping Address' });
    await waitFor(() =>
      expect(shipping).toHaveValue('Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia'),
    );
    // A requisition with its own address comes first.
    await choose(user, /Approved Requisition/, /REQ-2026-00022/);
    await waitFor(() => expect(shipping).toHaveValue(conveyor.shipping_address));
  });

  it('waits for the settings before showing the form', async () => {
    setup({
      overrides: [
        http.get('/organizations/{id}/settings', async () => {
          await new Promise(() => {});
          return undefined;
        }),
      ],
    });
    expect(await screen.findByRole('status', { name: "Loading the order's addresses" })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("takes the vendor's usual payment terms unless the buyer chose others", async () => {
    const { user } = setup();
    await choose(user, /^Vendor/, 'Office Direct');
    expect(screen.getByRole('combobox', { name: /Payment Terms/ })).toHaveTextContent('Net 15');
    await choose(user, /Payment Terms/, 'Due on Receipt');
    await choose(user, /^Vendor/, 'Tech Supplies Pty Ltd');
    expect(screen.getByRole('combobox', { name: /Payment Terms/ })).toHaveTextContent('Due on Receipt');
  });

  it('warns that a vendor without an email address cannot be sent the order', async () => {
    const { user } = setup();
    await choose(user, /^Vendor/, 'Northwind Freight (no email)');
    expect(
      await screen.findByText(
        'Northwind Freight has no email address: the order can be created as a draft, but it cannot be sent until the vendor has one.',
      ),
    ).toBeInTheDocument();
  });

  it('offers active vendors only', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('combobox', { name: /^Vendor/ }));
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names).toEqual(['Northwind Freight (no email)', 'Office Direct', 'Tech Supplies Pty Ltd']);
  });

  it('creates the order, then opens it and marks the requisition as ordered', async () => {
    const bodies: unknown[] = [];
    const { user, navigate, api } = setup({
      overrides: [
        http.post('/purchase-orders', async ({ request }) => {
          bodies.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    await choose(user, /Approved Requisition/, /REQ-2026-00022/);
    await choose(user, /^Vendor/, 'Tech Supplies Pty Ltd');
    await typeDeliveryDate(user, dayFromToday(14));
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Weekend delivery only');
    await user.click(screen.getByRole('button', { name: 'Create Purchase Order' }));
    expect(await screen.findByText(/^Purchase order PO-2026-\d{5} created$/)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        requisition_id: conveyor.id,
        vendor_id: techSupplies.id,
        delivery_date: dayFromToday(14),
        payment_terms: 'Net 30',
        shipping_address: conveyor.shipping_address,
        billing_address: acme.address,
        notes: 'Weekend delivery only',
      },
    ]);
    const created = api.orders[0]!;
    expect(navigate).toHaveBeenCalledWith(`/purchase-orders/${created.id}`, { replace: true });
    expect(api.requisitions.find((r) => r.id === conveyor.id)?.status).toBe('po_created');
  });

  it('says what is missing before asking the server', async () => {
    const bodies: unknown[] = [];
    const { user } = setup({
      overrides: [
        http.post('/purchase-orders', async ({ request }) => {
          bodies.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Create Purchase Order' }));
    expect(await screen.findByText('Choose an approved requisition')).toBeInTheDocument();
    expect(screen.getByText('Choose a vendor')).toBeInTheDocument();
    expect(screen.getByText('Delivery date is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Approved Requisition/ })).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it("shows the server's field errors on the fields", async () => {
    const { user } = setup({
      overrides: [
        http.post('/purchase-orders', ({ response }) =>
          response(400).json({
            message: 'Choose an active vendor',
            code: 'VALIDATION_FAILED',
            details: [
              { field: 'vendor_id', message: 'This vendor was deactivated' },
              { field: 'delivery_date', message: 'Delivery date cannot be in the past' },
            ],
          }),
        ),
      ],
    });
    await choose(user, /Approved Requisition/, /REQ-2026-00022/);
    await choose(user, /^Vendor/, 'Office Direct');
    await typeDeliveryDate(user, dayFromToday(3));
    await user.click(screen.getByRole('button', { name: 'Create Purchase Order' }));
    const vendor = screen.getByRole('combobox', { name: /^Vendor/ });
    await waitFor(() => expect(vendor).toHaveAccessibleDescription('This vendor was deactivated'));
    expect(screen.getByRole('textbox', { name: /Delivery Date/ })).toHaveAccessibleDescription(
      'Delivery date cannot be in the past',
    );
  });

  it("toasts the server's refusal when the requisition was ordered meanwhile", async () => {
    const { user, navigate } = setup({
      overrides: [
        http.post('/purchase-orders', ({ response }) =>
          response(409).json({
            message: 'REQ-2026-00022 already has a purchase order',
            code: 'CONFLICT',
            details: [],
          }),
        ),
      ],
    });
    await choose(user, /Approved Requisition/, /REQ-2026-00022/);
    await choose(user, /^Vendor/, 'Office Direct');
    await typeDeliveryDate(user, dayFromToday(3));
    await user.click(screen.getByRole('button', { name: 'Create Purchase Order' }));
    expect(await screen.findByText('REQ-2026-00022 already has a purchase order')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says when no approved requisition is waiting for an order', async () => {
    setup({ options: { requisitions: [] } });
    expect(await screen.findByText('No approved requisitions are waiting for an order.')).toBeInTheDocument();
  });

  it('tells a user without purchase_order.manage why they cannot raise orders', async () => {
    server.use(meHandler(plainUser));
    setup();
    expect(
      await screen.findByText(
        "You don't have permission to create purchase orders in Acme Corporation. Ask an administrator for the buyer role.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<PurchaseOrderCreateScreen />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization to create a purchase order.'),
    ).toBeInTheDocument();
  });

  // Issue 19, item 9: the preview of a taxed requisition says its subtotal and tax before the total.
  it('previews a taxed requisition with its subtotal, tax and total and each line’s tax', async () => {
    const { user } = setup({
      options: {
        requisitions: [taxedRequisition(21, { status: 'approved', approved_at: laptops.approved_at })],
      },
    });
    await choose(user, /Approved Requisition/, /REQ-2026-00021/);
    const lines = await screen.findByRole('table', { name: 'Lines of REQ-2026-00021' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(-3)
        .map((row) => row.textContent),
    ).toEqual(['Subtotal$4,500.00', 'Tax$439.80', 'Total$4,939.80']);
    expect(within(lines).getByText('incl. $439.80 tax at 10%')).toBeInTheDocument();
  });
});
