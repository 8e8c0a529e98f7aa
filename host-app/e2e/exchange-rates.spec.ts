import { expect, test } from '@playwright/test';
import { chooseOption, expectToast } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/**
 * Exchange Rates (issue 13) through the real UI, as Alex Morgan (admin@acme.test, Admin of ACME, base
 * currency AUD): the seeded rates (EUR, GBP, USD), a CHF rate added from today and changed, a second
 * one on the same day refused, and the screen at 1280 and 390 pixels wide. CHF is no other spec's.
 */
test.describe('exchange rates', () => {
  test('an admin adds a rate, changes it, and cannot add a second one for the same day', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });

    const table = () => page.getByRole('table', { name: 'Exchange Rates' });
    await test.step('1. The sidebar leads to the rates: the seeded ones', async () => {
      await signIn(page, 'admin@acme.test');
      await mainNavigation(page).getByRole('link', { name: 'Exchange Rates' }).click();
      await expect(page).toHaveURL(/\/admin\/exchange-rates$/);
      await expect(page.getByText(/Rates into AUD, the organization's base currency/)).toBeVisible();
      await expect(table().getByRole('row').filter({ hasText: '1 USD = 1.53 AUD' })).toContainText(
        'In effect',
      );
      await expect(table().getByRole('row').filter({ hasText: '1 EUR = 1.61 AUD' })).toContainText(
        'Superseded',
      );
    });

    await test.step('2. Alex adds a CHF rate from today: it is in effect', async () => {
      await page.getByRole('button', { name: 'Add Rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Exchange Rate' });
      await chooseOption(dialog, 'Currency', 'CHF Swiss Franc');
      await dialog.getByRole('textbox', { name: /Rate \(AUD per 1 CHF\)/ }).fill('1.65');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await expectToast(page, 'Exchange rate added');
      await expect(dialog).toBeHidden();
      // By currency: CHF comes first.
      const row = table().getByRole('row').nth(1);
      await expect(row).toContainText('1 CHF = 1.65 AUD');
      await expect(row).toContainText('In effect');
      await page.screenshot({
        path: `${SHOTS}/exchange-rates-1280.png`,
        fullPage: true,
        animations: 'disabled',
      });
    });

    await test.step('3. Alex changes the rate', async () => {
      await page.getByRole('button', { name: /^Edit the CHF rate from/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Exchange Rate' });
      const rate = dialog.getByRole('textbox', { name: /Rate/ });
      await rate.fill('1.7025');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Exchange rate updated');
      await expect(page.getByText('1 CHF = 1.7025 AUD').filter({ visible: true })).toBeVisible();
    });

    await test.step('4. A second CHF rate on the same day is refused on its field', async () => {
      await page.getByRole('button', { name: 'Add Rate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Exchange Rate' });
      await chooseOption(dialog, 'Currency', 'CHF Swiss Franc');
      await dialog.getByRole('textbox', { name: /Rate/ }).fill('2');
      await dialog.getByRole('button', { name: 'Add Rate' }).click();
      await expect(dialog.getByText(/CHF already has a rate from/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('5. On a phone the screen still reads', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByText('1 CHF = 1.7025 AUD').filter({ visible: true })).toBeVisible();
      await page.screenshot({
        path: `${SHOTS}/exchange-rates-390.png`,
        fullPage: true,
        animations: 'disabled',
      });
      await page.getByRole('button', { name: 'Add Rate' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Exchange Rate' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/exchange-rates-390-dialog.png`, animations: 'disabled' });
    });
  });
});
