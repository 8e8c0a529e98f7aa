import { expect, test } from '@playwright/test';
import { toastWith, uniqueText, workflowSteps } from './support/approvals';
import { actThroughApi, apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { acmePolicy, restoreAcmePolicyAfterAll } from './support/policy';
import { signIn } from './support/session';

/**
 * The approval policy editor (issue 15 item 8), the sentences the first spec leaves: a policy is
 * validated (a level titled like another is refused, naming the field, and no version is saved);
 * "auto-approve below" saved in the editor approves a small requisition at submission; and a
 * requisition keeps the version it was routed with: one submitted before a Board level was added is
 * approved without it, one submitted after waits for it. Alex Morgan (admin@acme.test) edits; Uma
 * Patel (user@acme.test) raises; Mark Evans approves. The policy is put back afterwards.
 */
test.describe('approval policy rules', () => {
  restoreAcmePolicyAfterAll();

  test('validated, auto-approval below a threshold, and a requisition keeps its version', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { url, admin } = await acmePolicy(request);
    const read = () => acmePolicy(request);
    const first = await read();
    const history = page.getByRole('list', { name: 'Version History' }).getByRole('listitem');

    await test.step('a level titled like another is refused; nothing is saved', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'admin@acme.test');
      await page.goto('/settings/approval-policy');
      await expect(history.first()).toContainText(`Version ${first.version}`);
      await page.getByRole('button', { name: 'Add Level' }).click();
      const added = page.getByRole('region', { name: /^Level \d+: Level \d+ Approval$/ });
      await added.getByRole('textbox', { name: /Title/ }).fill('Manager Approval');
      await page.getByRole('button', { name: 'Save Policy' }).click();
      await expect(page.getByText('Another level has this title').first()).toBeVisible();
      await shotFromTop(page, 'approval-policy-invalid-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByText('Another level has this title').first()).toBeVisible();
      await shotFromTop(page, 'approval-policy-invalid-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      expect((await read()).version).toBe(first.version);
    });

    await test.step('auto-approve below 50, saved in the editor, approves 20.00 at submission', async () => {
      await page.reload();
      await page.getByRole('spinbutton', { name: /Auto-approve below/ }).fill('50');
      await page.getByRole('button', { name: 'Save Policy' }).click();
      await expect(toastWith(page, 'Approval policy saved')).toBeVisible();
      await expect(history.first()).toContainText(`Version ${first.version + 1}`);
      const uma = await apiSession(request, 'user@acme.test');
      const small = await submitThroughApi(request, uma, {
        justification: uniqueText('Below auto-approval'),
        description: 'Sticky notes',
        unitPrice: 20,
      });
      await page.goto(`/requisitions/${small.id}`);
      await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
      await expect(workflowSteps(page).first()).toContainText('Approved automatically');
      await shotFromTop(page, 'approval-policy-auto-approved-1440');
    });

    const uma = await apiSession(request, 'user@acme.test');
    const before = await submitThroughApi(request, uma, {
      justification: uniqueText('Routed before Board'),
      description: 'Filing cabinet',
      unitPrice: 300,
    });

    await test.step('a Board level is added; the earlier requisition keeps its version', async () => {
      const frank = await apiSession(request, 'finance@acme.test');
      const current = await read();
      const levels = current.policy.levels;
      const saved = await request.put(url, {
        headers: admin.headers,
        data: {
          version: current.version,
          policy: {
            ...current.policy,
            levels: [
              levels[0],
              {
                level: 2,
                title: 'Board Approval',
                min_total: 0,
                approver: 'users',
                user_ids: [frank.userId],
              },
              ...levels.slice(1),
            ].map((level, index) => ({ ...(level as object), level: index + 1 })),
          },
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const after = await submitThroughApi(request, uma, {
        justification: uniqueText('Routed after Board'),
        description: 'Filing cabinet',
        unitPrice: 300,
      });
      const mark = await apiSession(request, 'manager@acme.test');
      for (const { id } of [before, after]) {
        const approved = await actThroughApi(request, mark, id, 'approve');
        expect(approved.ok(), await approved.text()).toBe(true);
      }
      await page.goto(`/requisitions/${before.id}`);
      await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
      await expect(workflowSteps(page).filter({ hasText: 'Board Approval' })).toHaveCount(0);
      await shotFromTop(page, 'approval-policy-kept-version-1440');
      await page.goto(`/requisitions/${after.id}`);
      await expect(page.getByText('Under Review', { exact: true }).first()).toBeVisible();
      await expect(workflowSteps(page).filter({ hasText: 'Board Approval' })).toContainText('Frank Li');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await shotFromTop(page, 'approval-policy-new-version-390');
    });
  });
});
