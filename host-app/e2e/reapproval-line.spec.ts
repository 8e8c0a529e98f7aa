import { expect, test } from '@playwright/test';
import { toastWith, uniqueText, workflowSteps } from './support/approvals';
import { actThroughApi, apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { signIn } from './support/session';

/**
 * Changes after approval (issue 15 item 7), the sentence the first spec leaves: a line changed with
 * the total unchanged still puts an approved requisition back for approval (from level 1, the first
 * level its total reaches), and the history shows the line before and after. Uma Patel
 * (user@acme.test) renames the only line of her approved 100.00 requisition; Mark Evans decides again.
 */
test('a changed line with the same total goes back for approval; the history shows before and after', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const uma = await apiSession(request, 'user@acme.test');
  const mark = await apiSession(request, 'manager@acme.test');
  const requisition = await submitThroughApi(request, uma, {
    justification: uniqueText('Line change'),
    description: 'Monitor arm',
    unitPrice: 100,
  });
  const approved = await actThroughApi(request, mark, requisition.id, 'approve');
  expect(approved.ok(), await approved.text()).toBe(true);
  expect(((await approved.json()) as { requisition: { status: string } }).requisition.status).toBe(
    'approved',
  );

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'user@acme.test');
  await page.goto(`/requisitions/${requisition.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/requisitions/${requisition.id}/edit$`));
  const form = page.getByRole('form', { name: 'Edit requisition' });
  await form
    .getByRole('group', { name: 'Item 1' })
    .getByRole('textbox', { name: 'Description' })
    .fill('Monitor stand');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
  await expect(toastWith(page, 'Requisition updated and sent back for approval')).toBeVisible();
  await expect(page.getByText('Under Review', { exact: true }).first()).toBeVisible();
  const workflow = page.getByRole('region', { name: 'Approval Workflow' });
  await expect(workflow.getByText('Back for approval from level 1')).toBeVisible();
  await expect(workflow).toContainText('A line changed: sent back for approval.');
  // The history keys lines by what they are: a renamed line reads as one removed and one added.
  await expect(workflow).toContainText('Line 1 removed1 × Monitor arm at 100.00 = 100.00 → —');
  await expect(workflow).toContainText('Line 1 added— → 1 × Monitor stand at 100.00 = 100.00');
  await expect(workflowSteps(page).last()).toContainText(/Manager Approval.*Mark Evans.*Pending/);
  await workflow.getByRole('heading', { name: 'Changes after approval' }).scrollIntoViewIfNeeded();
  await shotFromTop(page, 'reapproval-line-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotFromTop(page, 'reapproval-line-390');

  const queue = (await (
    await request.get('/api/approvals/pending?limit=100', { headers: mark.headers })
  ).json()) as { pending_approvals: { requisition: { id: string } }[] };
  expect(queue.pending_approvals.map((row) => row.requisition.id)).toContain(requisition.id);
});
