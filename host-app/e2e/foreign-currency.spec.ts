import { expect, test } from '@playwright/test';
import {
  chooseOption,
  expectDetailHeader,
  expectToast,
  fillLine,
  pageFor,
  shoot,
  uniqueTag,
} from './support/requisitions';

/**
 * A requisition in another currency (issue 13, currency done right) through the real UI. ACME's base
 * currency is AUD and its seeded EUR rate is 1.65 (docs/demo-users.md); no other spec changes it. Uma
 * raises 1,000.00 EUR: the form checks the budget on its AUD amount, the submission freezes the rate,
 * and the list, the detail and Mark's queue show both amounts.
 */
test.describe('foreign currency', () => {
  test('Uma raises a requisition in EUR; every screen shows it in AUD too', async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const tag = uniqueTag('eur');
    const justification = `Trade fair booth in Berlin ${tag}`;
    const uma = await pageFor(browser, testInfo, 'user@acme.test');
    let number = '';

    await test.step('1. The form offers the currencies with a rate in effect', async () => {
      await uma.goto('/requisitions/create');
      await chooseOption(uma, 'Cost Center', 'CC-200 - Information Technology');
      await chooseOption(uma, 'GL Account', '6600 - Software & Subscriptions');
      await expect(uma.getByRole('combobox', { name: 'Currency' })).toHaveText('AUD (base currency)');
      await chooseOption(uma, 'Currency', 'EUR (1 EUR = 1.65 AUD)');
      await expect(
        uma.getByText(
          'Approval limits and budgets use the AUD amount at the rate in effect when it is submitted.',
        ),
      ).toBeVisible();
      await uma.getByRole('textbox', { name: 'Business Justification' }).fill(justification);
      await fillLine(uma, 1, { description: 'Booth space, 3 days', quantity: 1, unitPrice: '1000' });
      await expect(uma.getByRole('status', { name: 'Estimated total' })).toHaveText('EUR 1,000.00');
    });

    await test.step('2. The budget check compares its AUD amount at today’s rate', async () => {
      await uma.getByRole('button', { name: 'Check Budget' }).click();
      await expect(
        uma.getByText(/The estimated total of EUR\s1,000\.00 \(\$1,650\.00 at today's rate\)/),
      ).toBeVisible();
      await uma.setViewportSize({ width: 1280, height: 900 });
      await shoot(uma, 'currency-form-1280');
      await uma.setViewportSize({ width: 390, height: 844 });
      await shoot(uma, 'currency-form-390');
      await uma.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('3. Submitted, it froze 1.65: the detail and the list show $1,650.00, the base notation', async () => {
      await uma.getByRole('button', { name: 'Submit for Approval' }).click();
      await expectToast(uma, 'Requisition submitted successfully');
      number = await expectDetailHeader(uma, 'Under Review');
      await expect(uma.getByText('$1,650.00 at 1 EUR = 1.65 AUD, the rate when submitted')).toBeVisible();

      await uma.goto(`/requisitions?search=${encodeURIComponent(tag)}`);
      const row = uma
        .getByRole('row')
        .filter({ has: uma.getByRole('rowheader', { name: new RegExp(number) }) });
      await expect(row).toContainText('EUR 1,000.00');
      await expect(row).toContainText('$1,650.00');
      await expect(row).not.toContainText('$1,650.00 AUD');
    });

    await test.step('4. Mark sees both amounts on its card in his queue', async () => {
      const mark = await pageFor(browser, testInfo, 'manager@acme.test');
      await mark.goto('/approvals');
      await mark.getByRole('searchbox', { name: 'Search approvals' }).fill(number);
      const card = mark.getByRole('article').filter({ has: mark.getByRole('heading', { name: number }) });
      await expect(card).toContainText('EUR 1,000.00');
      await expect(card).toContainText('$1,650.00');
      await mark.setViewportSize({ width: 390, height: 844 });
      await shoot(mark, 'currency-queue-390');
    });
  });
});
