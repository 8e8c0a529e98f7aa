import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createDraftThroughApi,
  downloadedBytes,
  downloadFrom,
  expectDetailHeader,
  expectToast,
  fillLine,
  lineItem,
  lineItemsTable,
  lineRow,
  minimalPdf,
  pageFor,
  requisitionIdOf,
  shoot,
  tickOption,
  uniqueTag,
} from './support/requisitions';
import { signIn } from './support/session';

test.describe('requisition lifecycle', () => {
  test('Uma drafts, edits and submits a requisition; Mark asks for information; Uma updates and resubmits it', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const tag = uniqueTag('lifecycle');
    const justification = `Meeting room cabling ${tag}`;
    const pdfName = `quote-${tag}.pdf`;
    const pdf = minimalPdf(`Quote for ${tag}`);
    const comment = `Which meeting room are the cables for? (${tag})`;
    const uma = await pageFor(browser, testInfo, 'user@acme.test');
    let number = '';
    let requisitionId = '';

    await test.step('1. Uma saves a draft with a catalogue line, a typed line and a PDF', async () => {
      await uma.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requisitions' }).click();
      await uma.getByRole('link', { name: 'New Requisition' }).click();
      await expect(uma).toHaveURL(/\/requisitions\/create$/);

      await chooseOption(uma, 'Cost Center', 'CC-200 - Information Technology');
      await chooseOption(uma, 'GL Account', '6100 - Office Supplies');
      await uma.getByRole('textbox', { name: 'Business Justification' }).fill(justification);

      await fillLine(uma, 1, { productSearch: 'ballpoint', product: /Ballpoint Pens, Blue/, quantity: 2 });
      await expect(lineItem(uma, 1).getByRole('textbox', { name: 'Description' })).toHaveValue(
        'Ballpoint Pens, Blue',
      );
      await expect(lineItem(uma, 1).getByRole('spinbutton', { name: 'Unit Price' })).toHaveValue('18.90');
      await expect(lineItem(uma, 1).getByRole('combobox', { name: 'Unit of Measure' })).toHaveText('box');

      await uma.getByRole('button', { name: 'Add Item' }).click();
      await fillLine(uma, 2, {
        description: 'USB-C cable, 2 m',
        quantity: 3,
        unitPrice: '12.50',
        notes: 'Braided',
      });
      // 2 × 18.90 + 3 × 12.50
      await expect(uma.getByRole('status', { name: 'Estimated total' })).toHaveText('$75.30');

      await uma
        .getByLabel('Browse')
        .setInputFiles({ name: pdfName, mimeType: 'application/pdf', buffer: pdf });
      await expect(uma.getByRole('list', { name: 'Files to upload' }).getByRole('listitem')).toHaveText(
        new RegExp(pdfName.replaceAll('.', '\\.')),
      );
      await shoot(uma, 'lifecycle-01-create-filled');

      await uma.getByRole('button', { name: 'Save as Draft' }).click();
      await expectToast(uma, 'Requisition saved as draft');
      await expect(uma).toHaveURL(/\/requisitions\/[0-9a-f-]{36}$/);
      requisitionId = requisitionIdOf(uma);
      number = await expectDetailHeader(uma, 'Draft');

      await expect(lineItemsTable(uma).getByRole('row')).toHaveCount(4); // header, two lines, footer
      await expect(lineRow(uma, 'Ballpoint Pens, Blue')).toContainText('OW-PEN-BL50');
      await expect(lineRow(uma, 'Ballpoint Pens, Blue')).toContainText('2 box');
      await expect(lineRow(uma, 'Ballpoint Pens, Blue')).toContainText('$37.80');
      await expect(lineRow(uma, 'USB-C cable, 2 m')).toContainText('3 each');
      await expect(lineRow(uma, 'USB-C cable, 2 m')).toContainText('$37.50');
      await expect(lineItemsTable(uma).getByRole('row').last()).toHaveText(/Total\s*\$75\.30/);

      const attachments = uma.getByRole('list', { name: 'Attachments' });
      await expect(attachments.getByRole('listitem')).toHaveCount(1);
      await expect(attachments.getByRole('listitem')).toContainText(pdfName);
      await shoot(uma, 'lifecycle-02-draft-detail');

      const download = await downloadFrom(uma, uma.getByRole('button', { name: `Download ${pdfName}` }));
      expect(download.suggestedFilename()).toBe(pdfName);
      expect((await downloadedBytes(download)).equals(pdf)).toBe(true);
    });

    await test.step('2. Uma updates the draft (a new quantity), then submits it', async () => {
      await uma.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(uma).toHaveURL(`/requisitions/${requisitionId}/edit`);
      await expect(lineItem(uma, 2).getByRole('textbox', { name: 'Description' })).toHaveValue(
        'USB-C cable, 2 m',
      );
      await expect(uma.getByRole('list', { name: 'Attached files' })).toContainText(pdfName);
      await lineItem(uma, 2).getByRole('spinbutton', { name: 'Quantity' }).fill('5');
      await expect(uma.getByRole('status', { name: 'Estimated total' })).toHaveText('$100.30');
      await uma.getByRole('button', { name: 'Update Draft' }).click();

      await expectToast(uma, 'Requisition updated successfully');
      await expect(uma).toHaveURL(`/requisitions/${requisitionId}`);
      await expectDetailHeader(uma, 'Draft');
      await expect(lineRow(uma, 'USB-C cable, 2 m')).toContainText('5 each');
      await expect(lineRow(uma, 'USB-C cable, 2 m')).toContainText('$62.50');
      await expect(lineItemsTable(uma).getByRole('row').last()).toHaveText(/Total\s*\$100\.30/);

      await uma.getByRole('button', { name: 'Submit', exact: true }).click();
      await expectToast(uma, 'Requisition submitted successfully');
      await expectDetailHeader(uma, 'Under Review');
      const workflow = uma.getByRole('list', { name: 'Approval workflow' });
      await expect(workflow.getByRole('listitem')).toHaveCount(1);
      await expect(workflow.getByRole('listitem')).toContainText('Manager Approval');
      await expect(workflow.getByRole('listitem')).toContainText('Mark Evans');
      await expect(workflow.getByRole('listitem')).toContainText('Pending');
      await expect(uma.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
      await expect(uma.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    });

    await test.step('3. The list finds it by search and status, in the URL; reload keeps both; Export has it', async () => {
      await uma.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requisitions' }).click();
      await expect(uma.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();
      await uma.getByRole('searchbox', { name: 'Search requisitions' }).fill(tag);
      await expect(uma).toHaveURL(new RegExp(`[?&]search=${tag}(&|$)`));
      await uma.getByRole('button', { name: /^Filters/ }).click();
      await tickOption(uma, 'Status', 'Under Review');
      await expect(uma.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Under Review');
      await expect(uma).toHaveURL(/[?&]status=under_review(&|$)/);

      const table = uma.getByRole('table', { name: 'Requisitions' });
      const row = table.getByRole('row').filter({ has: uma.getByRole('link', { name: number }) });
      await expect(table.getByRole('row')).toHaveCount(2); // header and our requisition
      await expect(row).toContainText(justification);
      await expect(row).toContainText('Uma Patel');
      await expect(row).toContainText('$100.30');
      await expect(row).toContainText('Under Review');
      // Submitted: only View remains.
      await expect(row.getByRole('link', { name: `View ${number}` })).toBeVisible();
      await expect(row.getByRole('button', { name: `Delete ${number}` })).toHaveCount(0);
      await shoot(uma, 'lifecycle-03-list-filtered');

      await uma.reload();
      await expect(uma.getByRole('searchbox', { name: 'Search requisitions' })).toHaveValue(tag);
      await expect(uma.getByRole('combobox', { name: 'Status', exact: true })).toHaveText('Under Review');
      await expect(uma.getByRole('button', { name: 'Filters 1 active' })).toBeVisible();
      await expect(row).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(2);

      await uma.getByRole('button', { name: 'Export' }).click();
      const download = await downloadFrom(uma, uma.getByRole('menuitem', { name: 'CSV (.csv)' }));
      expect(download.suggestedFilename()).toMatch(/^requisitions-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = (await downloadedBytes(download)).toString('utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split(/\r\n/);
      expect(lines[0]).toBe(
        'Requisition Number,Justification,Requestor,Requestor Email,Category,Status,Amount,Currency,Cost Center,Created',
      );
      // The filters apply to the export too: our requisition alone.
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(
        `${number},${justification},Uma Patel,user@acme.test,Standard,Under Review,100.30,AUD`,
      );
    });

    const mark = await pageFor(browser, testInfo, 'manager@acme.test');
    await test.step('4. Mark finds it in his queue (Manager Approval, 0 days) and asks for information', async () => {
      await mark.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
      await expect(
        mark.getByRole('heading', { level: 1, name: /^Approval Queue \d+ awaiting approval$/ }),
      ).toBeVisible();
      const queue = mark.getByRole('list', { name: 'Approvals awaiting your decision' });
      await mark.getByRole('searchbox', { name: 'Search approvals' }).fill(number);
      const card = queue.getByRole('article', { name: number });
      await expect(card).toBeVisible();
      await expect(queue.getByRole('listitem')).toHaveCount(1); // the search has been applied
      await expect(card.getByText('Manager Approval', { exact: true })).toBeVisible();
      const days = card.getByText('0 days', { exact: true });
      await expect(days).toBeVisible();
      await expect(days).toHaveAttribute('data-accent-color', 'green');
      await expect(card).toContainText('$100.30');
      await expect(card).toContainText(justification);
      await expect(card).toContainText('Uma Patel');
      await shoot(mark, 'lifecycle-04-approval-queue');

      await card.getByRole('link', { name: 'Review & Approve' }).click();
      await expect(mark).toHaveURL(`/approvals/${requisitionId}`);
      const decision = mark.getByRole('form', { name: 'Approval decision' });
      await expect(decision).toContainText('You are deciding at Manager Approval.');
      await decision.getByRole('radio', { name: 'Request Info' }).click();
      const send = decision.getByRole('button', { name: 'Request Information' });
      await expect(send).toBeDisabled(); // comments are required
      await decision.getByRole('textbox', { name: 'Comments' }).fill(comment);
      await expect(send).toBeEnabled();
      await shoot(mark, 'lifecycle-05-review');
      await send.click();

      await expectToast(mark, 'Approval action completed successfully');
      await expect(mark).toHaveURL(/\/approvals$/);
      // Decided: it has left his pending queue.
      await mark.getByRole('searchbox', { name: 'Search approvals' }).fill(number);
      await expect(mark.getByText('No approvals match your filters')).toBeVisible();
    });

    await test.step("5. Uma reads Mark's comment, updates the requisition and resubmits it", async () => {
      await uma.goto(`/requisitions/${requisitionId}`);
      await expectDetailHeader(uma, 'Info Requested');
      const banner = uma.getByRole('status', { name: 'Additional information requested' });
      await expect(banner).toContainText(`“${comment}”`);
      await expect(banner).toContainText('Mark Evans, Manager Approval');
      await expect(uma.getByRole('button', { name: 'Resubmit' })).toBeVisible();
      await shoot(uma, 'lifecycle-06-info-requested');

      await banner.getByRole('link', { name: 'Update Requisition' }).click();
      await expect(uma).toHaveURL(`/requisitions/${requisitionId}/edit`);
      const notes = uma
        .getByRole('region', { name: 'Additional Notes' })
        .getByRole('textbox', { name: 'Notes' });
      await notes.fill(`For meeting room 4.02 (${tag})`);
      await uma.getByRole('button', { name: 'Update & Resubmit' }).click();

      await expectToast(uma, 'Requisition updated and submitted successfully');
      await expect(uma).toHaveURL(`/requisitions/${requisitionId}`);
      await expectDetailHeader(uma, 'Under Review');
      await expect(uma.getByRole('region', { name: 'Requisition Details' })).toContainText(
        `For meeting room 4.02 (${tag})`,
      );

      const steps = uma.getByRole('list', { name: 'Approval workflow' }).getByRole('listitem');
      await expect(steps).toHaveCount(2);
      const asked = steps.nth(0);
      await expect(asked).toContainText('Manager Approval');
      await expect(asked).toContainText('Mark Evans');
      await expect(asked).toContainText('Info Requested');
      // The date is when Mark acted (moments ago), written the way the browser writes it.
      const askedAt = asked.getByRole('time');
      const stamp = (await askedAt.getAttribute('datetime')) ?? '';
      expect(Date.now() - Date.parse(stamp)).toBeLessThan(10 * 60_000);
      const written = await uma.evaluate((iso) => {
        const at = new Date(iso);
        const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
          at.getMonth()
        ];
        const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' }).format(at);
        return `${at.getDate()} ${month} ${at.getFullYear()}, ${time}`;
      }, stamp);
      await expect(askedAt).toHaveText(written);
      await expect(asked.getByRole('blockquote')).toHaveText(`“${comment}”`);
      const reopened = steps.nth(1);
      await expect(reopened).toContainText('Manager Approval');
      await expect(reopened).toContainText('Mark Evans');
      await expect(reopened).toContainText('Pending');
      await expect(reopened).toContainText('Awaiting decision since');
      await shoot(uma, 'lifecycle-07-resubmitted');
    });

    await uma.context().close();
    await mark.context().close();
  });

  test('Save as Draft on an empty form shows the required-field messages and saves nothing', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions/create');
    await expect(lineItem(page, 1)).toBeVisible();

    await page.getByRole('button', { name: 'Save as Draft' }).click();

    await expect(page.getByText('Cost center is required', { exact: true })).toBeVisible();
    await expect(page.getByText('GL account is required', { exact: true })).toBeVisible();
    await expect(lineItem(page, 1).getByText('Description is required', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Cost Center' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('combobox', { name: 'Cost Center' })).toBeFocused();
    await expect(page).toHaveURL(/\/requisitions\/create$/);
    await shoot(page, 'lifecycle-08-validation');

    // Fixing a field clears its message.
    await chooseOption(page, 'Cost Center', 'CC-200 - Information Technology');
    await expect(page.getByText('Cost center is required', { exact: true })).toHaveCount(0);
    await expect(page.getByText('GL account is required', { exact: true })).toBeVisible();
  });

  test('deletes a draft from the list after the exact confirmation', async ({ page, request }) => {
    const tag = uniqueTag('delete');
    const { number } = await createDraftThroughApi(request, 'user@acme.test', {
      justification: `Spare keyboard ${tag}`,
      description: 'Wireless keyboard',
      quantity: 1,
      unitPrice: 89,
    });
    await signIn(page, 'user@acme.test');
    await page.goto(`/requisitions?search=${tag}`);
    const table = page.getByRole('table', { name: 'Requisitions' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });
    await expect(row).toContainText('Draft');

    await row.getByRole('button', { name: `Delete ${number}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete requisition' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^Are you sure/)).toHaveText(
      `Are you sure you want to delete requisition ${number}? This action cannot be undone.`,
    );
    await shoot(page, 'lifecycle-09-delete-confirm');

    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${number}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Requisition deleted successfully');
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No requisitions match your current filters.')).toBeVisible();

    // Gone for the server too, not only from the page.
    await page.reload();
    await expect(page.getByText('No requisitions match your current filters.')).toBeVisible();
  });
});
