import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { createNotificationApi, manyNotifications, NOTIFICATION_NOW } from '../test/notificationHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { NOTIFICATIONS_PAGE_LIMIT, NotificationsScreen } from './NotificationsScreen';

const api = (options?: Parameters<typeof createNotificationApi>[0]) =>
  createNotificationApi(options).handlers;

const meta = {
  title: 'Screens/NotificationsScreen',
  component: NotificationsScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <NotificationsScreen now={() => NOTIFICATION_NOW} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof NotificationsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three notifications, two unread. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    await expect(within(list).getAllByRole('link')).toHaveLength(3);
  },
};

/** Mark all as read empties the unread marks. */
export const MarkAllRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Notifications' });
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all as read' }));
    await expect(await canvas.findByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  },
};

/** A busy user: more than two pages; Load more adds the next page under the first. */
export const ManyPages: Story = {
  parameters: {
    msw: {
      handlers: [...api({ notifications: manyNotifications(NOTIFICATIONS_PAGE_LIMIT * 2 + 5) }), ...handlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    await expect(within(list).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_LIMIT);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await within(list).findByText(/REQ-2026-01031/)).toBeInTheDocument();
    await expect(within(list).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_LIMIT * 2);
  },
};

/** Nothing yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: [...api({ notifications: [] }), ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No notifications yet')).toBeInTheDocument();
  },
};

/** While the list loads. */
export const Loading: Story = { parameters: { msw: { handlers: [...api({ loading: true }), ...handlers] } } };

/** The list failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [...api({ failList: true }), ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Failed to load notifications. Please try again.'),
    ).toBeInTheDocument();
  },
};
