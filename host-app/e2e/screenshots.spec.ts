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
  test('captures sign-in, both dashboards, a coming-soon page and the collapsed sidebar', async ({
    page,
  }) => {
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

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByText('This feature is coming soon.')).toBeVisible();
    await shoot(page, 'coming-soon');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await shoot(page, 'coming-soon-collapsed');
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
});
