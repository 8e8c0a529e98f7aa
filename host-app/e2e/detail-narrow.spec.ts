import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiHeaders } from './support/purchase-orders';
import { minimalPdf } from './support/requisitions';
import { signIn } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';
const LONG_NAME = 'Quotation for the ergonomic workstations of the fourth floor, revision 3.pdf';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Whether an element's box lies inside the viewport's width and is not cut by a scrolling ancestor. */
async function expectFullyShown(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const clipped = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.right > document.documentElement.clientWidth + 0.5 || box.left < -0.5) return true;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      if (box.right > frame.right + 0.5 || box.left < frame.left - 0.5) return true;
    }
    return false;
  });
  expect(clipped, 'the element is cut off at the right').toBe(false);
}

/** The line items' footer total, and each file's extension, are shown whole. */
async function expectReadableDetail(page: Page, total: RegExp): Promise<void> {
  await expectNoSidewaysScroll(page);
  const table = page.getByRole('table', { name: 'Line items' });
  await expectFullyShown(table.getByRole('row').last().getByText(total));
  const files = page.getByRole('list', { name: 'Attachments' });
  if ((await files.count()) > 0) {
    const extension = files.getByText('.pdf', { exact: true }).first();
    await expectFullyShown(extension);
  }
}

/** Uma's draft with three lines and a file with a long name, through the API. */
async function draftWithLongFile(page: Page): Promise<{ id: string }> {
  const { headers, organizationId } = await apiHeaders(page);
  const first = async (path: string, key: string): Promise<string> => {
    const answer = (await (await page.request.get(path, { headers })).json()) as Record<
      string,
      { id: string }[]
    >;
    const id = answer[key]?.[0]?.id;
    if (!id) throw new Error(`${path} answered no ${key}`);
    return id;
  };
  const created = await page.request.post('/api/requisitions', {
    headers,
    data: {
      cost_center_id: await first(`/api/organizations/${organizationId}/cost-centers`, 'cost_centers'),
      gl_account_id: await first(`/api/organizations/${organizationId}/gl-accounts`, 'gl_accounts'),
      justification: 'Sit-stand desks for the fourth floor',
      line_items: [
        { description: 'Sit-stand desk, 1600 mm', quantity: 4, unit_price: 1249.5, unit_of_measure: 'each' },
        { description: 'Monitor arm, dual', quantity: 4, unit_price: 289, unit_of_measure: 'each' },
        { description: 'Anti-fatigue mat', quantity: 12, unit_price: 74.95, unit_of_measure: 'box' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { requisition } = (await created.json()) as { requisition: { id: string } };
  const uploaded = await page.request.post('/api/attachments/upload', {
    headers,
    multipart: {
      entity_type: 'requisition',
      entity_id: requisition.id,
      files: { name: LONG_NAME, mimeType: 'application/pdf', buffer: minimalPdf('quotation') },
    },
  });
  expect(uploaded.ok()).toBe(true);
  return requisition;
}

test.describe('detail screens at 1440 and 390 px', () => {
  test('requisition detail, approval review and order detail fit a phone', async ({ page }) => {
    test.setTimeout(180_000); // six pages on a shared two-core machine
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'user@acme.test');
    const { id } = await draftWithLongFile(page);
    const total = /^\$7,053\.40$/;

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/requisitions/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: /^REQ-/ })).toBeVisible();
      await shoot(page, `detail-requisition-${width}`);
      await expectReadableDetail(page, total);
    }

    // Submitted, it waits for Uma's manager, Mark Evans, at level 1.
    const { headers } = await apiHeaders(page);
    expect((await page.request.post(`/api/requisitions/${id}/submit`, { headers })).ok()).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'manager@acme.test');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/approvals/${id}`);
      await expect(page.getByText(/^You are deciding at /)).toBeVisible();
      await shoot(page, `detail-review-${width}`);
      await expectReadableDetail(page, total);
      await expect(page.getByRole('button', { name: `Download ${LONG_NAME}` })).toBeVisible();
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, 'finance@acme.test');
    // The demo's draft order (docs/demo-users.md), found through the API.
    const orders = await page.request.get('/api/purchase-orders?status=draft', {
      headers: (await apiHeaders(page)).headers,
    });
    const { data: drafts } = (await orders.json()) as { data: { id: string }[] };
    const href = `/purchase-orders/${drafts[0]?.id}`;
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1, name: /^PO-/ })).toBeVisible();
      await shoot(page, `detail-order-${width}`);
      await expectReadableDetail(page, /\$[\d,]+\.\d\d/);
    }
  });
});
