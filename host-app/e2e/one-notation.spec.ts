import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

/**
 * Issue 19, items 8, 9 and 12 in the real app: the header names the program (the host once passed
 * each route's title), date fields show no format token, money reads one way, and a refused line
 * says why and stays out of the running total.
 */
test.describe('one notation, one page head', () => {
  test('a new requisition: program title, its own head, a human date field, refused lines out of the total', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions/create');

    const header = page.getByRole('banner');
    await expect(header).toContainText('Purchasing Platform');
    await expect(header.getByRole('heading')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Create Requisition');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Requisition' })).toBeVisible();

    const delivery = page.getByRole('textbox', { name: /^Delivery Date/ });
    await expect(delivery).not.toHaveAttribute('placeholder', /yyyy/i);
    await delivery.fill('2099-06-30');
    await delivery.press('Enter');
    await expect(delivery).toHaveValue('30 Jun 2099');

    const item = page.getByRole('group', { name: 'Item 1' });
    const price = item.getByRole('spinbutton', { name: /^Unit Price/ });
    await price.fill('100');
    await price.blur();
    await expect(price.locator('xpath=..')).toContainText('$');
    await expect(price.locator('xpath=..')).not.toContainText('A$');
    const quantity = item.getByRole('spinbutton', { name: /^Quantity/ });
    await quantity.fill('0');
    await quantity.blur();
    await expect(quantity).toHaveValue('0');
    await expect(item.getByText('Quantity must be at least 1')).toBeVisible();
    const total = page.getByText('Estimated total').locator('..');
    await expect(total).toContainText('$0.00');
    await quantity.fill('2');
    await quantity.blur();
    await expect(total).toContainText('$200.00');
  });

  test("the order list's button is the specification's 'Create PO'", async ({ page }) => {
    await signIn(page, 'finance@acme.test');
    await page.goto('/purchase-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create PO', exact: true })).toBeVisible();
  });
});
