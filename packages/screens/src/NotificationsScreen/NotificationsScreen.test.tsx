import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createNotificationApi, NOTIFICATION_NOW } from '../test/notificationHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { NotificationsScreen } from './NotificationsScreen';

describe('NotificationsScreen', () => {
  it('lists the notifications newest first; choosing one marks it read and opens its page', async () => {
    const api = createNotificationApi();
    server.use(...api.handlers);
    const { user, navigate } = renderScreen(<NotificationsScreen now={() => NOTIFICATION_NOW} />, {
      signedIn: true,
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAccessibleName(/REQ-2026-00012/);
    await user.click(links[1]!);
    expect(navigate).toHaveBeenCalledWith('/approvals/00000000-0000-4000-8000-000000009102');
    await waitFor(() => expect(api.items[1]!.read_at).not.toBeNull());
  });

  it('says so when there is nothing', async () => {
    server.use(...createNotificationApi({ notifications: [] }).handlers);
    renderScreen(<NotificationsScreen />, { signedIn: true });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
