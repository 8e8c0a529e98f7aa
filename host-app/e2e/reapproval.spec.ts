import { expect, type Page, test } from '@playwright/test';
import {
  createRequisition,
  decideOnReview,
  openReviewFromQueue,
  SHOTS_DIR,
  switchUser,
  toastWith,
  uniqueText,
  workflowSteps,
} from './support/approvals';
import { signIn } from './support/session';

/** The page at 1440 and at 390 pixels wide (the phone must not overflow), then back to 1440. */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top, so the sticky header and action bar sit where a reader sees them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    // Two frames: tables re-measure after the width changed.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    await page.screenshot({
      path: `${SHOTS_DIR}/reapproval-${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
}

/** Opens the requisition's edit form from its detail, changes line 1's quantity and saves. */
async function editQuantity(page: Page, id: string, quantity: number, shot?: string) {
  await page.goto(`/requisitions/${id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/requisitions/${id}/edit$`));
  await expect(
    page.getByText(/Changes that raise the total or change a line send this requisition back for approval\./),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Edit requisition' });
  await form
    .getByRole('group', { name: 'Item 1' })
    .getByRole('spinbutton', { name: 'Quantity' })
    .fill(String(quantity));
  if (shot) await shootBoth(page, shot);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/requisitions/${id}$`));
}

/** Sets Acme's decrease tolerance (percent) on the Settings screen as the Admin. */
async function setTolerance(page: Page, percent: string, shot?: string) {
  await page.goto('/settings');
  const field = page.getByRole('textbox', { name: /^Decrease Tolerance \(%\)/ });
  await field.fill(percent);
  if (shot) await shootBoth(page, shot);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastWith(page, 'Settings saved')).toBeVisible();
}

/**
 * Changes after approval (issue 15 item 7) through the real UI and API, as the demo people: Uma
 * (user@acme.test) raises 1,000.00, Mark (her manager) approves it. Uma raises it to 6,000.00: it goes
 * back to Under Review at Department Head Approval (Helen), Mark's approval kept; Helen approves.
 * Alex (Admin) sets a 20 % decrease tolerance; Uma lowers it to 5,000.00 and it stays Approved. The
 * workflow panel shows both edits before → after. The tolerance is put back to 0 afterwards.
 */
test.describe('changes after approval', () => {
  test('a rise goes back from the level it newly reaches; a decrease within tolerance keeps the approval', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const justification = uniqueText('E2E re-approval: monitors for the design team');

    const requisition = await test.step('Uma submits 1,000.00 and Mark approves it', async () => {
      await signIn(page, 'user@acme.test');
      const created = await createRequisition(page, {
        justification,
        description: 'Monitor',
        quantity: 1,
        unitPrice: 1000,
        expectedTotal: '$1,000.00',
      });
      await switchUser(page, 'manager@acme.test');
      await openReviewFromQueue(page, created, 'Manager Approval');
      await decideOnReview(page, 'Manager Approval');
      return created;
    });

    await test.step('Uma raises it to 6,000.00: back to Under Review at Department Head Approval', async () => {
      await switchUser(page, 'user@acme.test');
      await page.goto(`/requisitions/${requisition.id}`);
      await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
      await editQuantity(page, requisition.id, 6, 'edit-form');
      await expect(toastWith(page, 'Requisition updated and sent back for approval')).toBeVisible();
      await expect(page.getByText('Under Review', { exact: true }).first()).toBeVisible();
      await expect(workflowSteps(page)).toHaveText([
        /^Manager Approval.*Mark Evans.*Approved/,
        /^Department Head Approval.*Helen Park.*Pending/,
      ]);
      const workflow = page.getByRole('region', { name: 'Approval Workflow' });
      await expect(workflow.getByText('Back for approval from level 2')).toBeVisible();
      await expect(workflow).toContainText('Total$1,000.00 → $6,000.00');
      await expect(workflow).toContainText('Line 1 quantity1 → 6');
    });

    await test.step('Helen approves it again', async () => {
      await switchUser(page, 'head@acme.test');
      await openReviewFromQueue(page, requisition, 'Department Head Approval');
      await decideOnReview(page, 'Department Head Approval');
    });

    await test.step('Alex sets a 20 % decrease tolerance', async () => {
      await switchUser(page, 'admin@acme.test');
      await setTolerance(page, '20', 'settings');
    });

    await test.step('Uma lowers it to 5,000.00: it stays Approved, and the history shows both edits', async () => {
      await switchUser(page, 'user@acme.test');
      await editQuantity(page, requisition.id, 5);
      await expect(toastWith(page, 'Requisition updated; it stays approved')).toBeVisible();
      await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
      const workflow = page.getByRole('region', { name: 'Approval Workflow' });
      await expect(workflow.getByText('Approval kept')).toBeVisible();
      await expect(workflow).toContainText('Total$6,000.00 → $5,000.00');
      await expect(workflow).toContainText("The total fell within the organisation's tolerance");
      await workflow.getByRole('heading', { name: 'Changes after approval' }).scrollIntoViewIfNeeded();
      await shootBoth(page, 'detail');
    });

    await test.step('the tolerance goes back to 0', async () => {
      await switchUser(page, 'admin@acme.test');
      await setTolerance(page, '0');
    });
  });
});
