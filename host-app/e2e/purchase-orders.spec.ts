import { expect, type Page, test } from '@playwright/test';
import { snapshot, toastWith, uniqueText } from './support/approvals';
import {
  apiHeaders,
  approveAsMark,
  aud,
  budgetTotals,
  isoDateFromToday,
  organizationSummary,
  outboxMailsAbout,
  percent,
  printedDate,
  raisePurchaseOrder,
  submitAsUma,
  utilizationOf,
} from './support/purchase-orders';
import {
  downloadedBytes,
  downloadFrom,
  expectDetailHeader,
  minimalPdf,
  pageFor,
} from './support/requisitions';
import { mainNavigation, readDashboardTiles, signIn } from './support/session';

/**
 * The status badge beside the order number on a detail page: the first text that is exactly `label`
 * (the History card further down may name the same status).
 */
function statusBadge(page: Page, label: string) {
  return page.getByRole('main').getByText(label, { exact: true }).first();
}

const OFFICEWORKS = { name: 'Officeworks Business', email: 'orders@officeworks-business.example' };

/**
 * Purchase orders through the real UI (issue 6, DECISIONS §5 and §6), as the demo people of
 * docs/demo-users.md: Uma Patel raises a small requisition (< 5,000, so only Manager Approval), Mark
 * Evans approves it, Frank Li (Finance Manager, the buyer) raises, edits, sends, receives or cancels the
 * order. Every test makes its own requisitions (unique justifications) and orders and compares the
 * dashboard with figures read before, so the data of other specs does not matter.
 */
