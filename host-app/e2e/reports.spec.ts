import { expect, type Page, test } from '@playwright/test';
import { chooseOption, downloadedBytes, downloadFrom } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/reports-${name}.png`, fullPage: true, animations: 'disabled' });
}

const REPORTS = ['Spend', 'Budget against actual', 'Approval cycle time', 'Open commitments'];

/**
 * Reports (issue 16 item 4) through the real UI and API. Frank Li (finance@acme.test, Finance Manager:
 * `report.view`) opens Reports from the sidebar, sees the four reports with their tables, regroups
 * spend by cost centre, filters by a cost centre and a period (kept in the URL), and exports a report
 * as CSV; Uma Patel (user@acme.test, User) has no Reports entry. Screenshots at 1440 and 390 wide.
 */
test.describe('reports', () => {
  test('a finance manager reads, filters and exports the reports', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. The sidebar leads to the four reports, each with its table', async () => {
      await signIn(page, 'finance@acme.test');
      await mainNavigation(page).getByRole('link', { name: 'Reports' }).click();
      await expect(page).toHaveURL(/\/reports$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
      for (const name of REPORTS) {
        await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('table', { name: 'Spend' }).getByRole('rowheader').first()).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Budget against actual' }).getByRole('rowheader').first(),
      ).toBeVisible();
      await shoot(page, '1440');
    });

    await test.step('2. Spend by cost centre, then one cost centre and a period, in the URL', async () => {
      await chooseOption(page, 'Spend by', 'Cost center');
      const spend = page.getByRole('table', { name: 'Spend' });
      await expect(spend.getByRole('columnheader', { name: 'Cost center' })).toBeVisible();
      const first = (await spend.getByRole('rowheader').first().textContent()) ?? '';
      await chooseOption(page, 'Cost center', first);
      await expect(page).toHaveURL(/cost_center_id=[0-9a-f-]{36}/);
      await expect(spend.getByRole('rowheader')).toHaveCount(1);
      await chooseOption(page, 'Period', 'This year');
      await expect(page).toHaveURL(/from=\d{4}-01-01/);
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Period', exact: true })).toHaveText('This year');
      await expect(page.getByRole('combobox', { name: 'Cost center', exact: true })).toHaveText(first);
    });

    await test.step('3. Export CSV downloads the report as the server writes it', async () => {
      const download = await downloadFrom(
        page,
        page.getByRole('button', { name: 'Export CSV of budget against actual' }),
      );
      expect(download.suggestedFilename()).toMatch(/^budget-vs-actual-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await downloadedBytes(download)).toString('utf8');
      expect(text.startsWith('\uFEFFCost Center,Budget,Committed,Spent,Available,Currency\r\n')).toBe(true);
    });

    await test.step('4. On a phone the charts and tables fit the width', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/reports');
      await expect(page.getByRole('table', { name: 'Open commitments' })).toBeVisible({ timeout: 60_000 });
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways).toBeLessThanOrEqual(0);
      await shoot(page, '390');
    });
  });

  test('a user without report.view has no Reports entry', async ({ page }) => {
    await signIn(page, 'user@acme.test');
    await expect(mainNavigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Reports' })).toHaveCount(0);
  });
});
