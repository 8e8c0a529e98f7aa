import { type APIRequestContext, expect, test } from '@playwright/test';
import { createDraftThroughApi, SHOTS_DIR, uniqueTag } from './support/requisitions';
import { DEMO_PASSWORD, signIn } from './support/session';

/**
 * Issue 15 item 3 in the real app: Mark (manager) selects two of Uma's requisitions in the approval
 * queue with the keyboard (j to move, x to select), approves both in one decision (a), and they leave
 * the queue; on a phone the selection bar and the cards fit the width.
 */

/** A requisition of Uma's, raised and submitted through the API. */
async function submitted(request: APIRequestContext, justification: string, description: string) {
  const draft = await createDraftThroughApi(request, 'user@acme.test', {
    justification,
    description,
    quantity: 1,
    unitPrice: 45,
  });
  const login = await request.post('/api/auth/login', {
    data: { email: 'user@acme.test', password: DEMO_PASSWORD },
  });
  const { session } = (await login.json()) as { session: { access_token: string } };
  const organizations = await request.get('/api/organizations', {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  const acme = (
    (await organizations.json()) as { organizations: { id: string; code: string }[] }
  ).organizations.find((organization) => organization.code === 'ACME');
  const submit = await request.post(`/api/requisitions/${draft.id}/submit`, {
    headers: { Authorization: `Bearer ${session.access_token}`, 'X-Organization-Id': acme?.id ?? '' },
  });
  expect(submit.status()).toBe(200);
  return draft;
}

test('a manager approves two requisitions in one decision, from the keyboard', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = uniqueTag('bulk');
  const first = await submitted(request, tag, 'Desk lamp');
  const second = await submitted(request, tag, 'Monitor arm');

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager@acme.test');
  await page.goto('/approvals');
  await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);

  // Off the search box (typing there is text), the keys move and select.
  await page.getByRole('heading', { level: 1, name: /^Approval Queue/ }).click();
  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('x');
  const bar = page.getByRole('region', { name: 'Selected approvals' });
  await expect(bar).toContainText('2 selected');
  for (const { number } of [first, second]) {
    await expect(page.getByRole('checkbox', { name: `Select ${number}` })).toBeChecked();
  }
  await page.screenshot({ path: `${SHOTS_DIR}/bulk-approvals-selected-1440.png`, fullPage: true });

  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Approve 2 requisitions' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comments' }).fill('Both within budget.');
  await page.screenshot({ path: `${SHOTS_DIR}/bulk-approvals-dialog-1440.png` });
  await dialog.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 requisitions approved' })).toBeVisible();
  await expect(cards).toHaveCount(0);

  // Each is approved, with the one comment on its step.
  for (const { id } of [first, second]) {
    await page.goto(`/requisitions/${id}`);
    await expect(page.getByRole('main').getByText('Approved', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Both within budget.');
  }
});

test('on a phone the queue with a selection fits the width', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('bulk-phone');
  const one = await submitted(request, tag, 'Stapler');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'manager@acme.test');
  await page.goto('/approvals');
  await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
  await page.getByRole('checkbox', { name: `Select ${one.number}` }).click();
  await expect(page.getByRole('region', { name: 'Selected approvals' })).toContainText('1 selected');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS_DIR}/bulk-approvals-selected-390.png`, fullPage: true });
});
