import { expect, type Page, test } from '@playwright/test';
import { createRequisition, SHOTS_DIR, switchUser, toastWith, workflowSteps } from './support/approvals';
import { actThroughApi, apiSession } from './support/issue15';
import { acmePolicy, restoreAcmePolicyAfterAll } from './support/policy';
import { signIn } from './support/session';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `${SHOTS_DIR}/approval-policy-${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * The approval policy editor (issue 15 item 8) through the real UI and API. Alex Morgan
 * (admin@acme.test, Admin) opens Settings → Approval Policy, adds a level 'Board Approval' from 0
 * named to Frank Li (finance@acme.test), with 3 working days to decide; it moves to level 2 by its
 * threshold. The preview of 100 raised by Uma Patel shows Mark Evans then Frank Li. After the save
 * (the next version in the history), Uma's new requisition, approved by her manager, waits for Frank at
 * 'Board Approval'. The policy is put back afterwards (the other specs share the database).
 * Screenshots at 1440 and 390 pixels wide.
 */
test.describe('approval policy', () => {
  restoreAcmePolicyAfterAll();

  test('an admin adds a named-users level, previews and saves it; a new requisition goes through it', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const before = await acmePolicy(request);
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. Settings leads to the Approval Policy', async () => {
      await signIn(page, 'admin@acme.test');
      await page.goto('/settings');
      await page
        .getByRole('region', { name: 'More Settings' })
        .getByRole('link', { name: /Approval Policy/ })
        .click();
      await expect(page).toHaveURL(/\/settings\/approval-policy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Approval Policy' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Level 1: Manager Approval' })).toBeVisible();
      await shoot(page, 'admin-1440');
    });

    await test.step('2. A level named to Frank Li, from 0, due in 3 working days', async () => {
      await page.getByRole('button', { name: 'Add Level' }).click();
      const added = page.getByRole('region', { name: 'Level 5: Level 5 Approval' });
      await added.getByRole('textbox', { name: /Title/ }).fill('Board Approval');
      const level = page.getByRole('region', { name: /: Board Approval$/ });
      await level.getByRole('combobox', { name: /^Approver\b/ }).click();
      await page.getByRole('option', { name: 'Named users' }).click();
      await level.getByRole('combobox', { name: /^Approvers/ }).click();
      await page.getByRole('option', { name: 'Frank Li' }).click();
      await page.keyboard.press('Escape');
      await level.getByRole('spinbutton', { name: /Due in/ }).fill('3');
      await level.getByRole('spinbutton', { name: /Applies from/ }).fill('0');
      await level.getByRole('spinbutton', { name: /Applies from/ }).press('Tab');
      // Kept in threshold order: after the manager's level (also from 0), before the head's.
      await expect(page.getByRole('region', { name: 'Level 2: Board Approval' })).toBeVisible();
    });

    await test.step('3. The preview of 100 raised by Uma Patel: Mark Evans, then Frank Li', async () => {
      const amount = page.getByRole('spinbutton', { name: 'Sample amount' });
      await amount.fill('100');
      await page.getByRole('combobox', { name: 'Raised by' }).click();
      await page
        .getByRole('listbox', { name: 'Raised by' })
        .getByRole('option', { name: 'Uma Patel' })
        .click();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const chain = page.getByRole('list', { name: 'Approval chain' }).getByRole('listitem');
      await expect(chain).toHaveCount(2);
      await expect(chain.nth(0)).toContainText('Manager Approval');
      await expect(chain.nth(0)).toContainText('Mark Evans');
      await expect(chain.nth(1)).toContainText('Board Approval');
      await expect(chain.nth(1)).toContainText('Frank Li');
      await expect(chain.nth(1)).toContainText('Due in 3 working days');
      await shoot(page, 'preview-1440');
    });

    await test.step('4. Save: the next version, by Alex Morgan', async () => {
      await page.getByRole('button', { name: 'Save Policy' }).click();
      await expect(toastWith(page, 'Approval policy saved')).toBeVisible();
      const history = page.getByRole('list', { name: 'Version History' }).getByRole('listitem');
      await expect(history.first()).toContainText(`Version ${before.version + 1}`);
      await expect(history.first()).toContainText('Alex Morgan');
      await expect(page.getByRole('region', { name: 'Level 2: Board Approval' })).toBeVisible();
    });

    await test.step('5. On a phone the levels stack as cards', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('region', { name: 'Level 2: Board Approval' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, 'admin-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step("6. Uma's new requisition, approved by Mark, waits for Frank at Board Approval", async () => {
      await switchUser(page, 'user@acme.test');
      const created = await createRequisition(page, {
        justification: 'Policy editor end-to-end',
        description: 'Whiteboard markers',
        quantity: 4,
        unitPrice: 25,
        expectedTotal: '$100.00',
      });
      const manager = await apiSession(request, 'manager@acme.test');
      const approved = await actThroughApi(request, manager, created.id, 'approve');
      expect(approved.ok(), await approved.text()).toBe(true);
      await page.reload();
      const open = workflowSteps(page).filter({ hasText: 'Board Approval' });
      await expect(open).toContainText('Frank Li');
      await shoot(page, 'requisition-1440');
    });
  });
});
