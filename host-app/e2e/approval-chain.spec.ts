import { expect, test } from '@playwright/test';
import {
  chooseOption,
  createRequisition,
  decideOnReview,
  findInRequisitionList,
  openReviewFromQueue,
  snapshot,
  switchUser,
  takeAction,
  toastWith,
  todayInBrowser,
  uniqueText,
  workflowSteps,
} from './support/approvals';
import { signIn } from './support/session';

/**
 * The approval chain of DECISIONS §4 through the real UI, as the demo people of docs/demo-users.md:
 * Uma Patel (User, IT) raises, Mark Evans (her manager) decides level 1, Helen Park (head of IT) level
 * 2, every Finance Manager (Frank Li) level 3. Each test raises its own requisitions and finds them by
 * number, so other specs' data and counts do not matter.
 */
test.describe('approval chain', () => {
  test('a 30,000.00 requisition goes through manager, a delegated department head and finance to Approved', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const justification = uniqueText('E2E chain: two rack servers for the IT lab');
    const delegation = 'Grace, please decide this one while I am on leave.';
    const financeComment = 'Within the IT capital plan.';

    const requisition = await test.step('Uma submits a requisition of 30,000.00', async () => {
      await signIn(page, 'user@acme.test');
      const created = await createRequisition(page, {
        justification,
        description: 'Rack server',
        quantity: 2,
        unitPrice: 15000,
        expectedTotal: '$30,000.00',
      });
      await expect(workflowSteps(page)).toHaveText([/^Manager Approval\s*Mark Evans.*Pending/]);
      // The requestor is offered no review of her own requisition.
      await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
      await snapshot(page, 'chain-1-submitted');
      return created;
    });

    await test.step('Mark approves at Manager Approval from the review screen', async () => {
      await switchUser(page, 'manager@acme.test');
      await openReviewFromQueue(page, requisition, 'Manager Approval');
      await expect(page.getByRole('region', { name: 'Requisition Details' })).toContainText(justification);
      await snapshot(page, 'chain-2-review-manager');
      await decideOnReview(page, 'Manager Approval');
    });

    await test.step('Helen delegates Department Head Approval to Grace with a comment', async () => {
      await switchUser(page, 'head@acme.test');
      await openReviewFromQueue(page, requisition, 'Department Head Approval');
      const panel = takeAction(page);
      await expect(panel.getByText('You are deciding at Department Head Approval.')).toBeVisible();
      // Scrolled down the details, the sticky panel stays below the sticky page header: its title in sight.
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect
        .poll(async () => {
          const header = await page.getByRole('banner').boundingBox();
          const title = await panel.getByRole('heading', { name: 'Take Action' }).boundingBox();
          return (title?.y ?? -1) - ((header?.y ?? 0) + (header?.height ?? 0));
        })
        .toBeGreaterThanOrEqual(0);
      await snapshot(page, 'chain-3-review-scrolled', false);
      await panel.getByRole('radio', { name: 'Delegate' }).check();
      const submit = panel.getByRole('button', { name: 'Delegate Approval' });
      await expect(submit).toBeDisabled();

      await page.getByRole('combobox', { name: 'Delegate to' }).click();
      const candidates = page.getByRole('listbox', { name: 'Delegate to' }).getByRole('option');
      // Eligible approvers only: not Helen herself, not the requestor, nobody without approval.act,
      // and not Mark, who approved level 1: nobody decides two levels (issue 11 §7).
      await expect(candidates.filter({ hasText: 'Grace Hopper (gm@acme.test)' })).toHaveCount(1);
      await expect(candidates.filter({ hasText: 'Frank Li (finance@acme.test)' })).toHaveCount(1);
      await expect(candidates.filter({ hasText: 'manager@acme.test' })).toHaveCount(0);
      await expect(candidates.filter({ hasText: 'head@acme.test' })).toHaveCount(0);
      await expect(candidates.filter({ hasText: 'user@acme.test' })).toHaveCount(0);
      await snapshot(page, 'chain-3-delegate-candidates', false);
      await page.keyboard.press('Escape');
      await chooseOption(page, 'Delegate to', 'Grace Hopper (gm@acme.test)');
      await expect(page.getByRole('combobox', { name: 'Delegate to' })).toHaveText(
        'Grace Hopper (gm@acme.test)',
      );

      await panel.getByRole('textbox', { name: 'Comments' }).fill(delegation);
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(toastWith(page, 'Approval action completed successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/approvals$/);
    });

    await test.step('Grace finds it at Department Head Approval and approves', async () => {
      await switchUser(page, 'gm@acme.test');
      await openReviewFromQueue(page, requisition, 'Department Head Approval');
      await decideOnReview(page, 'Department Head Approval');
    });

    await test.step('Frank approves at Finance Manager Approval; the requisition is Approved', async () => {
      await switchUser(page, 'finance@acme.test');
      await openReviewFromQueue(page, requisition, 'Finance Manager Approval');
      await expect(workflowSteps(page).last()).toContainText('Any Finance Manager');
      await decideOnReview(page, 'Finance Manager Approval', { comments: financeComment });
    });

    await test.step('the detail page shows every step in order, and the submitted and approved dates', async () => {
      const row = await findInRequisitionList(page, justification, requisition.number);
      await expect(row.getByText('Approved', { exact: true })).toBeVisible();
      await row.getByRole('link', { name: requisition.number, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
      const today = await todayInBrowser(page);
      const when = today.replace(/ /g, '\\s');
      const step = (...parts: string[]) => new RegExp(parts.join('.*'));
      await expect(workflowSteps(page)).toHaveText([
        step('^Manager Approval', 'Mark Evans', 'manager@acme.test', 'Approved', when),
        step('^Department Head Approval', 'Helen Park', 'Delegated', when, `“${delegation}”`),
        step('^Department Head Approval', 'Grace Hopper', 'Approved', when, 'Delegated by Helen Park'),
        step('^Finance Manager Approval', 'Frank Li', 'Approved', when, `“${financeComment}”`),
      ]);
      // Nothing is still waiting.
      await expect(workflowSteps(page).filter({ hasText: 'Pending' })).toHaveCount(0);

      const quickInfo = page.getByRole('region', { name: 'Quick Info' });
      await expect(quickInfo.getByRole('term')).toHaveText([
        'Created',
        'Submitted',
        'Approved',
        'Line Items',
      ]);
      await expect(quickInfo.getByRole('definition')).toHaveText([today, today, today, '1']);
      await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
      await snapshot(page, 'chain-4-approved-detail');
    });
  });

  test('Mark rejects a small requisition with a comment, required before the Reject button works', async ({
    page,
  }) => {
    // Three sign-ins and a requisition made through the form: slower than the default on a busy machine.
    test.setTimeout(60_000);
    const justification = uniqueText('E2E reject: replacement keyboard');
    const reason = 'We have spare keyboards in the store room.';

    await signIn(page, 'user@acme.test');
    const requisition = await createRequisition(page, {
      justification,
      description: 'USB keyboard',
      quantity: 1,
      unitPrice: 45.5,
      expectedTotal: '$45.50',
    });

    await switchUser(page, 'manager@acme.test');
    // Mark finds it in the requisition list by its justification, then reviews from its detail page.
    const row = await findInRequisitionList(page, justification, requisition.number);
    await expect(row.getByText('Under Review', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: requisition.number, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/requisitions/${requisition.id}$`));
    await page.getByRole('button', { name: 'Review' }).click();

    const dialog = page.getByRole('dialog', { name: `Review ${requisition.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('You are deciding at Manager Approval.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Reject' }).check();
    const reject = dialog.getByRole('button', { name: 'Reject Requisition' });
    const comments = dialog.getByRole('textbox', { name: 'Comments' });
    await expect(reject).toBeDisabled();
    await comments.fill('   ');
    await expect(reject).toBeDisabled();
    await comments.fill(reason);
    await expect(reject).toBeEnabled();
    await snapshot(page, 'reject-dialog', false);
    await reject.click();

    await expect(toastWith(page, 'Approval action completed successfully')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Only an under_review requisition offers Review.
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);
    await expect(workflowSteps(page)).toHaveText([/^Manager Approval.*Mark Evans.*Rejected.*“We have spare/]);

    // The requestor sees the same outcome and the reason.
    await switchUser(page, 'user@acme.test');
    const ownRow = await findInRequisitionList(page, justification, requisition.number);
    await expect(ownRow.getByText('Rejected', { exact: true })).toBeVisible();
    // Neither edited nor deleted once rejected.
    await expect(ownRow.getByRole('link', { name: `Edit ${requisition.number}` })).toHaveCount(0);
    await ownRow.getByRole('link', { name: requisition.number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
    await expect(workflowSteps(page)).toHaveText([new RegExp(`Rejected.*“${reason}”`)]);
    await expect(page.getByRole('button', { name: 'Resubmit' })).toHaveCount(0);
    await snapshot(page, 'reject-requestor-view');
  });

  test('Uma cannot act on her own requisition', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'user@acme.test');
    const requisition = await createRequisition(page, {
      justification: uniqueText('E2E own: desk lamp'),
      description: 'Desk lamp',
      quantity: 1,
      unitPrice: 80,
      expectedTotal: '$80.00',
    });
    await expect(page.getByRole('button', { name: 'Review' })).toHaveCount(0);

    await page.goto(`/approvals/${requisition.id}`);
    await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
    const panel = takeAction(page);
    await expect(panel.getByText("You don't have a pending approval for this requisition.")).toBeVisible();
    for (const action of ['Approve', 'Reject', 'Request Info', 'Delegate']) {
      await expect(panel.getByRole('radio', { name: action })).toBeDisabled();
    }
    await expect(panel.getByRole('textbox', { name: 'Comments' })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Submit Decision' })).toBeDisabled();
    await snapshot(page, 'own-requisition-review');

    // A User holds no approval.act: nothing offers the queue (issue 19, item 1), and its address
    // leads to the dashboard rather than to a refusal.
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Requisitions' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
    await page.goto('/approvals');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('You do not have permission to perform this action')).toHaveCount(0);
  });
});
