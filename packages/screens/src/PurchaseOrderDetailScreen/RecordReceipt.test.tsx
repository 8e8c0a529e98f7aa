import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPurchaseOrderApi, defaultPurchaseOrders } from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { PurchaseOrderDetailScreen } from './PurchaseOrderDetailScreen';

type PurchaseOrder = Schemas['PurchaseOrder'];

const sent = defaultPurchaseOrders()[1] as PurchaseOrder;

function setup(order: PurchaseOrder = sent) {
  const api = createPurchaseOrderApi([structuredClone(order)]);
  server.use(...api.handlers);
  renderScreen(<PurchaseOrderDetailScreen purchaseOrderId={order.id} />, { signedIn: true });
  return api;
}

describe('PurchaseOrderDetailScreen receipts', () => {
  it('shows ordered vs received per line and records a partial receipt', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByRole('heading', { level: 1, name: sent.po_number });
    const [first, ...rest] = sent.po_line_items;
    const lines = screen.getByRole('region', { name: 'Line Items' });
    expect(within(lines).getAllByText(`0 of ${first!.quantity} received`).length).toBeGreaterThan(0);
    expect(await screen.findByText('Nothing received yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record Receipt' }));
    const dialog = await screen.findByRole('dialog');
    // Every line defaults to what is outstanding; receive one of the first line and none of the rest.
    const firstField = within(dialog).getByRole('spinbutton', { name: `${first!.description} (received)` });
    expect(firstField).toHaveValue(String(first!.quantity));
    await user.clear(firstField);
    await user.type(firstField, '1');
    for (const line of rest) {
      const field = within(dialog).getByRole('spinbutton', { name: `${line.description} (received)` });
      await user.clear(field);
      await user.type(field, '0');
    }
    await user.type(within(dialog).getByRole('textbox', { name: /Notes/ }), 'First carton');
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Partially Received')).toBeInTheDocument();
    const receipts = await screen.findByRole('list', { name: 'Receipts' });
    expect(receipts).toHaveTextContent(`1 × ${first!.description}`);
    expect(receipts).toHaveTextContent('First carton');
    expect(api.orders[0]!.po_line_items[0]!.quantity_received).toBe(1);
    expect(
      within(screen.getByRole('region', { name: 'Line Items' })).getAllByText(
        `1 of ${first!.quantity} received`,
      ).length,
    ).toBeGreaterThan(0);
  });

  it('refuses more than is outstanding on the field, sending nothing', async () => {
    const user = userEvent.setup();
    const api = setup();
    await screen.findByRole('heading', { level: 1, name: sent.po_number });
    await user.click(screen.getByRole('button', { name: 'Record Receipt' }));
    const dialog = await screen.findByRole('dialog');
    const first = sent.po_line_items[0]!;
    const field = within(dialog).getByRole('spinbutton', { name: `${first.description} (received)` });
    await user.clear(field);
    await user.type(field, String(first.quantity + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Record Receipt' }));
    expect(await within(dialog).findAllByText(`Only ${first.quantity} outstanding`)).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.orders[0]!.status).toBe('sent');
  });
});
