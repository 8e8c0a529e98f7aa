import { Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { createNotificationApi, NOTIFICATION_NOW } from '../test/notificationHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { NotificationBell } from './NotificationBell';

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';
const api = (options?: Parameters<typeof createNotificationApi>[0]) =>
  createNotificationApi(options).handlers;

const meta = {
  title: 'Screens/NotificationBell',
  component: NotificationBell,
  args: { organizationId: ORGANIZATION, now: () => NOTIFICATION_NOW },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <Flex justify="end" p="4">
        <NotificationBell {...args} />
      </Flex>
    </StoryProviders>
  ),
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two unread: the badge says 2 and the button's name says so. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  },
};

/** The panel open: the latest, unread ones marked, and the links below. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = within(
      await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Notifications' }),
    );
    await expect(await panel.findAllByRole('link', { name: /REQ-2026/ })).toHaveLength(3);
    await expect(panel.getByRole('link', { name: 'Notification settings' })).toBeInTheDocument();
  },
};

/** Mark all as read: the badge goes. */
export const MarkAllRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Notifications, 2 unread' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('button', { name: 'Mark all as read' }));
    await expect(await canvas.findByRole('button', { name: 'Notifications, no unread' })).toBeInTheDocument();
  },
};

/** Nothing yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: [...api({ notifications: [] }), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Notifications, no unread' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('You are all caught up.'),
    ).toBeInTheDocument();
  },
};

/** The list failed to load: the panel says so. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [...api({ failList: true }), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /Notifications/ }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Failed to load notifications.'),
    ).toBeInTheDocument();
  },
};
