import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createNotificationApi, NOTIFICATION_NOW } from '../test/notificationHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { NotificationBell } from './NotificationBell';

const ORGANIZATION = '00000000-0000-4000-8000-000000000001';

function setup(options?: Parameters<typeof createNotificationApi>[0], pollMs?: number) {
  const api = createNotificationApi(options);
  server.use(...api.handlers);
  const rendered = renderScreen(
    <NotificationBell
      organizationId={ORGANIZATION}
      now={() => NOTIFICATION_NOW}
      {...(pollMs ? { pollMs } : {})}
    />,
    { signedIn: true },
  );
  return { ...rendered, api };
}

describe('NotificationBell', () => {
  it('names the unread count and shows it as a badge', async () => {
    setup();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('2');
  });

  it('opens a panel of the latest, unread ones marked, with relative times', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('link', { name: /REQ-2026/ });
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAccessibleName(/^Unread: REQ-2026-00012 from Sarah Lee awaits your decision/);
    expect(items[2]).toHaveAccessibleName(/^Your requisition REQ-2026-00004 was approved/);
    expect(items[0]).toHaveAttribute('href', '/approvals/00000000-0000-4000-8000-000000009101');
    expect(items[2]).toHaveAttribute('href', '/requisitions/00000000-0000-4000-8000-000000009103');
    expect(within(panel).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('marks one read when chosen, goes to it, and the count drops', async () => {
    const { user, api, navigate } = setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('link', { name: /REQ-2026-00012/ }));
    expect(navigate).toHaveBeenCalledWith('/approvals/00000000-0000-4000-8000-000000009101');
    await waitFor(() => expect(api.items[0]!.read_at).not.toBeNull());
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all as read', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, no unread' })).toBeInTheDocument();
  });

  it('shows a new notification without a reload (the poll)', async () => {
    const { api } = setup({ notifications: [] }, 200);
    expect(await screen.findByRole('button', { name: 'Notifications, no unread' })).toBeInTheDocument();
    api.items.unshift({
      id: '00000000-0000-4000-8000-000000009999',
      kind: 'requisition_rejected',
      message: 'Your requisition REQ-2026-00020 was rejected by Mark Evans.',
      subject_type: 'requisition',
      subject_id: '00000000-0000-4000-8000-000000009199',
      requisition_id: '00000000-0000-4000-8000-000000009199',
      read_at: null,
      created_at: NOTIFICATION_NOW.toISOString(),
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });

  it('asks for the latest only when the panel is about to open, not with the page', async () => {
    const listed: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/notifications')) listed.push(url.search);
    };
    server.events.on('request:start', record);
    try {
      const { user } = setup();
      const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
      expect(listed).toEqual([]);
      await user.hover(bell);
      await waitFor(() => expect(listed).toHaveLength(1));
      await user.click(bell);
      const panel = await screen.findByRole('dialog', { name: 'Notifications' });
      expect(await within(panel).findAllByRole('link', { name: /REQ-2026/ })).toHaveLength(3);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('says when there is nothing', async () => {
    const { user } = setup({ notifications: [] });
    await user.click(await screen.findByRole('button', { name: 'Notifications, no unread' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
  });
});
