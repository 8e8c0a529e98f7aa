import type { Schemas } from '@purchasing/api-client';
import { formatDate } from '@purchasing/ui';
import { screen, waitFor, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildLongPurchaseOrder,
  buildPurchaseOrder,
  createPurchaseOrderApi,
  dayFromToday,
  defaultPurchaseOrders,
  purchaseOrderDetailErrorHandler,
} from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { PurchaseOrderEditScreen } from './PurchaseOrderEditScreen';

type PurchaseOrder = Schemas['PurchaseOrder'];

const [draft, sent] = defaultPurchaseOrders() as [PurchaseOrder, PurchaseOrder];

/** Renders the edit screen for `id` over the in-memory API (plus `overrides`, which win), as a buyer. */
function setup(
  id: string,
  { orders, overrides = [] }: { orders?: PurchaseOrder[]; overrides?: RequestHandler[] } = {},
) {
  const api = createPurchaseOrderApi(orders ?? defaultPurchaseOrders());
  server.use(...overrides, ...api.handlers);
  return { api, ...renderScreen(<PurchaseOrderEditScreen purchaseOrderId={id} />, { signedIn: true }) };
}

/** Records the bodies of PUT /purchase-orders/{id}, letting the call through. */
function recordUpdates() {
  const bodies: unknown[] = [];
  const handler = http.put('/purchase-orders/{id}', async ({ request }) => {
    bodies.push(await request.clone().json());
    return undefined;
  });
  return { bodies, handler };
}

const form = () => screen.findByRole('form', { name: /^Edit PO-/ });

