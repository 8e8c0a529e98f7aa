import { expect, test } from '@playwright/test';
import { snapshot, takeAction, toastWith, uniqueText, workflowSteps } from './support/approvals';
import { type ApiSession, actThroughApi, apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { restoreAcmePolicyAfterAll, saveAcmePolicy } from './support/policy';
import { signIn } from './support/session';

/**
 * Committees (issue 15 item 6), the sentences the first spec leaves, and its delegate picker: a member
 * delegating their seat is offered only people outside the committee (the server answers the list;
 * a member would be refused), the delegate takes the seat, and one rejection rejects the whole level,
 * which everyone (the requestor too) sees with who decided. Board Approval: 2 of Frank Li, Grace
 * Hopper and Helen Park (finance@, gm@, head@acme.test), after Mark Evans' Manager Approval.
 */
test.describe('committees: delegation and rejection', () => {
  const saved = restoreAcmePolicyAfterAll();

  test('a member delegates outside the committee only; one rejection rejects; everyone sees who decided', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const before = saved.original();
    const members = (await Promise.all(
      ['finance@acme.test', 'gm@acme.test', 'head@acme.test'].map((email) => apiSession(request, email)),
    )) as [ApiSession, ApiSession, ApiSession];
    const [frank, grace, helen] = members;
    const policy = {
      ...before,
      levels: [
        ...before.levels.slice(0, 1),
        {
          level: 2,
          title: 'Board Approval',
          min_total: 0,
          approver: 'users',
          user_ids: members.map((m) => m.userId),
          required_approvals: 2,
        },
        ...before.levels.slice(1),
      ].map((level, index) => ({ ...level, level: index + 1 })),
    };
    const changed = await saveAcmePolicy(request, policy);
    expect(changed.ok(), await changed.text()).toBe(true);

    const uma = await apiSession(request, 'user@acme.test');
    const requisition = await submitThroughApi(request, uma, {
      justification: uniqueText('Board delegation'),
      description: 'Boardroom camera',
      unitPrice: 85,
    });
    const mark = await apiSession(request, 'manager@acme.test');
    expect((await actThroughApi(request, mark, requisition.id, 'approve')).ok()).toBe(true);

    await test.step('Grace’s delegate picker lists nobody of the committee; the delegate takes the seat', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'gm@acme.test');
      await page.goto(`/approvals/${requisition.id}`);
      const panel = takeAction(page);
      await expect(panel.getByText('You are deciding at Board Approval.')).toBeVisible();
      await panel.getByRole('radio', { name: 'Delegate' }).check();
      await page.getByRole('combobox', { name: /Delegate to/ }).click();
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.first()).toBeVisible();
      const offered = await options.allInnerTexts();
      for (const name of [frank.name, grace.name, helen.name, mark.name, 'Uma Patel']) {
        expect(offered.join('\n')).not.toContain(name);
      }
      await snapshot(page, 'committee-delegate-picker-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(options.first()).toBeVisible();
      await snapshot(page, 'committee-delegate-picker-390', false);
      await page.setViewportSize({ width: 1440, height: 900 });
      const chosen = offered[0]!.split(' (')[0]!.trim();
      await options.first().click();
      await panel.getByRole('button', { name: 'Delegate Approval' }).click();
      await expect(toastWith(page, 'Approval action completed successfully')).toBeVisible();
      await page.goto(`/requisitions/${requisition.id}`);
      const board = workflowSteps(page).filter({ hasText: 'Board Approval' });
      await expect(board).toContainText(chosen);
    });

    await test.step('Helen rejects: the level and the requisition are rejected; Uma sees who decided', async () => {
      const rejected = await actThroughApi(request, helen, requisition.id, 'reject', 'Not in this budget.');
      expect(rejected.ok(), await rejected.text()).toBe(true);
      const late = await actThroughApi(request, frank, requisition.id, 'approve');
      expect(late.status()).toBe(409);
      expect(((await late.json()) as { message: string }).message).toMatch(
        /^This committee has already decided: rejected by Helen Park on /,
      );
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, 'user@acme.test');
      await page.goto(`/requisitions/${requisition.id}`);
      const board = workflowSteps(page).filter({ hasText: 'Board Approval' });
      await expect(board).toContainText('Rejected by Helen Park');
      await expect(board).toContainText('Not in this budget.');
      await expect(page.getByRole('main').getByText('Rejected', { exact: true }).first()).toBeVisible();
      await board.scrollIntoViewIfNeeded();
      await shotFromTop(page, 'committee-rejected-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await shotFromTop(page, 'committee-rejected-390');
    });
  });
});
