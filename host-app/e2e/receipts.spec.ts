import { expect, test } from '@playwright/test';
import { toastWith, uniqueText } from './support/approvals';
import {
  approveAsMark,
  aud,
  budgetTotals,
  isoDateFromToday,
  raisePurchaseOrder,
  submitAsUma,
} from './support/purchase-orders';
import { pageFor } from './support/requisitions';

/**
 * Receipts per line (issue 16 item 3, docs/decisions.md "Receipts"): Frank (the buyer) records two
 * deliveries of an order of three monitors; the order is Partially Received after the first and
 * Received after the second, the line shows ordered vs received, the receipts are listed, over-receipt
 * is refused on the field, and the budget's spent grows by what each delivery received. Then the same
 * page at 390 px.
 */
test('Frank records two receipts of one order; spent follows what was received', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const justification = uniqueText('E2E receipts: monitors for the design team');
  const frank = await pageFor(browser, testInfo, 'finance@acme.test');
  const requisition = await submitAsUma(page, {
    justification,
    description: 'Monitor 27 inch',
    quantity: 3,
    unitPrice: 300,
    expectedTotal: aud(900),
  });
  await approveAsMark(page, requisition);
  const order = await raisePurchaseOrder(frank, requisition, 'Officeworks Business', isoDateFromToday(30));
  await frank.getByRole('button', { name: 'Send to Vendor' }).click();
  await frank
    .getByRole('alertdialog', { name: 'Send to vendor?' })
    .getByRole('button', { name: 'Send to Vendor' })
    .click();
  await expect(toastWith(frank, `${order.number} sent to the vendor`)).toBeVisible();
  const before = await budgetTotals(frank);
  const lines = frank.getByRole('table', { name: 'Line items' });
  await expect(lines).toContainText('0 of 3 received');

  await test.step('Over-receipt is refused on the field, then one monitor is received', async () => {
    await frank.getByRole('button', { name: 'Record Receipt' }).click();
    const dialog = frank.getByRole('dialog', { name: `Record a receipt for ${order.number}` });
    const quantity = dialog.getByRole('spinbutton', { name: 'Monitor 27 inch (received)' });
    await expect(quantity).toHaveValue('3');
    await quantity.fill('4');
    await dialog.getByRole('button', { name: 'Record Receipt' }).click();
    await expect(dialog.getByText('Only 3 outstanding').first()).toBeVisible();
    await quantity.fill('1');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('One monitor; two back-ordered.');
    await dialog.getByRole('button', { name: 'Record Receipt' }).click();
    await expect(toastWith(frank, `Receipt recorded for ${order.number}`)).toBeVisible();
    await expect(
      frank.getByRole('main').getByText('Partially Received', { exact: true }).first(),
    ).toBeVisible();
    await expect(lines).toContainText('1 of 3 received');
    await expect(frank.getByRole('list', { name: 'Receipts' })).toContainText(
      'One monitor; two back-ordered.',
    );
    const after = await budgetTotals(frank);
    expect(after.spent - before.spent).toBe(30_000);
  });

  await test.step('The rest arrives: Received, and spent has the whole order', async () => {
    await frank.getByRole('button', { name: 'Record Receipt' }).click();
    const dialog = frank.getByRole('dialog', { name: `Record a receipt for ${order.number}` });
    await expect(dialog.getByRole('spinbutton', { name: 'Monitor 27 inch (received)' })).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Record Receipt' }).click();
    await expect(frank.getByRole('main').getByText('Received', { exact: true }).first()).toBeVisible();
    await expect(lines).toContainText('3 of 3 received');
    await expect(frank.getByRole('list', { name: 'Receipts' }).getByRole('listitem')).toHaveCount(2);
    await expect(frank.getByRole('button', { name: 'Record Receipt' })).toHaveCount(0);
    const after = await budgetTotals(frank);
    expect(after.spent - before.spent).toBe(90_000);
  });

  await test.step('At 390 px the lines and receipts fit the phone', async () => {
    await frank.setViewportSize({ width: 390, height: 844 });
    await frank.reload();
    await expect(frank.getByRole('list', { name: 'Receipts' })).toBeVisible();
    const overflow = await frank.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await frank.screenshot({ path: testInfo.outputPath('receipts-390.png'), fullPage: true });
  });
});
