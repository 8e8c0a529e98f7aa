import { expect, type Page, test } from '@playwright/test';
import { createRequisition, SHOTS_DIR, switchUser, toastWith, workflowSteps } from './support/approvals';
import { type ApiSession, apiSession } from './support/issue15';
import { restoreAcmePolicyAfterAll, saveAcmePolicy } from './support/policy';
import { signIn } from './support/session';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `${SHOTS_DIR}/committees-${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * Committees (issue 15 item 6) through the real UI and API. Alex Morgan (Admin) adds a level 'Board
 * Approval' from 0 named to the Finance Manager, the General Manager and the Department Head, 2 of
 * them needed, and saves. Uma Patel's new requisition, approved by her manager, opens to the three at
 * once; one approves; the timeline says "1 of 2 approved: …; waiting for …, …". The second approval
 * approves the level. The policy is put back afterwards. Screenshots at 1440 and 390 pixels wide.
 */
test.describe('committees', () => {
  const saved = restoreAcmePolicyAfterAll();

  test('an admin sets a 2-of-3 committee; members approve; the timeline shows who decided', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const members = await Promise.all(
      ['finance@acme.test', 'gm@acme.test', 'head@acme.test'].map((email) => apiSession(request, email)),
    );
    const [first, second, third] = members as [ApiSession, ApiSession, ApiSession];
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. The admin adds a committee level: 2 of 3 named approvers', async () => {
      await signIn(page, 'admin@acme.test');
      await page.goto('/settings/approval-policy');
      await page.getByRole('button', { name: 'Add Level' }).click();
      const added = page.getByRole('region', { name: 'Level 5: Level 5 Approval' });
      await added.getByRole('textbox', { name: /Title/ }).fill('Board Approval');
      const level = page.getByRole('region', { name: /: Board Approval$/ });
      await level.getByRole('combobox', { name: /^Approver\b/ }).click();
      await page.getByRole('option', { name: 'Named users' }).click();
      await level.getByRole('combobox', { name: /^Approvers/ }).click();
      for (const member of members) await page.getByRole('option', { name: member.name }).click();
      await page.keyboard.press('Escape');
      await level.getByRole('spinbutton', { name: /Approvals needed/ }).fill('2');
      await expect(level.getByText(/Committee: 2 of 3 must approve/)).toBeVisible();
      await level.getByRole('spinbutton', { name: /Applies from/ }).fill('0');
      await level.getByRole('spinbutton', { name: /Applies from/ }).press('Tab');
      const moved = page.getByRole('region', { name: 'Level 2: Board Approval' });
      await expect(moved).toBeVisible();
      await moved.scrollIntoViewIfNeeded();
      await shoot(page, 'editor-1440');
      await page.getByRole('button', { name: 'Save Policy' }).click();
      await expect(toastWith(page, 'Approval policy saved')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('region', { name: 'Level 2: Board Approval' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, 'editor-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('2. Uma’s requisition, approved by Mark, opens to the three; one approves', async () => {
      await switchUser(page, 'user@acme.test');
      const created = await createRequisition(page, {
        justification: 'Committee end-to-end',
        description: 'Projector',
        quantity: 1,
        unitPrice: 90,
        expectedTotal: '$90.00',
      });
      const manager = await apiSession(request, 'manager@acme.test');
      const approve = (as: ApiSession) =>
        request.post(`/api/approvals/${created.id}/approve`, {
          headers: as.headers,
          data: { action: 'approve' },
        });
      expect((await approve(manager)).ok()).toBe(true);
      const once = await approve(first);
      expect(once.ok(), await once.text()).toBe(true);
      expect((await approve(first)).status()).toBe(409);
      await page.reload();
      const board = workflowSteps(page).filter({ hasText: 'Board Approval' });
      await expect(board).toContainText(
        // Those still waiting are listed by name (docs/decisions.md "Committees").
        `1 of 2 approved: ${first.name}; waiting for ${[second.name, third.name].sort().join(', ')}`,
      );
      await board.scrollIntoViewIfNeeded();
      await shoot(page, 'timeline-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await board.scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, 'timeline-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      expect((await approve(third)).ok()).toBe(true);
      await page.reload();
      await expect(board).toContainText(`2 of 2 approved: ${first.name}, ${third.name}`);
      // The member whose seat closed is told what the committee decided.
      const late = await approve(second);
      expect(late.status()).toBe(409);
      expect(((await late.json()) as { message: string }).message).toMatch(
        new RegExp(`^This committee has already decided: approved by ${first.name} and ${third.name} on `),
      );
    });
  });

  test('a named-users level needing one approval asks all three; the first to approve decides', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const members = await Promise.all(
      ['finance@acme.test', 'gm@acme.test', 'head@acme.test'].map((email) => apiSession(request, email)),
    );
    const ids = members.map((member) => member.userId);
    const base = saved.original();
    const policy = {
      ...base,
      levels: [
        ...base.levels.slice(0, 1),
        { level: 2, title: 'Named Approval', min_total: 0, approver: 'users', user_ids: ids },
        ...base.levels.slice(1),
      ].map((level, index) => ({ ...level, level: index + 1 })),
    };
    const changed = await saveAcmePolicy(request, policy);
    expect(changed.ok(), await changed.text()).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'user@acme.test');
    const created = await createRequisition(page, {
      justification: 'Any one of three end-to-end',
      description: 'Easel',
      quantity: 1,
      unitPrice: 80,
      expectedTotal: '$80.00',
    });
    const approve = (as: ApiSession) =>
      request.post(`/api/approvals/${created.id}/approve`, {
        headers: as.headers,
        data: { action: 'approve' },
      });
    expect((await approve(await apiSession(request, 'manager@acme.test'))).ok()).toBe(true);
    await page.reload();
    const named = workflowSteps(page).filter({ hasText: 'Named Approval' });
    await expect(named).toContainText(
      `Any of: ${members
        .map((m) => m.name)
        .sort()
        .join(', ')}`,
    );
    await named.scrollIntoViewIfNeeded();
    await shoot(page, 'any-one-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await named.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'any-one-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    const [first, second] = members as [ApiSession, ApiSession, ApiSession];
    expect((await approve(second)).ok()).toBe(true);
    const late = await approve(first);
    expect(late.status()).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(
      new RegExp(`^Already approved by ${second.name} on `),
    );
    await page.reload();
    await expect(named).toContainText(`Approved by ${second.name}`);
    await named.scrollIntoViewIfNeeded();
    await shoot(page, 'any-one-decided-1440');
  });
});
