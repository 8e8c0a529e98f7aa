import { expect, test } from '@playwright/test';
import { readDashboardTiles, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

test.describe('screenshots for review', () => {
  test('captures sign-in, both dashboards, a coming-soon page and the collapsed sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login.png`, fullPage: true });

    await signIn(page, 'admin@acme.test');
    await readDashboardTiles(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-acme.png`, fullPage: true });

    await page.getByRole('combobox', { name: 'Organization' }).click();
    await page.getByRole('option', { name: 'Globex Industries' }).click();
    await expect(page.getByText("Here's what's happening at Globex Industries.")).toBeVisible();
    await readDashboardTiles(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-globex.png`, fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByText('This feature is coming soon.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/coming-soon.png`, fullPage: true });

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/coming-soon-collapsed.png`, fullPage: true });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.goto('/requisitions/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Requisition' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/pending.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await readDashboardTiles(page);
    await page.screenshot({ path: `${SHOTS}/dashboard-narrow.png`, fullPage: true });
  });
});
