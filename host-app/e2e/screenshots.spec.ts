import { expect, type Page, test } from '@playwright/test';
import { readDashboardTiles, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/** A full-page shot with transitions finished (the sidebar animates its width) and no toast in the way. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

test.describe('screenshots for review', () => {
  test('captures sign-in, both dashboards, the settings and the collapsed sidebar', async ({ page }) => {
    test.setTimeout(90_000); // eight screens on a shared two-core machine (33 s at load 7)
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await shoot(page, 'login');

    await signIn(page, 'admin@acme.test');
    await readDashboardTiles(page);
    await shoot(page, 'dashboard-acme');

    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name: 'Globex Industries' }).click();
    await expect(page.getByText("Here's what's happening at Globex Industries.")).toBeVisible();
    await readDashboardTiles(page);
    await shoot(page, 'dashboard-globex');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Globex Industries');
    await shoot(page, 'settings');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await shoot(page, 'settings-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.goto('/requisitions/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Requisition' })).toBeVisible();
    await shoot(page, 'pending');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await readDashboardTiles(page);
    // The sidebar is sticky at the viewport's height: a viewport shot shows it as a user sees it.
    await shoot(page, 'dashboard-narrow', false);
  });

  test('captures the requisition list, the create form, the approval queue, a review and a detail under review', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Requisitions [\d,]+ in total$/ }),
    ).toBeVisible();
    // Placeholder rows are hidden from assistive technology: a real row has its number's link.
    await expect(
      page
        .getByRole('table', { name: 'Requisitions' })
        .getByRole('link', { name: /^REQ-\d{4}-\d{5}$/ })
        .first(),
    ).toBeVisible();
    await shoot(page, 'requisitions-list');

    await page.getByRole('link', { name: 'New Requisition' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Requisition' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Cost Center' })).toHaveText('Select a cost center');
    // The action bar sticks to the viewport's bottom: a viewport as tall as the form shows it where a
    // reader scrolled to the end sees it, instead of over the line items of a full-page shot.
    const formHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1366, height: formHeight });
    await shoot(page, 'requisition-create', false);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The seeded data holds a requisition waiting for Mark Evans at level 1 (docs/demo-users.md).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'manager@acme.test');
    await page.goto('/approvals');
    const firstCard = page
      .getByRole('list', { name: 'Approvals awaiting your decision' })
      .getByRole('article')
      .first();
    await expect(firstCard).toBeVisible();
    await shoot(page, 'approval-queue');

    await firstCard.getByRole('link', { name: 'Review & Approve' }).click();
    await expect(page.getByText(/^You are deciding at /)).toBeVisible();
    await shoot(page, 'approval-review');

    await page.getByRole('link', { name: 'Open Requisition' }).click();
    await expect(page.getByRole('button', { name: 'Review' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Approval workflow' })).toBeVisible();
    await shoot(page, 'requisition-detail-under-review');
  });
});
