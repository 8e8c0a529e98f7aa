import { expect, test } from '@playwright/test';
import {
  createDraftThroughApi,
  downloadedBytes,
  downloadFrom,
  SHOTS_DIR,
  uniqueTag,
} from './support/requisitions';
import { signIn } from './support/session';

/**
 * Issue 15, item 9 in the real app: a requisition's history is verified against the organisation's
 * hash chain (the badge says so, with a description), and exports as CSV and PDF.
 */
test.describe('tamper-evident history', () => {
  test('a new requisition: "History verified", and its history downloads as CSV and PDF', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { id, number } = await createDraftThroughApi(request, 'user@acme.test', {
      justification: uniqueTag('history'),
      description: 'Desk lamp',
      quantity: 1,
      unitPrice: 45,
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'user@acme.test');
    await page.goto(`/requisitions/${id}`);
    const badge = page.getByRole('status', { name: 'History verified' });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveAccessibleDescription(
      "The one entry of this requisition's history matches the tamper-evident record.",
    );

    const csv = await downloadFrom(page, page.getByRole('button', { name: 'Export history (CSV)' }));
    expect(csv.suggestedFilename()).toBe(`${number}-history.csv`);
    const lines = (await downloadedBytes(csv)).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^sequence,at,action,/);
    expect(lines[1]).toContain(',create,');

    const pdf = await downloadFrom(page, page.getByRole('button', { name: 'Export history (PDF)' }));
    expect(pdf.suggestedFilename()).toBe(`${number}-history.pdf`);
    expect((await downloadedBytes(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    await badge.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS_DIR}/history-chain-1440.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await badge.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${SHOTS_DIR}/history-chain-390.png`,
      fullPage: true,
      animations: 'disabled',
    });
  });
});
