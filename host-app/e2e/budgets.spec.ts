import { expect, type Page, test } from '@playwright/test';
import { chooseOption, expectToast } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/** The budget table's row of a cost centre (its row header starts with the code). */
function budgetRow(page: Page, code: string) {
  return page
    .getByRole('table', { name: 'Budgets' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${code}\\b`) }) });
}

/**
 * Budget Management (issue 13) through the real UI, as Alex Morgan (admin@acme.test, Admin of ACME):
 * the seeded budgets of the current fiscal year, a budget added for next year and its allocation
 * changed, a second budget for the same cost centre and year refused, the chosen year kept in the URL
 * through a reload, and the screen at 1280 and 390 pixels wide.
 */
test.describe('budget management', () => {
  test('an admin adds a budget for next year, changes its allocation, and cannot add it twice', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const currentYear = new Date().getUTCFullYear();
    const nextYear = currentYear + 1;
    await page.setViewportSize({ width: 1280, height: 900 });

    await test.step('1. The sidebar leads to the budgets of the current fiscal year', async () => {
      await signIn(page, 'admin@acme.test');
      await mainNavigation(page).getByRole('link', { name: 'Budgets' }).click();
      await expect(page).toHaveURL(/\/budgets$/);
      await expect(page.getByRole('heading', { level: 1, name: /Budget Management/ })).toBeVisible();
      await expect(budgetRow(page, 'CC-100')).toContainText('Corporate Services');
      await expect(budgetRow(page, 'CC-100')).toContainText('$250,000.00');
      await expect(page.getByRole('combobox', { name: 'Budget policy' })).toHaveText(
        'Require Finance approval',
      );
      await page.screenshot({ path: `${SHOTS}/budgets-1280.png`, fullPage: true, animations: 'disabled' });
    });

    await test.step('2. Next year has no budgets; Alex adds one for CC-100', async () => {
      await chooseOption(page, 'Fiscal year', `FY ${nextYear}`);
      // The year lives in the URL, so a reload or a shared link shows it again.
      await expect(page).toHaveURL(new RegExp(`/budgets\\?fiscal_year=${nextYear}$`));
      await expect(page.getByText('No budgets for this fiscal year')).toBeVisible();
      await page.getByRole('button', { name: 'Add Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Budget' });
      await chooseOption(dialog, 'Cost Center', 'CC-100 Corporate Services');
      await expect(dialog.getByRole('spinbutton', { name: 'Fiscal Year' })).toHaveValue(String(nextYear));
      await dialog.getByRole('spinbutton', { name: /Allocated Amount/ }).fill('80000');
      await dialog.getByRole('button', { name: 'Add Budget' }).click();
      await expectToast(page, 'Budget created successfully');
      await expect(dialog).toBeHidden();
      await expect(budgetRow(page, 'CC-100')).toContainText('$80,000.00');
    });

    await test.step('3. Alex changes its allocation', async () => {
      await budgetRow(page, 'CC-100').getByRole('button', { name: 'Edit budget of CC-100' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Budget' });
      // The dialog focuses its first field as it opens: fill once it has, so the focus does not reset it.
      const amount = dialog.getByRole('spinbutton', { name: /Allocated Amount/ });
      await expect(async () => {
        await amount.fill('95000.50');
        await expect(amount).toHaveValue('95000.50', { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await dialog.getByRole('button', { name: 'Save Budget' }).click();
      await expectToast(page, 'Budget updated successfully');
      await expect(budgetRow(page, 'CC-100')).toContainText('$95,000.50');
    });

    await test.step('4. A second budget for CC-100 in that year is refused', async () => {
      await page.getByRole('button', { name: 'Add Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Budget' });
      await chooseOption(dialog, 'Cost Center', 'CC-100 Corporate Services');
      await dialog.getByRole('spinbutton', { name: /Allocated Amount/ }).fill('1');
      await dialog.getByRole('button', { name: 'Add Budget' }).click();
      await expectToast(page, 'This cost center already has a budget for that fiscal year');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('5. On a phone, after a reload, the screen still shows next year', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: /Budget Management/ })).toBeVisible();
      // A card per budget instead of the table's seven columns.
      await expect(page.getByRole('table', { name: 'Budgets' })).toBeHidden();
      // The reload keeps the fiscal year of the URL, with the budget added for it.
      await expect(page).toHaveURL(new RegExp(`/budgets\\?fiscal_year=${nextYear}$`));
      await expect(page.getByRole('combobox', { name: 'Fiscal year' })).toHaveText(`FY ${nextYear}`);
      await expect(page.getByRole('article', { name: 'CC-100 Corporate Services' })).toContainText(
        '$95,000.50',
      );
    });

    await test.step('6. Back on the current fiscal year, the phone screenshots', async () => {
      await chooseOption(page, 'Fiscal year', `FY ${currentYear}`);
      await expect(page).toHaveURL(new RegExp(`/budgets\\?fiscal_year=${currentYear}$`));
      await expect(page.getByRole('article', { name: 'CC-100 Corporate Services' })).toContainText(
        '$250,000.00',
      );
      await page.screenshot({ path: `${SHOTS}/budgets-390.png`, fullPage: true, animations: 'disabled' });
      await page.getByRole('button', { name: 'Add Budget' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Budget' })).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/budgets-390-dialog.png`,
        fullPage: false,
        animations: 'disabled',
      });
    });
  });
});
