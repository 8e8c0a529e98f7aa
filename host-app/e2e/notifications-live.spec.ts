import { expect, type Page, test } from '@playwright/test';
import { outboxMailsTo } from './support/admin';
import { snapshot, switchUser, toastWith, uniqueText } from './support/approvals';
import { actThroughApi, apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { signIn } from './support/session';

/**
 * The bell (issue 15 item 1), the sentences the first spec leaves: a new notification arrives while
 * the page stays open (the bell polls with its ETag, no reload); a decision taken elsewhere takes the
 * "awaiting your decision" notification off the count (it settles when nobody can act on it any more);
 * per-kind in-app and email choices and the daily digest are saved on /settings/notifications and
 * honoured by the next event. Mike Manager (manager@acme.test) and his report Uma (user@acme.test).
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
const MANAGER = 'manager@acme.test';

test.describe('the bell, live', () => {
  test.afterAll(async ({ request }) => {
    // Everything on again, no digest: other specs expect Mike's mails.
    const manager = await apiSession(request, MANAGER);
    const kinds = Object.fromEntries(
      [
        'approval_requested',
        'step_delegated',
        'requisition_approved',
        'requisition_rejected',
        'requisition_info_requested',
        'order_received',
        'reminder',
        'escalation',
      ].map((kind) => [kind, { in_app: true, email: true }]),
    );
    const reset = await request.put('/api/users/me/notification-preferences', {
      headers: manager.headers,
      data: { kinds, daily_digest: false },
    });
    expect(reset.ok(), await reset.text()).toBe(true);
  });

  test('a new notification arrives without a reload; deciding it elsewhere clears it', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const manager = await apiSession(request, MANAGER);
    const uma = await apiSession(request, 'user@acme.test');
    await request.post('/api/notifications/read-all', { headers: manager.headers });

    await signIn(page, MANAGER);
    await expect(bell(page)).toHaveAccessibleName('Notifications, no unread');
    // A mark on this document: a reload or navigation would lose it.
    await page.evaluate(() => {
      (window as unknown as { __stillHere: boolean }).__stillHere = true;
    });

    const requisition = await submitThroughApi(request, uma, {
      justification: uniqueText('Live bell'),
      description: 'Desk fan',
      unitPrice: 35,
    });
    // The bell asks every 30 s (If-None-Match): the count changes on its own.
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 45_000 });
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(
      true,
    );
    await snapshot(page, 'bell-live-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(bell(page)).toBeVisible();
    await snapshot(page, 'bell-live-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Mike decides from elsewhere (another device, the API): nothing awaits him any more.
    const approved = await actThroughApi(request, manager, requisition.id, 'approve');
    expect(approved.ok(), await approved.text()).toBe(true);
    await expect(bell(page)).toHaveAccessibleName('Notifications, no unread', { timeout: 45_000 });
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(
      true,
    );

    // Uma's bell: hers was approved, and the item leads to it.
    await switchUser(page, 'user@acme.test');
    await bell(page).click();
    const item = page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: `Unread: Your requisition ${requisition.number} was approved.` });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
  });

  test('per-kind choices and the daily digest are saved, and the next event honours them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, MANAGER);
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
    const inApp = page.getByRole('checkbox', { name: 'A requisition awaits my decision: in app' });
    const email = page.getByRole('checkbox', { name: 'A requisition awaits my decision: email' });
    const digest = page.getByRole('switch', { name: 'Daily digest' });
    await expect(inApp).toBeChecked();
    await inApp.click();
    await email.click();
    await digest.click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toastWith(page, 'Notification settings saved')).toBeVisible();

    await page.reload();
    await expect(inApp).not.toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(digest).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'An approval is delegated to me: in app' }),
    ).toBeChecked();
    await shotFromTop(page, 'notification-settings-saved-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(digest).toBeChecked();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await shotFromTop(page, 'notification-settings-saved-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Uma submits: Mike's step opens, but he chose neither the bell nor the mail for it.
    const manager = await apiSession(request, MANAGER);
    await request.post('/api/notifications/read-all', { headers: manager.headers });
    const requisition = await submitThroughApi(request, await apiSession(request, 'user@acme.test'), {
      justification: uniqueText('Quiet bell'),
      description: 'Cable tray',
      unitPrice: 25,
    });
    const listed = (await (
      await request.get('/api/notifications?limit=20', { headers: manager.headers })
    ).json()) as { notifications: { requisition_id: string }[]; unread_count: number };
    expect(listed.notifications.filter((n) => n.requisition_id === requisition.id)).toEqual([]);
    expect(listed.unread_count).toBe(0);
    const mails = await outboxMailsTo(MANAGER);
    expect(mails.filter((mail) => mail.subject === `Awaiting your decision: ${requisition.number}`)).toEqual(
      [],
    );
    // It still waits in his queue: only the telling was turned off.
    await page.goto('/approvals');
    await page.getByRole('searchbox', { name: 'Search approvals' }).fill(requisition.number);
    await expect(page.getByRole('article', { name: requisition.number })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, no unread');
  });
});
