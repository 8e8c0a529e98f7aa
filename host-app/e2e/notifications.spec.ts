import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { createRequisition, snapshot, switchUser, uniqueText } from './support/approvals';
import { databaseUrl, e2eDatabaseName } from './support/environment';
import { signIn } from './support/session';

/**
 * The bell (issue 15 item 1) through the real UI against the real API: Mike Manager
 * (manager@acme.test) starts with nothing unread; his report (user@acme.test) submits a requisition;
 * his bell says "Notifications, 1 unread"; he opens the panel, clicks the notification, lands on the
 * approval review, and the count is back to 0. Then the settings screen from the panel. Screenshots
 * of the open panel and the settings at 1440 and 390 pixels wide.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, / });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test.describe('the bell', () => {
  test('a submission lights the manager’s bell; clicking through opens the approval and clears it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. The manager starts with nothing unread', async () => {
      await signIn(page, 'manager@acme.test');
      await expect(bell(page)).toBeVisible();
      await bell(page).click();
      const markAll = panel(page).getByRole('button', { name: 'Mark all as read' });
      if (await markAll.isEnabled()) await markAll.click();
      await expect(bell(page)).toHaveAccessibleName('Notifications, no unread');
      await page.keyboard.press('Escape');
    });

    const requisition = await test.step('2. His report submits a requisition', async () => {
      await switchUser(page, 'user@acme.test');
      return createRequisition(page, {
        justification: uniqueText('Bell test monitors'),
        description: 'Monitor arm',
        quantity: 1,
        unitPrice: 80,
        expectedTotal: '$80.00',
      });
    });

    await test.step('3. The manager’s bell shows 1; he opens it and clicks through to the approval', async () => {
      await switchUser(page, 'manager@acme.test');
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(page).click();
      const item = panel(page).getByRole('link', { name: new RegExp(`^Unread: ${requisition.number} from`) });
      await expect(item).toBeVisible();
      await expect(item).toContainText('awaits your decision (Manager Approval)');
      await snapshot(page, 'bell-panel-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(item).toBeVisible();
      const box = await panel(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await snapshot(page, 'bell-panel-390', false);
      await page.setViewportSize({ width: 1440, height: 900 });
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/approvals/${requisition.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('Notifications, no unread');
    });

    await test.step('4. Every notification on its page, the one read no longer marked', async () => {
      await bell(page).click();
      await panel(page).getByRole('link', { name: 'View all notifications' }).click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('heading', { level: 1, name: /^Notifications/ })).toBeVisible();
      await expect(panel(page)).toBeHidden();
      const list = page.getByRole('main').getByRole('list', { name: 'Notifications', exact: true });
      await expect(list.getByRole('link', { name: new RegExp(`^${requisition.number} from`) })).toBeVisible();
      await snapshot(page, 'notifications-page-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      // The shell lays itself out for a phone on the resize's next render: poll, do not read once.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await snapshot(page, 'notifications-page-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('5. The notification settings from the panel', async () => {
      await bell(page).click();
      await panel(page).getByRole('link', { name: 'Notification settings' }).click();
      await expect(page).toHaveURL(/\/settings\/notifications$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notification Settings' })).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(16);
      await snapshot(page, 'notification-settings-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('switch', { name: 'Daily digest' })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await snapshot(page, 'notification-settings-390');
    });
  });

  test('the notifications page pages through every notification with Load more', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    // 100 older notifications of Mike's in Acme (four pages of 30), written straight to the database: the
    // page's paging is what is tested, not how they came.
    const client = new pg.Client({ connectionString: databaseUrl(e2eDatabaseName()) });
    await client.connect();
    let total: number;
    try {
      // Only these 100: earlier specs leave the manager a varying number.
      await client.query(
        `DELETE FROM notifications n USING users u, organizations o
          WHERE n.user_id = u.id AND n.organization_id = o.id AND u.email = 'manager@acme.test' AND o.name LIKE 'Acme%'`,
      );
      await client.query(
        `INSERT INTO notifications (organization_id, user_id, kind, message, subject_type, subject_id, requisition_id, read_at, created_at)
         SELECT m.organization_id, u.id, 'requisition_approved', 'Paging notice ' || g || ' of 100.', 'requisition',
                gen_random_uuid(), gen_random_uuid(), now() - interval '30 days', now() - interval '20 days' - g * interval '1 hour'
           FROM users u JOIN user_organizations m ON m.user_id = u.id JOIN organizations o ON o.id = m.organization_id
           CROSS JOIN generate_series(1, 100) g
          WHERE u.email = 'manager@acme.test' AND o.name LIKE 'Acme%'`,
      );
      const counted = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications n JOIN users u ON u.id = n.user_id
           JOIN organizations o ON o.id = n.organization_id
          WHERE u.email = 'manager@acme.test' AND o.name LIKE 'Acme%'`,
      );
      total = counted.rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
    expect(total).toBe(100);

    await signIn(page, 'manager@acme.test');
    await page.goto('/notifications');
    const list = page.getByRole('main').getByRole('list', { name: 'Notifications', exact: true });
    await expect(list.getByRole('link')).toHaveCount(30);
    const more = page.getByRole('button', { name: 'Load more' });
    await more.scrollIntoViewIfNeeded();
    await snapshot(page, 'notifications-load-more-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await more.scrollIntoViewIfNeeded();
    await expect(more).toBeInViewport();
    await snapshot(page, 'notifications-load-more-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });
    await more.click();
    await expect(list.getByRole('link')).toHaveCount(Math.min(60, total));
    // One click per page, each waited for: the button is busy (disabled) while its page loads and is gone
    // after the last, so a loop on its mere visibility would click a busy button that then disappears.
    for (let loaded = 60; loaded < total; ) {
      await expect(more).toBeEnabled();
      await more.click();
      loaded = Math.min(loaded + 30, total);
      await expect(list.getByRole('link')).toHaveCount(loaded);
    }
    await expect(list.getByRole('link')).toHaveCount(total);
    await expect(list.getByRole('link').first()).toContainText('Paging notice 1 of 100.');
    await expect(list.getByRole('link').last()).toContainText('Paging notice 100 of 100.');
    await expect(more).toBeHidden();
    await snapshot(page, 'notifications-paged-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await snapshot(page, 'notifications-paged-390', false);
  });
});