describe('PurchaseOrderEditScreen', () => {
  it('prefills the five editable fields of the draft', async () => {
    setup(draft.id);
    await form();
    expect(screen.getByRole('textbox', { name: /Delivery Date/ })).toHaveValue(
      formatDate(draft.delivery_date),
    );
    expect(screen.getByRole('combobox', { name: /Payment Terms/ })).toHaveTextContent('Net 30');
    expect(screen.getByRole('textbox', { name: 'Shipping Address' })).toHaveValue(
      '1 Market Street, Sydney NSW 2000',
    );
    expect(screen.getByRole('textbox', { name: 'Billing Address' })).toHaveValue(draft.billing_address);
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue(draft.notes);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it("lists the first three lines in the sidebar, then '+N more items'", async () => {
    const long = buildLongPurchaseOrder(10);
    setup(long.id, { orders: [long] });
    await form();
    const lines = within(screen.getByRole('list', { name: 'Line Items' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Ergonomic office chair'),
      expect.stringContaining('Sit-stand desk 1600 mm'),
      expect.stringContaining('Monitor arm, dual'),
    ]);
    expect(screen.getByText('+2 more items')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order Summary' })).toHaveTextContent('$10,344.40');
  });

  it('sends only the five editable fields, then opens the order', async () => {
    const { bodies, handler } = recordUpdates();
    const { user, navigate } = setup(draft.id, { overrides: [handler] });
    await form();
    await user.click(screen.getByRole('combobox', { name: /Payment Terms/ }));
    await user.click(screen.getByRole('option', { name: 'Cash on Delivery' }));
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.clear(notes);
    await user.type(notes, 'Call Sam on arrival');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Purchase order updated')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        delivery_date: draft.delivery_date,
        shipping_address: draft.shipping_address,
        billing_address: draft.billing_address,
        payment_terms: 'COD',
        notes: 'Call Sam on arrival',
      },
    ]);
    expect(navigate).toHaveBeenCalledWith(`/purchase-orders/${draft.id}`, { replace: true });
  });

  it('sends a cleared address as null', async () => {
    const { bodies, handler } = recordUpdates();
    const { user } = setup(draft.id, { overrides: [handler] });
    await form();
    await user.clear(screen.getByRole('textbox', { name: 'Billing Address' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ billing_address: null });
  });

  it("shows the server's field errors on the fields", async () => {
    const { user } = setup(draft.id, {
      overrides: [
        http.put('/purchase-orders/{id}', ({ response }) =>
          response(400).json({
            message: 'Delivery date cannot be in the past',
            code: 'VALIDATION_FAILED',
            details: [
              { field: 'delivery_date', message: 'Delivery date cannot be in the past' },
              { field: 'shipping_address', message: 'Shipping address must be at most 1000 characters' },
            ],
          }),
        ),
      ],
    });
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Thanks.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const date = screen.getByRole('textbox', { name: /Delivery Date/ });
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription('Delivery date cannot be in the past');
    expect(screen.getByRole('textbox', { name: 'Shipping Address' })).toHaveAccessibleDescription(
      expect.stringContaining('Shipping address must be at most 1000 characters'),
    );
    await waitFor(() => expect(date).toHaveFocus());
  });

  it('refuses a delivery date in the past before asking the server', async () => {
    const overdue = buildPurchaseOrder(11, { delivery_date: '2026-01-15' });
    const { bodies, handler } = recordUpdates();
    const { user } = setup(overdue.id, { orders: [overdue], overrides: [handler] });
    await form();
    // Said at once: the stored date has passed since the draft was written.
    expect(await screen.findByText('Delivery date cannot be in the past')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Thanks.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Delivery Date/ })).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('requires the delivery date on edit as on create and sends nothing without one (issue 19, item 13)', async () => {
    const { bodies, handler } = recordUpdates();
    const { user } = setup(draft.id, { overrides: [handler] });
    await form();
    const date = screen.getByRole('textbox', { name: /Delivery Date/ });
    expect(date).toBeRequired();
    expect(screen.queryByRole('button', { name: /^Clear Delivery Date/ })).not.toBeInTheDocument();
    await user.clear(date);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Delivery date is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('says a typed past delivery date cannot be used and sends nothing', async () => {
    const { bodies, handler } = recordUpdates();
    const { user } = setup(draft.id, { overrides: [handler] });
    await form();
    const date = screen.getByRole('textbox', { name: /Delivery Date/ });
    await user.clear(date);
    await user.type(date, '2020-03-02{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Delivery date cannot be in the past')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("toasts the server's refusal when the order stopped being a draft meanwhile", async () => {
    const { user, navigate } = setup(draft.id, {
      overrides: [
        http.put('/purchase-orders/{id}', ({ response }) =>
          response(409).json({
            message: 'Only draft purchase orders can be edited',
            code: 'INVALID_STATUS',
            details: [],
          }),
        ),
      ],
    });
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Thanks.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Only draft purchase orders can be edited')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks before discarding unsaved changes on Cancel', async () => {
    const { user, navigate } = setup(draft.id);
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' Thanks.');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(navigate).toHaveBeenCalledWith(`/purchase-orders/${draft.id}`);
  });

  it("says 'This purchase order cannot be edited' for an order that is not a draft", async () => {
    setup(sent.id);
    expect(await screen.findByText('This purchase order cannot be edited')).toBeInTheDocument();
    expect(screen.getByText('Only draft purchase orders can be edited')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to PO-2026-00002' })).toHaveAttribute(
      'href',
      `/purchase-orders/${sent.id}`,
    );
  });

  it('tells a user without purchase_order.manage that they may not edit', async () => {
    server.use(meHandler(plainUser));
    setup(draft.id);
    expect(await screen.findByText("You don't have permission to edit purchase orders.")).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows 'Purchase order not found' with a way back to the list", async () => {
    setup(draft.id, { overrides: [purchaseOrderDetailErrorHandler(404)] });
    expect(await screen.findByText('Purchase order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Purchase Orders' })).toHaveAttribute(
      'href',
      '/purchase-orders',
    );
  });

  it('says the order failed to load, with Try Again', async () => {
    setup(draft.id, { overrides: [purchaseOrderDetailErrorHandler(500)] });
    expect(
      await screen.findByText('Failed to load the purchase order. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<PurchaseOrderEditScreen purchaseOrderId={draft.id} />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization to edit a purchase order.'),
    ).toBeInTheDocument();
  });

  it('keeps a future delivery date chosen in the picker', async () => {
    const { bodies, handler } = recordUpdates();
    const { user } = setup(draft.id, { overrides: [handler] });
    await form();
    const date = screen.getByRole('textbox', { name: /Delivery Date/ });
    await user.clear(date);
    await user.type(date, `${dayFromToday(40)}{Enter}`);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ delivery_date: dayFromToday(40) });
  });
});
