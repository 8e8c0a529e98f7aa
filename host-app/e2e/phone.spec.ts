import { expect, type Page, test } from '@playwright/test';
import { snapshot } from './support/approvals';
import { downloadedBytes, downloadFrom } from './support/requisitions';
import { signIn } from './support/session';

/**
 * Issue 19, items 5–7: the product on a phone (390 × 844). A manager signs in, opens his queue from the
 * menu button, reads an item's amount and status, opens the requisition, downloads its attachment and
 * approves it; the requisition and order lists are cards whose number, status and amount show without
 * scrolling. After each step no page scrolls sideways.
 */
const PHONE = { width: 390, height: 844 };
/** The demo requisition waiting for Mark at level 1, with its quote attached (docs/demo-users.md). */
const MONITORS = 'Second monitors and docks for the two new support analysts';
const QUOTE = 'Dell quote DQ-90311.pdf';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
}

/** Opens the header's menu button and follows the main navigation's `label`. */
async function goByMenu(page: Page, label: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Purchasing' });
  await expect(menu).toBeVisible();
  await menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
  await expect(menu).toBeHidden();
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: PHONE });

  test('a manager opens his queue from the menu, reads an item, downloads its attachment and approves it', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, 'manager@acme.test');
    await expectNoSidewaysScroll(page);
    // No sidebar beside the screen on a phone: the menu button in the header holds it.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

    let amount = '';
    await test.step('1. The menu button opens the navigation over a scrim; Approvals opens the queue', async () => {
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Purchasing' });
      await expect(menu.getByRole('combobox', { name: 'Organization' })).toHaveText('Acme Corporation');
      await snapshot(page, 'phone-menu-open', false);
      await expectNoSidewaysScroll(page);
      await menu.getByRole('link', { name: 'Approvals' }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/approvals$/);
      await expectNoSidewaysScroll(page);
    });

    await test.step("2. The queue's card shows the amount and where the item stands", async () => {
      const card = page
        .getByRole('list', { name: 'Approvals awaiting your decision' })
        .getByRole('article')
        .filter({ hasText: MONITORS });
      await expect(card).toBeVisible();
      await expect(card.getByText('Manager Approval', { exact: true })).toBeInViewport();
      await expect(card.getByText(/^\d+ days?$/)).toBeInViewport();
      const money = card.getByText(/^\$[\d,]+\.\d{2}$/);
      await expect(money).toBeInViewport();
      amount = (await money.textContent()) ?? '';
      await snapshot(page, 'phone-approval-queue');
      await expectNoSidewaysScroll(page);

      await card.getByRole('link', { name: 'View Details' }).click();
      await expect(page).toHaveURL(/\/requisitions\/[\w-]+$/);
    });

    await test.step('3. The requisition shows the same amount, Under Review, and its attachment downloads', async () => {
      await expect(page.getByText('Under Review').first()).toBeVisible();
      await expect(page.getByText(amount).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      const download = await downloadFrom(page, page.getByRole('button', { name: `Download ${QUOTE}` }));
      expect(download.suggestedFilename()).toBe(QUOTE);
      expect((await downloadedBytes(download)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await snapshot(page, 'phone-requisition-detail');
      await expectNoSidewaysScroll(page);
    });

    await test.step('4. Review from the requisition and approve it: it leaves the queue', async () => {
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      const review = page.getByRole('dialog', { name: /^Review REQ-\d{4}-\d{5}$/ });
      await expect(review.getByText('You are deciding at')).toContainText('Manager Approval');
      await expect(review).toContainText(amount);
      await expectNoSidewaysScroll(page);
      await snapshot(page, 'phone-review-dialog', false);
      await review.getByRole('radio', { name: /^Approve/ }).check();
      await review.getByRole('button', { name: 'Approve Requisition' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Approval action completed successfully' }),
      ).toBeVisible();
      await expect(review).toBeHidden();
      // Below 5,000 Manager Approval is the last level.
      await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);

      await goByMenu(page, 'Approvals');
      await expect(page).toHaveURL(/\/approvals$/);
      await expect(page.getByRole('heading', { level: 1, name: /^Approval Queue / })).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: MONITORS })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });
  });

  test('the requisition and order lists are cards with number, status and amount in view', async ({
    page,
  }) => {
    await signIn(page, 'admin@acme.test');

    await goByMenu(page, 'Requisitions');
    await expect(page).toHaveURL(/\/requisitions$/);
    const requisitions = page.getByRole('list', { name: 'Requisitions' });
    const firstRequisition = requisitions.getByRole('article').first();
    await expect(firstRequisition).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await firstRequisition.scrollIntoViewIfNeeded();
    await expect(firstRequisition.getByRole('link', { name: /^REQ-\d{4}-\d{5}$/ })).toBeInViewport();
    await expect(
      // Whatever the specs before this one left newest: any status's label.
      firstRequisition.getByText(
        /^(Draft|Submitted|Under Review|Info Requested|Approved|Rejected|Cancelled|PO Created)$/,
      ),
    ).toBeInViewport();
    await expect(firstRequisition.getByText(/^(\$|[A-Z]{3}\s)[\d,]+\.\d{2}/).first()).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'phone-requisitions');

    await goByMenu(page, 'Purchase Orders');
    await expect(page).toHaveURL(/\/purchase-orders$/);
    const orders = page.getByRole('list', { name: 'Purchase orders' });
    const firstOrder = orders.getByRole('article').first();
    await expect(firstOrder).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await firstOrder.scrollIntoViewIfNeeded();
    await expect(firstOrder.getByRole('link', { name: /^PO-\d{4}-\d{5}$/ })).toBeInViewport();
    await expect(firstOrder.getByText(/^(Draft|Sent|Received|Cancelled)$/)).toBeInViewport();
    await expect(firstOrder.getByText(/^(\$|[A-Z]{3}\s)[\d,]+\.\d{2}/).first()).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'phone-purchase-orders');
  });
});
