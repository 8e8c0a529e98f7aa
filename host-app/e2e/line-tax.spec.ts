import { expect, type Page, test } from '@playwright/test';
import {
  chooseOption,
  expectToast,
  fillLine,
  lineItem,
  lineItemsTable,
  lineRow,
} from './support/requisitions';
import { signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/** A shot as tall as the page, so the sticky action bar shows where a reader who scrolled to the end sees it. */
async function shootWhole(page: Page, name: string, width: number): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
  await page.setViewportSize({ width, height: 900 });
}

/**
 * Issue 19, item 9 in the real app: a line states its tax rate, the running total and the detail say
 * the subtotal and tax, and the demo's GST lines carry their rate.
 */
test.describe('line tax', () => {
  test('a line taxed at 10%: its tax under Tax %, Subtotal and Tax in the running total and on the detail', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions/create');
    await chooseOption(page, 'Cost Center', 'CC-200 - Information Technology');
    await chooseOption(page, 'GL Account', '6100 - Office Supplies');
    await fillLine(page, 1, { description: 'Standing desk', quantity: 2, unitPrice: '450' });
    const item = lineItem(page, 1);
    const rate = item.getByRole('spinbutton', { name: 'Tax %' });
    await rate.fill('150');
    await rate.blur();
    await expect(item.getByText('Tax rate must be between 0 and 100')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Estimated total' })).toHaveText('$0.00');
    await rate.fill('10');
    await rate.blur();
    await expect(item.getByText('Tax: $90.00')).toBeVisible();
    await expect(page.getByText('Subtotal $900.00 · Tax $90.00')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Estimated total' })).toHaveText('$990.00');
    await shootWhole(page, 'line-tax-form-1440', 1440);
    await shootWhole(page, 'line-tax-form-390', 390);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expectToast(page, 'Requisition saved as draft');
    await expect(page).toHaveURL(/\/requisitions\/[0-9a-f-]{36}$/);
    const rows = lineItemsTable(page).getByRole('row');
    await expect(rows.nth(-3)).toHaveText(/Subtotal\s*\$900\.00/);
    await expect(rows.nth(-2)).toHaveText(/Tax\s*\$90\.00/);
    await expect(rows.last()).toHaveText(/Total\s*\$990\.00/);
    await expect(lineRow(page, 'Standing desk')).toContainText('incl. $90.00 tax at 10%');
    await page.screenshot({
      path: `${SHOTS}/line-tax-detail-1440.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows.last()).toBeVisible();
    await page.screenshot({
      path: `${SHOTS}/line-tax-detail-390.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // The edit form shows the rate again, not an amount.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${new URL(page.url()).pathname}/edit`);
    await expect(lineItem(page, 1).getByRole('spinbutton', { name: 'Tax %' })).toHaveValue('10');
  });

  test('the demo’s GST lines state their rate', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin@acme.test');
    await page.goto('/requisitions');
    // Every demo line carries 10% GST unless its fixture quotes an amount: the newest requisition does.
    await page
      .getByRole('table', { name: 'Requisitions' })
      .getByRole('link', { name: /^REQ-\d{4}-\d{5}$/ })
      .first()
      .click();
    await expect(
      lineItemsTable(page)
        .getByText(/tax at 10%$/)
        .first(),
    ).toBeVisible();
    await expect(lineItemsTable(page).getByRole('rowheader', { name: 'Subtotal' })).toBeVisible();
  });
});
