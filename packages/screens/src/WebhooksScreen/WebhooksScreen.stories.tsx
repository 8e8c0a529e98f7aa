import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { createWebhookApi, deliveryFixtures, webhooksPendingHandler } from '../test/webhookHandlers';
import { WebhooksScreen } from './WebhooksScreen';

const api = (...args: Parameters<typeof createWebhookApi>) => createWebhookApi(...args).handlers;

const meta = {
  title: 'Screens/WebhooksScreen',
  component: WebhooksScreen,
  parameters: { msw: { handlers: [...api(undefined, deliveryFixtures()), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <WebhooksScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof WebhooksScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One endpoint, the ERP, told about orders sent and received. */
export const Default: Story = {};

/** No endpoints yet. */
export const Empty: Story = { parameters: { msw: { handlers: [...api([]), ...handlers] } } };

/** While the endpoints load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [webhooksPendingHandler(), ...api(), ...handlers] } },
};

/** An endpoint just added: its secret is shown once, with a copy button. */
export const SecretShown: Story = {
  parameters: { msw: { handlers: [...api([]), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Endpoint' }));
    const dialog = body.getByRole('dialog', { name: 'Add Endpoint' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /URL/ }),
      'https://erp.example.com/hooks',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Order sent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    const secret = await body.findByRole('dialog', { name: 'Signing Secret' });
    await expect(within(secret).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  },
};

/** The delivery log of the endpoint: a retry waiting, a delivered event and a failed test. */
export const DeliveryLog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Show deliveries' }));
    await expect(await canvas.findByRole('table', { name: /Deliveries to/ })).toBeInTheDocument();
    await expect(canvas.getByText('Failed')).toBeInTheDocument();
  },
};

/**
 * On a phone (390 px): the endpoint's card and its actions wrap, and its delivery log shows as
 * stacked cards (the list kit's), each with its status and Redeliver; nothing scrolls sideways.
 */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('article', { name: 'ERP' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show deliveries' }));
    const log = await canvas.findByRole('list', { name: /Deliveries to/ });
    await expect(within(log).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(log).getAllByRole('button', { name: /^Redeliver/ })).toHaveLength(3);
    await expect(canvas.queryByRole('table')).toBeNull();
    assertNoSidewaysScroll();
  },
};
