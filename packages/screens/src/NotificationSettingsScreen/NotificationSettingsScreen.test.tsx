import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createNotificationApi } from '../test/notificationHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { NotificationSettingsScreen } from './NotificationSettingsScreen';

describe('NotificationSettingsScreen', () => {
  it('shows every kind × in app / email checked and the digest off, then saves what was changed', async () => {
    const api = createNotificationApi();
    server.use(...api.handlers);
    const { user } = renderScreen(<NotificationSettingsScreen />, { signedIn: true });
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes).toHaveLength(16);
    for (const box of boxes) expect(box).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'My requisition is approved: in app' }));
    await user.click(screen.getByRole('switch', { name: 'Daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.saved).toHaveLength(1);
    expect(api.saved[0]!.daily_digest).toBe(true);
    expect(api.saved[0]!.kinds.requisition_approved).toEqual({ in_app: false, email: true });
    expect(api.saved[0]!.kinds.approval_requested).toEqual({ in_app: true, email: true });
  });
});
