import { expect, test } from '@playwright/test';
import { uniqueText, workflowSteps } from './support/approvals';
import { apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { signIn } from './support/session';

/**
 * Out of office (issue 15 item 4), the sentences the first spec leaves: a step already open moves to
 * the delegate when the absence starts, and comes back when it ends, by the server's absence job (it
 * runs every minute) — and the history says so both times. In GLOBEX: Ursula Kim's (user@globex.test)
 * requisition waits for Max Reed (manager@globex.test); Max sets an absence starting a few seconds
 * later and ending about a minute after, Gina Ross (admin@globex.test) approving for him.
 */
test('an open step moves to the delegate at the absence start and back at its end; the history says so', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const ursula = await apiSession(request, 'user@globex.test', 'GLOBEX');
  const max = await apiSession(request, 'manager@globex.test', 'GLOBEX');
  const gina = await apiSession(request, 'admin@globex.test', 'GLOBEX');
  const requisition = await submitThroughApi(request, ursula, {
    justification: uniqueText('Away moves'),
    description: 'Laminator',
    unitPrice: 55,
  });
  const startsAt = new Date(Date.now() + 3_000);
  const endsAt = new Date(Date.now() + 75_000);
  const set = await request.post('/api/users/me/absences', {
    headers: max.headers,
    data: {
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      delegate_user_id: gina.userId,
      note: 'Short trip',
    },
  });
  expect(set.status(), await set.text()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'user@globex.test');
  await page.goto(`/requisitions/${requisition.id}`);
  const manager = workflowSteps(page).filter({ hasText: 'Manager Approval' });
  const until = `${endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const moved = `Delegated to Gina Ross: Max Reed is out of office until ${until}.`;

  await test.step('the absence starts: the open step moves to Gina, and the history says so', async () => {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('main').getByText(moved)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 100_000, intervals: [5_000] });
    await expect(manager.filter({ hasText: 'Gina Ross' }).first()).toBeVisible();
    await page.getByRole('main').getByText(moved).scrollIntoViewIfNeeded();
    await shotFromTop(page, 'out-of-office-moved-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await shotFromTop(page, 'out-of-office-moved-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    const queue = (await (
      await request.get('/api/approvals/pending?limit=100', { headers: gina.headers })
    ).json()) as { pending_approvals: { requisition: { id: string } }[] };
    expect(queue.pending_approvals.map((row) => row.requisition.id)).toContain(requisition.id);
  });

  await test.step('the absence ends: the step comes back to Max, and the history says so', async () => {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('main').getByText('Back to Max Reed: out of office ended.')).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
    await shotFromTop(page, 'out-of-office-back-1440');
    const queue = (await (
      await request.get('/api/approvals/pending?limit=100', { headers: max.headers })
    ).json()) as { pending_approvals: { requisition: { id: string } }[] };
    expect(queue.pending_approvals.map((row) => row.requisition.id)).toContain(requisition.id);
  });
});
