import { expect, type Page, test } from '@playwright/test';
import { chooseOption, expectToast } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/vendors-${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * Vendors (issue 16 item 1) through the real UI and API. Alex Morgan (admin@acme.test, Admin of ACME:
 * `vendor.manage`) creates a vendor, finds it in the list, edits it, opens its page and deactivates
 * it, after which it is listed under Inactive; Uma Patel (user@acme.test, User) sees the list without
 * New Vendor. Screenshots of the list, the form and the detail at 1440 and 390 pixels wide.
 */
test.describe('vendors', () => {
  test('an admin creates, finds, edits and deactivates a vendor', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    // Unique per run, so the spec passes again on a database that kept an earlier run's vendor.
    const name = `Southern Cross Couriers ${Date.now().toString(36)}`;
    const row = () => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

    await test.step('1. The sidebar leads to the vendors; New Vendor opens the form', async () => {
      await signIn(page, 'admin@acme.test');
      await mainNavigation(page).getByRole('link', { name: 'Vendors' }).click();
      await expect(page).toHaveURL(/\/vendors$/);
      await expect(page.getByRole('heading', { level: 1, name: /^Vendors/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Vendors' }).getByRole('rowheader').first()).toBeVisible();
      await shoot(page, 'list-1440');
      await page.getByRole('link', { name: 'New Vendor' }).click();
      await expect(page).toHaveURL(/\/vendors\/new$/);
      await expect(page.getByRole('heading', { level: 1, name: 'New Vendor' })).toBeVisible();
    });

    await test.step('2. Alex fills in the vendor and creates it: its page opens', async () => {
      await page.getByRole('textbox', { name: /^Name/ }).fill(name);
      await page.getByRole('textbox', { name: /^Tax Number/ }).fill('ABN 33 102 417 032');
      await page.getByRole('textbox', { name: /^Contact/ }).fill('Jess Harper');
      await page.getByRole('textbox', { name: /^Email/ }).fill('accounts@sccouriers.example');
      await page.getByRole('textbox', { name: /^Phone/ }).fill('+61 3 9600 7000');
      await page.getByRole('textbox', { name: /^Website/ }).fill('sccouriers.example');
      await page.getByRole('textbox', { name: 'Street Address' }).fill('88 Lorimer Street');
      await page.getByRole('textbox', { name: 'City' }).fill('Docklands');
      await page.getByRole('textbox', { name: 'State / Province' }).fill('VIC');
      await page.getByRole('textbox', { name: 'Postal Code' }).fill('3008');
      await page.getByRole('textbox', { name: 'Country' }).fill('Australia');
      await chooseOption(page, 'Payment Terms', 'Net 30');
      await shoot(page, 'form-1440');
      await page.getByRole('button', { name: 'Create Vendor' }).click();
      await expectToast(page, `${name} created`);
      await expect(page).toHaveURL(/\/vendors\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    await test.step('3. The same name again, in another case, is refused on Name', async () => {
      await page.goto('/vendors/new');
      const field = page.getByRole('textbox', { name: /^Name/ });
      await field.fill(name.toUpperCase());
      await page.getByRole('button', { name: 'Create Vendor' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(/already exists/).first()).toBeVisible();
      // Leaving asks first: the name typed would be lost.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page
        .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await expect(page).toHaveURL(/\/vendors$/);
    });

    await test.step('4. The list finds the vendor by name', async () => {
      await page.getByRole('searchbox', { name: 'Search vendors' }).fill(name);
      await expect(page).toHaveURL(/search=/);
      await expect(row()).toContainText('Jess Harper');
      await expect(row()).toContainText('accounts@sccouriers.example');
      await expect(row()).toContainText('Docklands, Australia');
      await expect(row()).toContainText('Net 30');
      await expect(row()).toContainText('Active');
    });

    await test.step('5. Alex edits it: the currency becomes EUR', async () => {
      await row()
        .getByRole('link', { name: `Edit ${name}` })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
      await chooseOption(page, 'Currency', 'EUR Euro');
      await page.getByRole('textbox', { name: /^Phone/ }).fill('+61 3 9600 7001');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, `${name} updated`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    await test.step('6. Its page shows the contact, terms and (no) orders', async () => {
      const contact = page.getByRole('region', { name: 'Contact' });
      await expect(contact.getByRole('link', { name: 'accounts@sccouriers.example' })).toHaveAttribute(
        'href',
        'mailto:accounts@sccouriers.example',
      );
      await expect(contact.getByText('+61 3 9600 7001')).toBeVisible();
      const terms = page.getByRole('region', { name: 'Terms' });
      await expect(terms).toContainText('EUR');
      await expect(terms).toContainText('ABN 33 102 417 032');
      const spend = page.getByRole('region', { name: 'Orders and Spend' });
      await expect(spend).toContainText('$0.00');
      await expect(spend).toContainText('None yet');
      await expect(page.getByText('No orders to this vendor yet.')).toBeVisible();
      await shoot(page, 'detail-1440');
    });

    await test.step('7. Alex deactivates it after a confirmation: it is listed under Inactive', async () => {
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Deactivate vendor?' });
      await expect(dialog).toContainText('Orders already raised keep');
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await expectToast(page, `${name} deactivated`);
      await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
      await page.goto(`/vendors?search=${encodeURIComponent(name)}`);
      await expect(page.getByText('No vendors match your search.')).toBeVisible();
      await page.getByRole('radio', { name: 'Inactive' }).click();
      await expect(page).toHaveURL(/status=inactive/);
      await expect(row()).toContainText('Inactive');
    });

    await test.step('8. On a phone: the list as cards, the form and the page in one column', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/vendors?status=all');
      await expect(page.getByRole('article').first()).toBeVisible();
      await shoot(page, 'list-390');
      await page.getByRole('article', { name }).getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Orders and Spend' })).toContainText('$0.00');
      await shoot(page, 'detail-390');
      await page.getByRole('link', { name: 'Edit' }).click();
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
      await shoot(page, 'form-390');
    });
  });

  test('a plain user sees the vendors without New Vendor', async ({ page }) => {
    await signIn(page, 'user@acme.test');
    await mainNavigation(page).getByRole('link', { name: 'Vendors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Vendors/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Vendors' }).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Vendor' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  });
});
