import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createRequisition,
  decideOnReview,
  openReviewFromQueue,
  snapshot,
  switchUser,
  toastWith,
  uniqueText,
} from './support/approvals';
import { isoDateFromToday } from './support/purchase-orders';
import { mainNavigation, signIn } from './support/session';

/**
 * Out of office (issue 15 item 4) through the real UI, in GLOBEX (no other spec's people): Max Reed
 * (manager@globex.test) sets an absence from today with Gina Ross (admin@globex.test) approving for
 * him; Ursula Kim (user@globex.test) submits a requisition, whose Manager Approval step goes to Gina,
 * who sees whose it was and approves it. Max then cancels the absence (his other step comes back).
 * Screenshots of the screen at 1440 and 390 pixels wide.
 */
test.describe('out of office', () => {
  test('a manager away hands a new step to the delegate, who approves it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. Max sets his absence from today, Gina approving', async () => {
      await signIn(page, 'manager@globex.test');
      await mainNavigation(page).getByRole('link', { name: 'Out of Office' }).click();
      await expect(page).toHaveURL(/\/out-of-office$/);
      await expect(page.getByText('You are not out of office')).toBeVisible();
      await page.getByRole('button', { name: 'Set Out of Office' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Out of Office' });
      await dialog.getByRole('textbox', { name: /Last day away/ }).fill(isoDateFromToday(2));
      await chooseOption(page, 'Delegate', 'Gina Ross');
      await dialog.getByRole('textbox', { name: 'Note' }).fill('Conference');
      await dialog.getByRole('button', { name: 'Set Out of Office' }).click();
      await expect(toastWith(page, 'Out of office set')).toBeVisible();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('article', { name: /^Out of office / });
      await expect(card).toContainText('Out of office now');
      await expect(card).toContainText('Gina Ross approves for you');
      await snapshot(page, 'out-of-office-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(card).toBeVisible();
      await snapshot(page, 'out-of-office-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    const requisition = await test.step('2. Ursula submits a requisition', async () => {
      await switchUser(page, 'user@globex.test');
      return createRequisition(page, {
        justification: uniqueText('Conference badges'),
        description: 'Badge printer ribbon',
        quantity: 2,
        unitPrice: 45,
        expectedTotal: '$90.00',
      });
    });

    await test.step('3. Gina sees it came from Max, and approves it', async () => {
      await switchUser(page, 'admin@globex.test');
      await page.goto('/approvals');
      await page.getByRole('searchbox', { name: 'Search approvals' }).fill(requisition.number);
      const card = page.getByRole('article', { name: requisition.number });
      await expect(card.getByText('Delegated from Max Reed (out of office)')).toBeVisible();
      await snapshot(page, 'out-of-office-queue-1440');
      await openReviewFromQueue(page, requisition, 'Manager Approval');
      await decideOnReview(page, 'Manager Approval');
    });

    await test.step('4. Max no longer has it; he cancels his absence', async () => {
      await switchUser(page, 'manager@globex.test');
      await page.goto('/approvals');
      await page.getByRole('searchbox', { name: 'Search approvals' }).fill(requisition.number);
      await expect(page.getByRole('article', { name: requisition.number })).toHaveCount(0);
      await page.goto('/out-of-office');
      await page.getByRole('button', { name: /^Cancel out of office / }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Out of Office' }).click();
      await expect(toastWith(page, 'Out of office cancelled')).toBeVisible();
      await expect(page.getByText('You are not out of office')).toBeVisible();
    });
  });
});
