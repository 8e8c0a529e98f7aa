import { expect, test } from '@playwright/test';
import pg from 'pg';
import { createRequisition, snapshot, switchUser, uniqueText } from './support/approvals';
import { databaseUrl, e2eDatabaseName } from './support/environment';
import { signIn } from './support/session';

/**
 * Reminders and escalation (issue 15 item 5) in the real UI: Uma (user@acme.test) submits two
 * requisitions; their Manager Approval steps are given due times in the database (the demo policy has
 * none, and the job's own clock cannot be moved here): one overdue and already escalated (its group
 * told, so the job leaves it), one due in two days. Mark (manager@acme.test) sees "Overdue by 3 hours"
 * and "Due in 2 days" on the queue's cards, keeps the overdue one with the Due filter, and sees the due
 * time and the escalation on the requisition's timeline. Screenshots at 1440 and 390 pixels wide.
 */

async function sql(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(e2eDatabaseName()) });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

test.describe('reminders and escalation', () => {
  test('the queue and the timeline show due and overdue steps', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const tag = uniqueText('Due demo');

    const [late, soon] = await test.step('1. Uma submits two requisitions', async () => {
      await signIn(page, 'user@acme.test');
      const first = await createRequisition(page, {
        justification: `${tag}: replacement chairs`,
        description: 'Office chair',
        quantity: 2,
        unitPrice: 120,
        expectedTotal: '$240.00',
      });
      const second = await createRequisition(page, {
        justification: `${tag}: standing desks`,
        description: 'Standing desk',
        quantity: 1,
        unitPrice: 450,
        expectedTotal: '$450.00',
      });
      return [first, second];
    });

    await test.step('2. their steps get due times: one overdue and escalated, one due in two days', async () => {
      await sql(
        `UPDATE approval_steps SET due_at = now() - interval '3 hours 1 minute', remind_at = now() - interval '5 hours',
                reminded_at = now() - interval '5 hours', escalated_at = now() - interval '2 hours'
          WHERE requisition_id = $1 AND action IS NULL`,
        [late.id],
      );
      await sql(
        `UPDATE approval_steps SET due_at = now() + interval '2 days 1 minute', remind_at = now() + interval '1 day 12 hours'
          WHERE requisition_id = $1 AND action IS NULL`,
        [soon.id],
      );
    });

    await test.step('3. Mark sees due and overdue on the cards, and filters the overdue ones', async () => {
      await switchUser(page, 'manager@acme.test');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
      await expect(page).toHaveURL(/\/approvals$/);
      await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
      const lateCard = page.getByRole('article', { name: late.number });
      const soonCard = page.getByRole('article', { name: soon.number });
      await expect(lateCard.getByText('Overdue by 3 hours')).toBeVisible();
      await expect(soonCard.getByText('Due in 2 days')).toBeVisible();
      await snapshot(page, 'escalation-queue-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(lateCard.getByText('Overdue by 3 hours')).toBeVisible();
      await snapshot(page, 'escalation-queue-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('combobox', { name: 'Due' }).click();
      await page.getByRole('option', { name: 'Overdue' }).click();
      await expect(soonCard).toBeHidden();
      await expect(lateCard).toBeVisible();
    });

    await test.step('3b. Due soonest is kept in the URL, across a reload', async () => {
      await page.goto('/approvals');
      await page.getByRole('radio', { name: 'Due soonest' }).click();
      await expect(page).toHaveURL(/\/approvals\?sort=due$/);
      await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
      // The search reaches the URL once typing pauses; the order stays beside it.
      await expect(page).toHaveURL(/[?&]search=Due/);
      await expect(page).toHaveURL(/[?&]sort=due/);
      await page.reload();
      await expect(page.getByRole('radio', { name: 'Due soonest' })).toBeChecked();
      await expect(
        page.getByText('Requisitions waiting for your decision, soonest due first.'),
      ).toBeVisible();
      const cards = page.getByRole('list', { name: 'Approvals awaiting your decision' }).getByRole('article');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(0)).toHaveAccessibleName(new RegExp(late.number));
      await expect(cards.nth(1)).toHaveAccessibleName(new RegExp(soon.number));
      await snapshot(page, 'queue-due-soonest-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await snapshot(page, 'queue-due-soonest-390', false);
      await page.setViewportSize({ width: 1440, height: 900 });
    });

    await test.step('4. the timeline shows the due time and the escalation', async () => {
      await page.goto(`/requisitions/${late.id}`);
      const timeline = page.getByRole('list', { name: 'Approval workflow' });
      await expect(timeline.getByText('Overdue by 3 hours')).toBeVisible();
      await expect(timeline.getByText(/^Overdue: escalated/)).toBeVisible();
      await snapshot(page, 'escalation-timeline-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(timeline.getByText('Overdue by 3 hours')).toBeVisible();
      await snapshot(page, 'escalation-timeline-390');
    });
  });
});