test.describe('purchase orders', () => {
  test('Frank raises an order from an approved requisition, edits, attaches, sends and receives it; the dashboard follows', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const justification = uniqueText('E2E PO: ergonomic keyboards for the service desk');
    const description = 'Ergonomic keyboard';
    const quantity = 3;
    const unitPrice = 412.35;
    const total = 1237.05;
    const totalCents = 123_705;
    const pdfName = `${justification.split(' ').pop()}-quote.pdf`;
    const pdf = minimalPdf(`Quote ${justification}`);
    const receiptNotes = 'Three keyboards arrived in good condition, docket 4471.';
    const frank = await pageFor(browser, testInfo, 'finance@acme.test');

    const requisition = await test.step('1. Uma submits a requisition of 1,237.05', () =>
      submitAsUma(page, { justification, description, quantity, unitPrice, expectedTotal: aud(total) }));

    const before =
      await test.step('1. Before Mark approves, Frank reads the dashboard and the exact figures', async () => {
        await frank.goto('/dashboard');
        const tiles = await readDashboardTiles(frank);
        const summary = await organizationSummary(frank);
        const budget = await budgetTotals(frank);
        // The tiles print the summary's figures; the summary's utilisation is DECISIONS §5 over the budgets.
        expect(tiles['Monthly Spend']).toBe(aud(summary.total_spend_this_month));
        expect(tiles['Budget Utilization']).toBe(percent(summary.budget_utilization));
        expect(summary.budget_utilization).toBe(utilizationOf(budget));
        await snapshot(frank, 'po-01-dashboard-before');
        return { summary, budget };
      });

    await test.step('1. Mark approves it: its total is committed at once', async () => {
      await approveAsMark(page, requisition);
      const budget = await budgetTotals(frank);
      expect(budget.committed - before.budget.committed).toBe(totalCents);
      expect(budget.spent).toBe(before.budget.spent);
    });

    const deliveryDate = isoDateFromToday(30);
    const order =
      await test.step('2. Frank raises a draft order to Officeworks from the requisition', async () => {
        const raised = await raisePurchaseOrder(frank, requisition, OFFICEWORKS.name, deliveryDate);
        await expect(toastWith(frank, `Purchase order ${raised.number} created`)).toBeVisible();
        await expect(statusBadge(frank, 'Draft')).toBeVisible();

        const details = frank.getByRole('region', { name: 'Order Details' });
        await expect(details.getByRole('definition')).toHaveText([
          raised.number,
          `${aud(total)}\u00a0AUD`,
          printedDate(deliveryDate),
          'Net 30', // Officeworks' usual terms, prefilled with the vendor
          requisition.number,
          'Not specified', // the detail kit's word for a missing value (issue 19 item 11)
        ]);
        const lines = frank.getByRole('table', { name: 'Line items' });
        await expect(lines.getByRole('row')).toHaveText([
          /Description.*Quantity × Unit Price.*Line Total/,
          new RegExp(`^${description}.*${quantity} \\w+ × \\${aud(unitPrice)}\\${aud(total)}$`),
          `Total${aud(total)}`,
        ]);
        const vendor = frank.getByRole('region', { name: 'Vendor Information' });
        await expect(vendor.getByRole('link', { name: OFFICEWORKS.email })).toBeVisible();
        await snapshot(frank, 'po-02-draft-detail');

        // The requisition it came from is now PO Created.
        await details.getByRole('link', { name: requisition.number }).click();
        await expect(frank).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
        await expectDetailHeader(frank, 'PO Created');
        await frank.goBack();
        await expect(frank.getByRole('heading', { level: 1, name: raised.number })).toBeVisible();
        return raised;
      });

    await test.step('3. A past delivery date is refused on the field and saves nothing; a future one saves', async () => {
      await frank.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(frank).toHaveURL(new RegExp(`/purchase-orders/${order.id}/edit$`));
      const form = frank.getByRole('form', { name: `Edit ${order.number}` });
      const date = form.getByRole('textbox', { name: /^Delivery Date/ });
      // The field shows the day as every screen writes it, never the ISO date (issue 19, item 8).
      await expect(date).toHaveValue(printedDate(deliveryDate));

      // A past date typed into the field is refused on the field and nothing reaches the server.
      const past = isoDateFromToday(-2);
      await date.fill(past);
      await date.press('Enter');
      const notes = form.getByRole('textbox', { name: 'Notes' });
      await notes.fill('Deliver to the service desk, level 2.');
      let updates = 0;
      frank.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().includes(`/api/purchase-orders/${order.id}`))
          updates += 1;
      });
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription('Delivery date cannot be in the past');
      await expect(date).toBeFocused();
      await expect(frank).toHaveURL(new RegExp(`/purchase-orders/${order.id}/edit$`));
      await snapshot(frank, 'po-03-edit-past-date');
      const { headers } = await apiHeaders(frank);
      const stored = await frank.request.get(`/api/purchase-orders/${order.id}`, { headers });
      const { purchase_order: unchanged } = (await stored.json()) as {
        purchase_order: { delivery_date: string; notes: string | null };
      };
      expect(unchanged).toMatchObject({ delivery_date: deliveryDate, notes: null });
      expect(updates).toBe(0);

      const future = isoDateFromToday(45);
      await date.fill(future);
      await date.press('Enter');
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toastWith(frank, 'Purchase order updated')).toBeVisible();
      await expect(frank).toHaveURL(new RegExp(`/purchase-orders/${order.id}$`));
      expect(updates).toBe(1);
      const details = frank.getByRole('region', { name: 'Order Details' });
      await expect(details.getByRole('definition').nth(2)).toHaveText(printedDate(future));
      await expect(details.getByRole('definition').nth(5)).toHaveText(
        'Deliver to the service desk, level 2.',
      );
    });

    await test.step('4. Frank attaches a PDF quote to the draft; it is listed and downloads', async () => {
      const attachments = frank.getByRole('region', { name: 'Attachments' });
      await attachments
        .getByLabel('Browse')
        .setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: pdf });
      await expect(toastWith(frank, `${pdfName} attached`)).toBeVisible();
      await expect(attachments.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveText([
        new RegExp(`^${pdfName.replaceAll('.', '\\.')}`),
      ]);
      const download = await downloadFrom(
        frank,
        attachments.getByRole('button', { name: `Download ${pdfName}` }),
      );
      expect(download.suggestedFilename()).toBe(pdfName);
      expect((await downloadedBytes(download)).equals(pdf)).toBe(true);
      await snapshot(frank, 'po-04-attachment');
    });

    await test.step('5. Send to Vendor: Sent, and the vendor is mailed the order as a PDF', async () => {
      await frank.getByRole('button', { name: 'Send to Vendor' }).click();
      const confirm = frank.getByRole('alertdialog', { name: 'Send to vendor?' });
      await expect(confirm).toContainText(OFFICEWORKS.email);
      await snapshot(frank, 'po-05-send-confirm', false);
      await confirm.getByRole('button', { name: 'Send to Vendor' }).click();
      await expect(toastWith(frank, `${order.number} sent to the vendor`)).toBeVisible();
      await expect(statusBadge(frank, 'Sent')).toBeVisible();
      // A sent order is neither edited nor sent again, and its files are fixed.
      await expect(frank.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      await expect(frank.getByRole('button', { name: 'Send to Vendor' })).toHaveCount(0);
      await expect(frank.getByRole('region', { name: 'Attachments' }).getByLabel('Browse')).toHaveCount(0);

      // Without SMTP the dispatcher keeps the mail in the outbox, marked logged.
      await expect
        .poll(async () =>
          (await outboxMailsAbout(order.number)).map((mail) => `${mail.to_address} ${mail.status}`),
        )
        .toEqual([`${OFFICEWORKS.email} logged`]);
      const [mail] = await outboxMailsAbout(order.number);
      expect(mail?.subject).toBe(`Purchase order ${order.number} from Acme Corporation`);
      expect(mail?.attachments.map((file) => [file.filename, file.content_type])).toEqual([
        [`${order.number}.pdf`, 'application/pdf'],
      ]);
      const bytes = Buffer.from(mail?.attachments[0]?.content_base64 ?? '', 'base64');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await snapshot(frank, 'po-05-sent');
    });

    await test.step('6. Mark as Received with notes: Received', async () => {
      await frank.getByRole('button', { name: 'Mark as Received' }).click();
      const dialog = frank.getByRole('dialog', { name: `Mark ${order.number} as received` });
      await dialog.getByRole('textbox', { name: 'Notes' }).fill(receiptNotes);
      await snapshot(frank, 'po-06-receive-dialog', false);
      await dialog.getByRole('button', { name: 'Mark as Received' }).click();
      await expect(toastWith(frank, `${order.number} marked as received`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(statusBadge(frank, 'Received')).toBeVisible();
      await expect(frank.getByRole('main')).toContainText(receiptNotes);
      await expect(frank.getByRole('button', { name: 'Mark as Received' })).toHaveCount(0);
      await expect(frank.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    });

    await test.step('7. The dashboard: Monthly Spend grew by the total, Budget Utilization by its share', async () => {
      // DECISIONS §5: Monthly Spend counts orders sent this month, so sending added exactly the total.
      // Budget Utilization is (spent + committed) / allocated: Mark's approval committed the total,
      // raising and sending kept it committed, receipt moved it to spent. So since step 1, spent +
      // committed grew by exactly the total and utilisation by total / allocated (the server rounds the
      // percentage to two decimals, the tile to one).
      const summary = await organizationSummary(frank);
      const budget = await budgetTotals(frank);
      expect(budget.allocated).toBe(before.budget.allocated);
      expect(budget.spent + budget.committed - (before.budget.spent + before.budget.committed)).toBe(
        totalCents,
      );
      expect(budget.spent - before.budget.spent).toBe(totalCents);
      const expectedSpend = (Math.round(before.summary.total_spend_this_month * 100) + totalCents) / 100;
      expect(summary.total_spend_this_month).toBe(expectedSpend);
      const expectedUtilization = utilizationOf({
        ...before.budget,
        committed: before.budget.committed + totalCents,
      });
      expect(summary.budget_utilization).toBe(expectedUtilization);
      // The order's share of the allocated budget, in percentage points; both figures are rounded to
      // two decimals, so their difference is within 0.01 of it.
      const share = (totalCents / before.budget.allocated) * 100;
      expect(
        Math.abs(summary.budget_utilization - before.summary.budget_utilization - share),
      ).toBeLessThanOrEqual(0.0100001);

      // The tiles, reached through the sidebar (the cached figures were invalidated by the actions).
      await mainNavigation(frank).getByRole('link', { name: 'Dashboard' }).click();
      await expect(frank.getByRole('group', { name: 'Monthly Spend' })).toHaveText(
        `Monthly Spend${aud(expectedSpend)}`,
      );
      await expect(frank.getByRole('group', { name: 'Budget Utilization' })).toHaveText(
        `Budget Utilization${percent(expectedUtilization)}`,
      );
      await snapshot(frank, 'po-07-dashboard-after');
    });
    await frank.context().close();
  });

  test('a cancelled order (with a reason) returns its requisition to Approved', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const justification = uniqueText('E2E PO cancel: standing desk');
    const reason = 'The team chose height-adjustable desks from another range.';
    const requisition = await submitAsUma(page, {
      justification,
      description: 'Standing desk',
      quantity: 1,
      unitPrice: 899,
      expectedTotal: aud(899),
    });
    await approveAsMark(page, requisition);

    const frank = await pageFor(browser, testInfo, 'finance@acme.test');
    const order = await raisePurchaseOrder(
      frank,
      requisition,
      'Nordic Office Furniture',
      isoDateFromToday(20),
    );
    await expect(statusBadge(frank, 'Draft')).toBeVisible();

    await frank.getByRole('button', { name: 'Cancel' }).click();
    const dialog = frank.getByRole('dialog', { name: `Cancel ${order.number}?` });
    await expect(dialog).toContainText(
      `${requisition.number} goes back to approved, ready for another order.`,
    );
    await expect(dialog).toContainText('This action cannot be undone.');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await snapshot(frank, 'po-08-cancel-dialog', false);
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(toastWith(frank, `${order.number} cancelled`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(statusBadge(frank, 'Cancelled')).toBeVisible();
    await expect(frank.getByRole('main')).toContainText(`Reason: ${reason}`);
    for (const action of ['Cancel', 'Send to Vendor', 'Mark as Received']) {
      await expect(frank.getByRole('button', { name: action, exact: true })).toHaveCount(0);
    }
    await snapshot(frank, 'po-08-cancelled');

    await frank
      .getByRole('region', { name: 'Order Details' })
      .getByRole('link', { name: requisition.number })
      .click();
    await expect(frank).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
    await expect(frank.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
    // Its status badge (the workflow further down says Approved too, for Mark's step).
    await expect(statusBadge(frank, 'Approved')).toHaveAttribute('data-status', 'approved');
    await frank.context().close();
  });

  test('a User sees the purchase orders but no Create, Edit, Send or Cancel', async ({ page }) => {
    await signIn(page, 'user@acme.test');
    await mainNavigation(page).getByRole('link', { name: 'Purchase Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase Orders' })).toBeVisible();
    // The seeded ACME data holds a draft order: the one whose buyer could edit and send it.
    await page.goto('/purchase-orders?status=draft');
    const table = page.getByRole('table', { name: 'Purchase orders' });
    const rows = table.getByRole('row').filter({ has: page.getByRole('link', { name: /^View PO-/ }) });
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('link', { name: /create .*purchase order/i })).toHaveCount(0);
    await expect(table.getByRole('link', { name: /^Edit PO-/ })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^Send PO-.* to vendor$/ })).toHaveCount(0);
    await snapshot(page, 'po-09-user-list');

    await rows
      .first()
      .getByRole('link', { name: /^View PO-/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^PO-\d{4}-\d{5}$/ })).toBeVisible();
    await expect(statusBadge(page, 'Draft')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Line Items' })).toBeVisible();
    for (const action of ['Send to Vendor', 'Cancel', 'Mark as Received']) {
      await expect(page.getByRole('button', { name: action })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Attachments' }).getByLabel('Browse')).toHaveCount(0);

    // The create screen itself says why not.
    await page.goto('/purchase-orders/create');
    await expect(
      page.getByText(/^You don't have permission to create purchase orders in Acme Corporation\./),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: 'New purchase order' })).toHaveCount(0);
  });
});
