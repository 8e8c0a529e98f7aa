import { expect, test } from '@playwright/test';
import { freshPage, type OutboxMail, waitForMail } from './support/admin';
import { createDraftThroughApi, uniqueTag } from './support/requisitions';
import { DEMO_PASSWORD } from './support/session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/** The Approve and Reject links of an "awaiting your decision" mail (Approve first). */
function decisionLinks(mail: OutboxMail): { approve: URL; reject: URL } {
  const links = [...mail.text_body.matchAll(/https?:\/\/\S+\/email-decision\/[A-Za-z0-9_-]+/g)].map(
    (match) => new URL(match[0]),
  );
  if (links.length !== 2) throw new Error(`no decision links in the mail "${mail.subject}"`);
  return { approve: links[0]!, reject: links[1]! };
}

/**
 * Decide from the email (issue 15, item 2): Uma submits a requisition; Mark Evans, her manager, gets
 * the "awaiting your decision" mail, opens its Approve link in a browser nobody is signed in to,
 * confirms, and opening the link again (or its Reject sibling) says it was approved.
 */
test('approves a requisition from the emailed link; the link then says it was approved', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = uniqueTag('email-decision');
  const { id, number } = await createDraftThroughApi(request, 'user@acme.test', {
    justification: `Standing desk ${tag}`,
    description: 'Standing desk',
    quantity: 1,
    unitPrice: 640,
  });
  await test.step('Uma submits it', async () => {
    const login = await request.post('/api/auth/login', {
      data: { email: 'user@acme.test', password: DEMO_PASSWORD },
    });
    const { session } = (await login.json()) as { session: { access_token: string } };
    const organizations = (await (
      await request.get('/api/organizations', {
        headers: { Authorization: `Bearer ${session.access_token}` },
      })
    ).json()) as { organizations: { id: string; code: string }[] };
    const acme = organizations.organizations.find((organization) => organization.code === 'ACME')!;
    const submitted = await request.post(`/api/requisitions/${id}/submit`, {
      headers: { Authorization: `Bearer ${session.access_token}`, 'X-Organization-Id': acme.id },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
  });

  const mail = await waitForMail('manager@acme.test', new RegExp(`^Awaiting your decision: ${number}$`));
  const links = decisionLinks(mail);
  const page = await freshPage(browser, testInfo);
  try {
    await test.step('Mark opens the Approve link: nothing is decided until he confirms', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const opened = await page.goto(links.approve.pathname);
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.getByRole('heading', { level: 1, name: 'Approve requisition' })).toBeVisible();
      await expect(page.getByText(number)).toBeVisible();
      await expect(page.getByText(`Standing desk ${tag}`)).toBeVisible();
      await expect(page.getByText('Uma Patel')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/email-decision-approve-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/email-decision-approve-390.png`, fullPage: true });
      // Its Reject sibling asks for the reason; opening it decides nothing either.
      await page.goto(links.reject.pathname);
      await expect(page.getByRole('heading', { level: 1, name: 'Reject requisition' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Reason for rejecting/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/email-decision-reject-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/email-decision-reject-1440.png`, fullPage: true });
      await page.goto(links.approve.pathname);
    });

    await test.step('he approves; the page says so', async () => {
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText(/^Approved by Mark Evans on /)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/email-decision-approved-1440.png`, fullPage: true });
    });

    await test.step('opening the links again says it was approved, with no button', async () => {
      await page.goto(links.approve.pathname);
      await expect(page.getByText(/^Approved by Mark Evans on /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await page.goto(links.reject.pathname);
      await expect(page.getByText(/^Already approved by Mark Evans on /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/email-decision-already-390.png`, fullPage: true });
    });
  } finally {
    await page.context().close();
  }
});
