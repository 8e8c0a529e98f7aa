import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http } from '../test/handlers';
import { createNotificationApi, manyNotifications, NOTIFICATION_NOW } from '../test/notificationHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { NOTIFICATIONS_PAGE_LIMIT, NotificationsScreen } from './NotificationsScreen';

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

  it('pages through every notification with Load more, without duplicates, until the last page', async () => {
    const total = NOTIFICATIONS_PAGE_LIMIT * 2 + 5;
    const api = createNotificationApi({ notifications: manyNotifications(total) });
    server.use(...api.handlers);
    const { user } = renderScreen(<NotificationsScreen now={() => NOTIFICATION_NOW} />, { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_LIMIT);
    // The newest first; the 31st is not loaded yet.
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(/REQ-2026-01001/);
    expect(screen.queryByText(/REQ-2026-01031/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_LIMIT * 2));
    expect(within(list).getAllByRole('link')[NOTIFICATIONS_PAGE_LIMIT]).toHaveAccessibleName(
      /REQ-2026-01031/,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(total));
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(new Set(names).size).toBe(total);
    expect(within(list).getAllByRole('link')[total - 1]).toHaveAccessibleName(/REQ-2026-01065/);
    // The last page: no more to load, and the heading counts them all once known.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows no Load more when everything fits on the first page', async () => {
    server.use(...createNotificationApi().handlers);
    renderScreen(<NotificationsScreen now={() => NOTIFICATION_NOW} />, { signedIn: true });
    await screen.findByRole('list', { name: 'Notifications' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks all as read across pages: every notification loaded shows read afterwards', async () => {
    const total = NOTIFICATIONS_PAGE_LIMIT + 10;
    // Unread ones on both pages: the first three and the last.
    const items = manyNotifications(total);
    items[total - 1]!.read_at = null;
    const api = createNotificationApi({ notifications: items });
    server.use(...api.handlers);
    const { user } = renderScreen(<NotificationsScreen now={() => NOTIFICATION_NOW} />, { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(await screen.findByText('4 unread')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(total));
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.items.every((n) => n.read_at !== null)).toBe(true));
    // Both pages refetched: the list still holds every notification, none unread.
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(total));
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('keeps the loaded notifications when the next page fails, and tries again', async () => {
    const total = NOTIFICATIONS_PAGE_LIMIT + 5;
    const api = createNotificationApi({ notifications: manyNotifications(total) });
    let failNext = true;
    server.use(
      http.get('/notifications', ({ request, response }) => {
        if (failNext && new URL(request.url).searchParams.has('cursor')) {
          failNext = false;
          return response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] });
        }
        return undefined;
      }),
      ...api.handlers,
    );
    const { user } = renderScreen(<NotificationsScreen now={() => NOTIFICATION_NOW} />, { signedIn: true });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByText('Failed to load more notifications. Please try again.'),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('link')).toHaveLength(NOTIFICATIONS_PAGE_LIMIT);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(total));
    expect(
      screen.queryByText('Failed to load more notifications. Please try again.'),
    ).not.toBeInTheDocument();
  });
});
