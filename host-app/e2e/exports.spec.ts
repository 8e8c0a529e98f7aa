import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { downloadedBytes, downloadFrom } from './support/requisitions';
import { signIn } from './support/session';

/** The number of rows the list says match ("Showing 1 to 10 of 12 results"). */
async function listTotal(page: Page): Promise<number> {
  const summary = page.getByText(/^Showing \d[\d,]* to \d[\d,]* of [\d,]+ results$/).first();
  await expect(summary).toBeVisible();
  const text = (await summary.textContent()) ?? '';
  return Number(/of ([\d,]+) results/.exec(text)?.[1]?.replaceAll(',', ''));
}

/** The lines of a downloaded CSV file (its byte order mark checked and dropped), header first. */
async function csvLines(page: Page): Promise<{ name: string; lines: string[] }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadFrom(page, page.getByRole('menuitem', { name: 'CSV (.csv)' }));
  const text = (await downloadedBytes(download)).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  // No cell of the demo data holds a line break, so a line is a row.
  return { name: download.suggestedFilename(), lines: text.slice(1).trimEnd().split('\r\n') };
}

/** The downloaded workbook's file name and its only sheet's rows (values, header first), chosen from the menu with the keyboard. */
async function workbookRows(page: Page): Promise<{ name: string; sheet: string; rows: unknown[][] }> {
  await page.getByRole('button', { name: 'Export' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: download.suggestedFilename(), sheet: sheet.name, rows };
}

/**
 * Exports (issue 16, item 5) through the real UI and API: Alex Morgan (admin@acme.test) filters the
 * requisition list and the purchase-order list and picks CSV or Excel from the Export menu; the
 * downloaded file, built and streamed by the server, holds the list's columns and exactly the filtered
 * rows.
 */
test.describe('exports', () => {
  test('the filtered requisition and purchase-order lists download as CSV and as Excel', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin@acme.test');

    await test.step('1. The requisitions filtered to drafts download with the list’s columns', async () => {
      await page.goto('/requisitions?status=draft');
      const total = await listTotal(page);
      const { name, lines } = await csvLines(page);
      expect(name).toMatch(/^requisitions-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines[0]).toBe(
        'Requisition Number,Justification,Requestor,Requestor Email,Category,Status,Amount,Currency,Cost Center,Created',
      );
      expect(lines).toHaveLength(total + 1);
      for (const line of lines.slice(1))
        expect(line).toMatch(/^REQ-\d{4}-\d+,.*,Draft,\d+(\.\d+)?,[A-Z]{3},.*,\d{4}-\d{2}-\d{2}$/);
    });

    await test.step('2. The purchase orders filtered to sent ones download the same way', async () => {
      await page.goto('/purchase-orders?status=sent');
      const total = await listTotal(page);
      const { name, lines } = await csvLines(page);
      expect(name).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(lines[0]).toBe(
        'PO Number,Vendor,Requisition,Status,Total,Currency,Payment Terms,Due Date,Line Items,Created',
      );
      expect(lines).toHaveLength(total + 1);
      for (const line of lines.slice(1)) expect(line).toMatch(/^PO-\d{4}-\d+,.*,Sent,/);
    });

    await test.step('3. The same lists download as Excel workbooks: the same rows, typed cells', async () => {
      await page.goto('/requisitions?status=draft');
      const total = await listTotal(page);
      const workbook = await workbookRows(page);
      expect(workbook.name).toMatch(/^requisitions-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(workbook.sheet).toBe('Requisitions');
      expect(workbook.rows[0]).toEqual([
        'Requisition Number',
        'Justification',
        'Requestor',
        'Requestor Email',
        'Category',
        'Status',
        'Amount',
        'Currency',
        'Cost Center',
        'Created',
      ]);
      expect(workbook.rows).toHaveLength(total + 1);
      const { lines } = await csvLines(page);
      expect(workbook.rows.map((row) => row[0])).toEqual(lines.map((line) => line.split(',')[0]));
      for (const row of workbook.rows.slice(1)) {
        expect(row[5]).toBe('Draft');
        expect(typeof row[6]).toBe('number');
        expect(row[9]).toBeInstanceOf(Date);
      }

      await page.goto('/purchase-orders?status=sent');
      const orders = await listTotal(page);
      const purchaseOrders = await workbookRows(page);
      expect(purchaseOrders.name).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(purchaseOrders.rows).toHaveLength(orders + 1);
      for (const row of purchaseOrders.rows.slice(1)) {
        expect(row[3]).toBe('Sent');
        expect(typeof row[4]).toBe('number');
      }
    });
  });
});
