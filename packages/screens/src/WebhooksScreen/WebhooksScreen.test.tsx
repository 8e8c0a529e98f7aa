import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { asPhone } from '../test/viewport';
import { createWebhookApi, deliveryFixtures, NEW_SECRET } from '../test/webhookHandlers';
import { WebhooksScreen } from './WebhooksScreen';

function setup(...args: Parameters<typeof createWebhookApi>) {
  const api = createWebhookApi(...args);
  server.use(...api.handlers);
  return { ...renderScreen(<WebhooksScreen />, { signedIn: true }), api };
}

describe('WebhooksScreen', () => {
  it('lists the endpoints with their events, never a secret', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'ERP' });
    expect(within(card).getByText('https://erp.example.com/hooks/purchasing')).toBeInTheDocument();
    expect(within(card).getByText('Order sent')).toBeInTheDocument();
    expect(within(card).getByText('Order received')).toBeInTheDocument();
    expect(within(card).getByText('3f9a')).toBeInTheDocument();
  });

  it('says so when there is no endpoint', async () => {
    setup([]);
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
  });

  it('adds an endpoint: checks the fields, sends the events chosen and shows the secret once', async () => {
    const { user, api } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText('Enter the URL that receives the events')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://erp.example.com/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Order received' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Requisition approved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing Secret' });
    expect(within(secret).getByText(NEW_SECRET)).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/webhooks',
        body: {
          url: 'https://erp.example.com/hooks',
          description: null,
          events: ['requisition.approved', 'purchase_order.received'],
        },
      },
    ]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(NEW_SECRET)).toBeNull());
    expect(await screen.findByRole('article', { name: 'https://erp.example.com/hooks' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a private URL on the field", async () => {
    const { user } = setup([]);
    await user.click(await screen.findByRole('button', { name: 'Add Endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://127.0.0.1/hooks');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Order sent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(
      await within(dialog).findByText('The URL must not point to a private or local address'),
    ).toBeInTheDocument();
  });

  it('sends a test event and shows it in the delivery log; Redeliver queues an event again', async () => {
    const { user, api } = setup(undefined, deliveryFixtures());
    const card = await screen.findByRole('article', { name: 'ERP' });
    await user.click(within(card).getByRole('button', { name: 'Send test' }));
    const table = await within(card).findByRole('table', { name: /Deliveries to/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(within(table).getAllByText('Test event')).toHaveLength(2);
    expect(within(table).getByText(/HTTP 503/)).toBeInTheDocument();

    await user.click(within(table).getAllByRole('button', { name: /^Redeliver Order sent/ })[0]!);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    expect(api.calls.map((call) => call.path)).toEqual([
      `/webhooks/${api.webhooks[0]!.id}/test`,
      `/webhooks/deliveries/${deliveryFixtures()[1]!.id}/redeliver`,
    ]);
  });

  it('shows the delivery log as stacked cards on a phone, each with its status and Redeliver', async () => {
    const phone = asPhone();
    try {
      const { user, api } = setup(undefined, deliveryFixtures());
      const card = await screen.findByRole('article', { name: 'ERP' });
      await user.click(within(card).getByRole('button', { name: 'Show deliveries' }));
      const log = await within(card).findByRole('list', { name: /Deliveries to/ });
      expect(within(card).queryByRole('table')).toBeNull();
      const items = within(log).getAllByRole('listitem');
      expect(items).toHaveLength(deliveryFixtures().length);
      const failed = items.find((item) => within(item).queryByText(/No answer within 10 s/));
      expect(failed).toBeDefined();
      expect(within(failed!).getByText('Failed')).toBeInTheDocument();
      expect(within(failed!).getByText('Last attempt')).toBeInTheDocument();
      await user.click(within(failed!).getByRole('button', { name: /^Redeliver/ }));
      await waitFor(() => expect(api.calls.map((call) => call.path)).toHaveLength(1));
      expect(api.calls[0]!.path).toMatch(/^\/webhooks\/deliveries\/.+\/redeliver$/);
      phone.widen();
      expect(await within(card).findByRole('table', { name: /Deliveries to/ })).toBeInTheDocument();
    } finally {
      phone.restore();
    }
  });

  it('rotates the secret after confirmation and shows the new one', async () => {
    const { user, api } = setup();
    const card = await screen.findByRole('article', { name: 'ERP' });
    await user.click(within(card).getByRole('button', { name: /Rotate secret/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate Secret' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate Secret' }));
    expect(await screen.findByText(NEW_SECRET)).toBeInTheDocument();
    expect(api.calls.map((call) => call.method)).toEqual(['POST']);
  });
});
