import { expect, test } from '@playwright/test';
import { freshPage, type OutboxMail, waitForMail } from './support/admin';
import { uniqueText } from './support/approvals';
import { actThroughApi, apiSession, shotFromTop, submitThroughApi } from './support/issue15';
import { signIn } from './support/session';

/** The Approve and Reject links of an "awaiting your decision" mail (Approve first). */
function decisionLinks(mail: OutboxMail): { approve: URL; reject: URL } {
  const links = [...mail.text_body.matchAll(/https?:\/\/\S+\/email-decision\/[A-Za-z0-9_-]+/g)].map(
    (match) => new URL(match[0]),
  );
  if (links.length !== 2) throw new Error(`no decision links in the mail "${mail.subject}"`);
  return { approve: links[0]!, reject: links[1]! };
}

/**
 * Decide from the email (issue 15 item 2), the sentences the approve spec leaves: the Reject link
 * asks for the comment on its page (refused without one) and then decides; a link whose step was
 * decided elsewhere first answers what happened, with no button. Mark Evans (manager@acme.test)
 * decides on requisitions of Uma's (user@acme.test), in a browser nobody is signed in to.
 */
test('rejects from the emailed link with the comment it asks for; a link decided elsewhere says what happened', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const uma = await apiSession(request, 'user@acme.test');
  const mark = await apiSession(request, 'manager@acme.test');
  const toReject = await submitThroughApi(request, uma, {
    justification: uniqueText('Mail reject'),
    description: 'Espresso machine',
    unitPrice: 380,
  });
  const elsewhere = await submitThroughApi(request, uma, {
    justification: uniqueText('Mail elsewhere'),
    description: 'Whiteboard',
    unitPrice: 60,
  });
  const rejectLinks = decisionLinks(
    await waitForMail('manager@acme.test', new RegExp(`^Awaiting your decision: ${toReject.number}$`)),
  );
  const elsewhereLinks = decisionLinks(
    await waitForMail('manager@acme.test', new RegExp(`^Awaiting your decision: ${elsewhere.number}$`)),
  );

  const page = await freshPage(browser, testInfo);
  try {
    await test.step('the Reject link asks for the reason and refuses without one', async () => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(rejectLinks.reject.pathname);
      await expect(page.getByRole('heading', { level: 1, name: 'Reject requisition' })).toBeVisible();
      await expect(page.getByText(toReject.number)).toBeVisible();
      await page.getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByText('Say why you reject it.')).toBeVisible();
      await shotFromTop(page, 'email-decision-reject-empty-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByText('Say why you reject it.')).toBeVisible();
      await shotFromTop(page, 'email-decision-reject-empty-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      const status = (await (
        await request.get(`/api/requisitions/${toReject.id}`, { headers: mark.headers })
      ).json()) as { requisition: { status: string } };
      expect(status.requisition.status).toBe('under_review');
    });

    await test.step('with the reason it rejects, and the requestor sees it', async () => {
      await page.getByRole('textbox', { name: /Reason for rejecting/ }).fill('Over the kitchen budget.');
      await page.getByRole('button', { name: 'Reject' }).click();
      await expect(page.getByText(/^Rejected by Mark Evans on /)).toBeVisible();
      await shotFromTop(page, 'email-decision-rejected-1440');
      const detail = (await (
        await request.get(`/api/requisitions/${toReject.id}`, { headers: uma.headers })
      ).json()) as {
        requisition: { status: string; approval_workflow: { action: string; comments: string }[] };
      };
      expect(detail.requisition.status).toBe('rejected');
      // Uma's bell says so, with the approver's name.
      const umaPage = await freshPage(browser, testInfo);
      try {
        await signIn(umaPage, 'user@acme.test');
        await umaPage
          .getByRole('banner')
          .getByRole('button', { name: /^Notifications, / })
          .click();
        await expect(
          umaPage.getByRole('dialog', { name: 'Notifications' }).getByRole('link', {
            name: `Unread: Your requisition ${toReject.number} was rejected by Mark Evans.`,
          }),
        ).toBeVisible();
      } finally {
        await umaPage.context().close();
      }
      expect(detail.requisition.approval_workflow).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'reject', comments: 'Over the kitchen budget.' }),
        ]),
      );
    });

    await test.step('a link whose step was decided in the app answers what happened', async () => {
      const approved = await actThroughApi(request, mark, elsewhere.id, 'approve');
      expect(approved.ok(), await approved.text()).toBe(true);
      await page.goto(elsewhereLinks.reject.pathname);
      await expect(page.getByText(/^Already approved by Mark Evans on /)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: /Reason for rejecting/ })).toHaveCount(0);
      await shotFromTop(page, 'email-decision-elsewhere-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByText(/^Already approved by Mark Evans on /)).toBeVisible();
      await shotFromTop(page, 'email-decision-elsewhere-390');
    });
  } finally {
    await page.context().close();
  }
});
