import { expect, type Page, test } from '@playwright/test';
import { snapshot, switchUser, uniqueText, workflowSteps } from './support/approvals';
import { apiSession, shotFromTop, sql, submitThroughApi } from './support/issue15';
import { signIn } from './support/session';

/**
 * Reminders and escalation (issue 15 item 5), by the server's own job (it runs every minute) rather
 * than rows set as escalated: Uma's (user@acme.test) requisition waits for Mark Evans; its due time
 * is set an hour past (the demo policy has no due times, and the job's clock cannot be moved here).
 * The job hands it to Mark's manager, Helen Park (head@acme.test): the timeline records the
 * escalation ("Escalated from Mark Evans", and the history's words), Helen's bell has it and her
 * queue shows it overdue, and Mark's "awaiting your decision" is no longer unread.
 */

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications, / });

test('an overdue step is escalated by the job to the approver’s manager; the timeline records it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const uma = await apiSession(request, 'user@acme.test');
  const requisition = await submitThroughApi(request, uma, {
    justification: uniqueText('Escalated by the job'),
    description: 'Projector bulb',
    unitPrice: 75,
  });
  const [due] = await sql<{ due_at: Date }>(
    `UPDATE approval_steps SET due_at = date_trunc('minute', now()) - interval '1 hour',
            remind_at = now() - interval '2 hours', reminded_at = now() - interval '2 hours'
      WHERE requisition_id = $1 AND action IS NULL RETURNING due_at`,
    [requisition.id],
  );
  const since = `${new Date(due!.due_at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'user@acme.test');
  await page.goto(`/requisitions/${requisition.id}`);
  const manager = workflowSteps(page).filter({ hasText: 'Manager Approval' });

  await test.step('the job escalates it; the timeline records it', async () => {
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('main').getByText(/^Escalated from Mark Evans/)).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 120_000, intervals: [5_000] });
    await expect(page.getByRole('main')).toContainText(`Escalated to Helen Park: overdue since ${since}.`);
    await expect(manager.getByText(/^Overdue by /).first()).toBeVisible();
    await manager.first().scrollIntoViewIfNeeded();
    await shotFromTop(page, 'escalation-job-timeline-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await shotFromTop(page, 'escalation-job-timeline-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('Helen’s bell and queue have it, overdue; Mark’s notice is settled', async () => {
    await switchUser(page, 'head@acme.test');
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(
      panel.getByRole('link', {
        name: new RegExp(`^Unread: ${requisition.number} from Uma Patel is overdue and was escalated to you`),
      }),
    ).toBeVisible();
    await snapshot(page, 'escalation-job-bell-1440', false);
    await page.keyboard.press('Escape');
    await page.goto('/approvals');
    await page.getByRole('searchbox', { name: 'Search approvals' }).fill(requisition.number);
    const card = page.getByRole('article', { name: requisition.number });
    await expect(card.getByText(/^Overdue by /)).toBeVisible();
    const mark = await apiSession(request, 'manager@acme.test');
    const listed = (await (
      await request.get('/api/notifications?limit=50', { headers: mark.headers })
    ).json()) as { notifications: { requisition_id: string; kind: string; read_at: string | null }[] };
    const marks = listed.notifications.filter((n) => n.requisition_id === requisition.id);
    expect(marks.map((n) => [n.kind, n.read_at !== null])).toEqual([['approval_requested', true]]);
  });
});
