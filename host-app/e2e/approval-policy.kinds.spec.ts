import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createRequisition,
  decideOnReview,
  openReviewFromQueue,
  snapshot,
  switchUser,
  toastWith,
  uniqueText,
  workflowSteps,
} from './support/approvals';
import { actThroughApi, apiSession, submitThroughApi } from './support/issue15';
import { acmePolicy, restoreAcmePolicyAfterAll } from './support/policy';
import { signIn } from './support/session';

/** The level card titled `title`, wherever threshold order has put it. */
function level(page: Page, title: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^Level \\d+: ${title}$`) });
}

/** Picks `option` in the dropdown `name` (a regular expression on its label) inside `scope`. */
async function choose(page: Page, scope: Locator, name: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(scope.getByRole('combobox', { name })).toContainText(option);
}

/** Fills a level's threshold and leaves the field (the levels are then put in threshold order). */
async function appliesFrom(scope: Locator, amount: number): Promise<void> {
  const field = scope.getByRole('spinbutton', { name: /Applies from/ });
  await field.fill(String(amount));
  await field.press('Tab');
}

/**
 * A screenshot of the whole page at `width` taken through a viewport as tall as the page, so the sticky
 * shell and the form's action bar stand where a reader sees them (a full-page shot of a scrolled page
 * draws them mid-page).
 */
async function wholePage(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await snapshot(page, name, false);
}

/** Runs the preview of `amount` raised by `person`; answers the chain's entries. */
async function preview(page: Page, amount: number, person: string): Promise<Locator> {
  await page.getByRole('spinbutton', { name: 'Sample amount' }).fill(String(amount));
  await page.getByRole('combobox', { name: 'Raised by' }).click();
  await page.getByRole('listbox', { name: 'Raised by' }).getByRole('option', { name: person }).click();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  return page.getByRole('list', { name: 'Approval chain' }).getByRole('listitem');
}

/**
 * The approval policy editor (issue 15 item 8), the approver kinds the other specs leave: Alex Morgan
 * (admin@acme.test) reworks Acme's policy in the editor, choosing each kind: 'Line Manager' (the
 * requestor's manager, from 0, due in 2 working days), 'Head of Department' (the department head, from
 * 0) and 'Finance Review' (a role group: the Finance Manager role, from 1,000); the fallback group is
 * the General Managers, then the Department Heads (chosen in that order). The preview of 1,500 raised
 * by Uma Patel names Mark Evans (due in 2 working days), Helen Park and the Finance Managers (Frank
 * Li); the preview of 500 raised by Grace Hopper (who has no manager, heads her own department and is
 * the only General Manager) passes both levels to the fallback group's Department Heads: Helen Park.
 * After the save, Uma's requisition of 1,500 waits for Mark with a due time, then for Helen, then for
 * any Finance Manager; Frank decides it on his review screen; Grace's of 500 goes to the fallback
 * group. The policy is put back afterwards. Screenshots of the editor and the preview at 1440 and 390.
 */
test.describe('approval policy: approver kinds, due times and the fallback group', () => {
  restoreAcmePolicyAfterAll();

  test('an admin builds manager, department-head and role-group levels with a fallback group; requisitions follow them', async ({
    page,
    request,
  }) => {
    // Long: three users in the browser, two previews and four screenshots on a shared 2-core machine.
    test.setTimeout(420_000);
    const before = await acmePolicy(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin@acme.test');
    await page.goto('/settings/approval-policy');
    await expect(level(page, 'Manager Approval')).toBeVisible();

    await test.step('1. Each level gets its kind by choice; one has a due time', async () => {
      await page.getByRole('button', { name: 'Remove level 4' }).click();
      await expect(level(page, 'General Manager Approval')).toHaveCount(0);

      // Level 1 (the manager's) becomes the role group of the Finance Managers, from 1,000.
      const finance = level(page, 'Manager Approval');
      await finance.getByRole('textbox', { name: /Title/ }).fill('Finance Review');
      await choose(page, level(page, 'Finance Review'), /^Approver\b/, 'Role group (any one)');
      await choose(page, level(page, 'Finance Review'), /^Role\b/, 'Finance Manager');
      await appliesFrom(level(page, 'Finance Review'), 1000);

      // The department head's level becomes the requestor's manager, from 0, due in 2 working days.
      await level(page, 'Department Head Approval')
        .getByRole('textbox', { name: /Title/ })
        .fill('Line Manager');
      await choose(page, level(page, 'Line Manager'), /^Approver\b/, "Requestor's manager");
      await level(page, 'Line Manager')
        .getByRole('spinbutton', { name: /Due in/ })
        .fill('2');
      await appliesFrom(level(page, 'Line Manager'), 0);

      // The Finance Managers' level becomes the department head's, from 0.
      await level(page, 'Finance Manager Approval')
        .getByRole('textbox', { name: /Title/ })
        .fill('Head of Department');
      await choose(page, level(page, 'Head of Department'), /^Approver\b/, 'Department head');
      await appliesFrom(level(page, 'Head of Department'), 0);

      // Threshold order, equal thresholds keeping theirs.
      await expect(page.getByRole('region', { name: 'Level 1: Line Manager' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Level 2: Head of Department' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Level 3: Finance Review' })).toBeVisible();
      await expect(page.getByRole('region', { name: /^Level 4:/ })).toHaveCount(0);
    });

    await test.step('2. The fallback group: the General Managers, then the Department Heads', async () => {
      const chosen = page.getByRole('group', { name: /^Chosen Fallback approver roles/ });
      const order = () => chosen.getByRole('button', { name: /^Remove / });
      await expect(order()).toHaveCount(2);
      await chosen.getByRole('button', { name: 'Remove Finance Manager' }).click();
      await chosen.getByRole('button', { name: 'Remove Super Admin' }).click();
      await page.getByRole('combobox', { name: /^Fallback approver roles/ }).click();
      // Chosen out of alphabetical order: the order is the order they are tried in.
      await page.getByRole('option', { name: 'General Manager', exact: true }).click();
      await page.getByRole('option', { name: 'Department Head', exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(order()).toHaveCount(2);
      await expect(order().nth(0)).toHaveAccessibleName('Remove General Manager');
      await expect(order().nth(1)).toHaveAccessibleName('Remove Department Head');
    });

    await test.step('3. The editor at 1440 and 390 pixels wide: nothing cut, nothing wider than the screen', async () => {
      await wholePage(page, 'approval-policy-kinds-editor-1440', 1440);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      // Each level's choices read whole (a kind's name cut to 'A role (any one of its app…' did not). The
      // fallback roles' field may cut its list: the chips under it name each role.
      // Polled: the shell's narrowing to a phone's width may still be moving when the check first runs.
      const cut = () =>
        page
          .getByRole('region', { name: /^Level \d+:/ })
          .getByRole('combobox')
          .evaluateAll((triggers) =>
            triggers
              .map((trigger) => trigger.querySelector<HTMLElement>('.rt-Text'))
              .filter((text) => text !== null && text.scrollWidth > text.clientWidth)
              .map((text) => text?.textContent),
          );
      await expect.poll(cut).toEqual([]);
      // The levels' description spans the card under its heading, not a column beside 'Add Level'.
      const levels = page.getByRole('region', { name: 'Approval Levels', exact: true });
      const words = await levels.getByText(/^Levels run in order/).boundingBox();
      const add = await levels.getByRole('button', { name: 'Add Level' }).boundingBox();
      expect((words?.x ?? 0) + (words?.width ?? 0)).toBeGreaterThan(add?.x ?? 0);
      await wholePage(page, 'approval-policy-kinds-editor-390', 390);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('4. The preview of 1,500 raised by Uma: Mark (due in 2 days), Helen, the Finance Managers', async () => {
      const chain = await preview(page, 1500, 'Uma Patel');
      await expect(chain).toHaveCount(3);
      await expect(chain.nth(0)).toContainText('Line Manager');
      await expect(chain.nth(0)).toContainText('Mark Evans');
      await expect(chain.nth(0)).toContainText('Due in 2 working days');
      await expect(chain.nth(1)).toContainText('Head of Department');
      await expect(chain.nth(1)).toContainText('Helen Park');
      await expect(chain.nth(2)).toContainText('Finance Review');
      await expect(chain.nth(2)).toContainText('Any one of Finance Manager: Frank Li');
    });

    await test.step('5. The preview of 500 raised by Grace: both levels pass to the fallback group', async () => {
      // Grace is the only General Manager, and the requestor: the Department Heads decide.
      const chain = await preview(page, 500, 'Grace Hopper');
      await expect(chain).toHaveCount(3);
      await expect(chain.nth(0)).toContainText('Line Manager');
      await expect(chain.nth(0)).toContainText('Passed');
      await expect(chain.nth(1)).toContainText('Head of Department');
      await expect(chain.nth(1)).toContainText('Passed to the fallback approvers (Department Head)');
      await expect(chain.nth(2)).toContainText('Fallback Approval');
      await expect(chain.nth(2)).toContainText('Any one of Department Head: Helen Park');
      await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await snapshot(page, 'approval-policy-kinds-preview-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('list', { name: 'Approval chain' }).scrollIntoViewIfNeeded();
      await snapshot(page, 'approval-policy-kinds-preview-390', false);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('6. Saved as a new version, stored as built', async () => {
      await page.getByRole('button', { name: 'Save Policy' }).click();
      await expect(toastWith(page, 'Approval policy saved')).toBeVisible();
      const history = page.getByRole('list', { name: 'Version History' }).getByRole('listitem');
      await expect(history.first()).toContainText(`Version ${before.version + 1}`);
      const saved = await acmePolicy(request);
      expect(saved.policy.fallback_approver_roles).toEqual(['General Manager', 'Department Head']);
      expect(saved.policy.levels).toEqual([
        { level: 1, title: 'Line Manager', min_total: 0, approver: 'manager', due_in_working_days: 2 },
        { level: 2, title: 'Head of Department', min_total: 0, approver: 'department_head' },
        {
          level: 3,
          title: 'Finance Review',
          min_total: 1000,
          approver: 'role',
          role_name: 'Finance Manager',
        },
      ]);
      // Read back into the editor: the kinds as chosen.
      await page.reload();
      await expect(level(page, 'Line Manager').getByRole('combobox', { name: /^Approver\b/ })).toContainText(
        "Requestor's manager",
      );
      await expect(
        level(page, 'Head of Department').getByRole('combobox', { name: /^Approver\b/ }),
      ).toContainText('Department head');
      await expect(level(page, 'Finance Review').getByRole('combobox', { name: /^Role\b/ })).toContainText(
        'Finance Manager',
      );
      await expect(level(page, 'Line Manager').getByRole('spinbutton', { name: /Due in/ })).toHaveValue('2');
    });

    const justification = uniqueText('Policy kinds end-to-end');
    const created =
      await test.step('7. Uma’s requisition of 1,500 waits for Mark, with a due time', async () => {
        await switchUser(page, 'user@acme.test');
        const requisition = await createRequisition(page, {
          justification,
          description: 'Standing desks',
          quantity: 3,
          unitPrice: 500,
          expectedTotal: '$1,500.00',
        });
        const steps = workflowSteps(page);
        await expect(steps).toHaveCount(1);
        await expect(steps.first()).toContainText('Line Manager');
        await expect(steps.first()).toContainText('Mark Evans');
        await expect(steps.first()).toContainText(/Due in \d+ (days|hours)/);
        return requisition;
      });

    await test.step('8. After Mark and Helen, any Finance Manager; Frank decides it in his review', async () => {
      const mark = await apiSession(request, 'manager@acme.test');
      const helen = await apiSession(request, 'head@acme.test');
      for (const approver of [mark, helen]) {
        const approved = await actThroughApi(request, approver, created.id, 'approve');
        expect(approved.ok(), await approved.text()).toBe(true);
      }
      await page.reload();
      await expect(workflowSteps(page).filter({ hasText: 'Head of Department' })).toContainText('Helen Park');
      await expect(workflowSteps(page).filter({ hasText: 'Finance Review' })).toContainText(
        'Any Finance Manager',
      );
      await switchUser(page, 'finance@acme.test');
      await openReviewFromQueue(page, created, 'Finance Review');
      await decideOnReview(page, 'Finance Review', { comments: 'Within the furniture budget.' });
      await page.goto(`/requisitions/${created.id}`);
      await expect(page.getByRole('main').getByText('Approved', { exact: true }).first()).toBeVisible();
      const steps = workflowSteps(page);
      await expect(steps).toHaveCount(3);
      await expect(steps.nth(0)).toContainText('Line Manager');
      await expect(steps.nth(0)).toContainText('Mark Evans');
      await expect(steps.nth(1)).toContainText('Helen Park');
      await expect(steps.nth(2)).toContainText('Finance Review');
      await expect(steps.nth(2)).toContainText('Frank Li');
    });

    await test.step('9. Grace’s requisition of 500 goes to the fallback group: Helen', async () => {
      const grace = await apiSession(request, 'gm@acme.test');
      const small = await submitThroughApi(request, grace, {
        justification: uniqueText('Policy kinds fallback'),
        description: 'Desk lamp',
        unitPrice: 500,
      });
      await switchUser(page, 'gm@acme.test');
      await page.goto(`/requisitions/${small.id}`);
      const fallback = workflowSteps(page).filter({ hasText: 'Fallback Approval' });
      await expect(fallback).toContainText('Any Department Head');
      // Helen decides it, so no other spec finds it waiting in her queue.
      const helen = await apiSession(request, 'head@acme.test');
      const approved = await actThroughApi(request, helen, small.id, 'approve');
      expect(approved.ok(), await approved.text()).toBe(true);
    });
  });
});
