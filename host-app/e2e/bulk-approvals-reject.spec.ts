import { expect, test } from '@playwright/test';
import { snapshot, toastWith } from './support/approvals';
import { actThroughApi, apiSession, submitThroughApi } from './support/issue15';
import { uniqueTag } from './support/requisitions';
import { signIn } from './support/session';

/**
 * Bulk, keyboard-first decisions (issue 15 item 3), the sentences the approve spec leaves: `?` opens
 * the keyboard help; each card shows its budget position (available, and after this one) inline;
 * three selected are rejected with one comment while one of them was decided elsewhere meanwhile:
 * that one fails alone (409), the two others are rejected, each with the comment. Mark Evans
 * (manager@acme.test) on requisitions of Uma's (user@acme.test).
 */
test('keyboard help, budget position, and a bulk rejection with one comment where one conflict fails alone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const tag = uniqueTag('bulk-reject');
  const uma = await apiSession(request, 'user@acme.test');
  const mark = await apiSession(request, 'manager@acme.test');
  const raised: { id: string; number: string }[] = [];
  for (const [description, price] of [
    ['Label printer', 140],
    ['Paper shredder', 95],
    ['Coat stand', 70],
  ] as const) {
    raised.push(await submitThroughApi(request, uma, { justification: tag, description, unitPrice: price }));
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager@acme.test');
  await page.goto('/approvals');
  await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);

  await test.step('each card shows its budget position inline', async () => {
    for (const { number } of raised) {
      await expect(page.getByRole('article', { name: number })).toContainText(
        /Budget \d{4}: \$[\d,]+\.\d{2} available, -?\$[\d,]+\.\d{2} after this one/,
      );
    }
  });

  await test.step('? opens the keyboard help', async () => {
    await page.getByRole('heading', { level: 1, name: /^Approval Queue/ }).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('Reject the selected requisitions (or this one)');
    await snapshot(page, 'bulk-keyboard-help-1440', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(help).toBeVisible();
    await snapshot(page, 'bulk-keyboard-help-390', false);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  await test.step('j and k move, i asks for information on the current one', async () => {
    await page.getByRole('heading', { level: 1, name: /^Approval Queue/ }).click();
    await page.keyboard.press('j');
    await expect(cards.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(cards.nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(cards.nth(0)).toBeFocused();
    // Oldest first: the first card is the first raised.
    await expect(cards.nth(0)).toHaveAccessibleName(new RegExp(`^${raised[0]!.number}(?!\\d)`));
    await page.keyboard.press('i');
    const info = page.getByRole('dialog', { name: `Request information on ${raised[0]!.number}` });
    await expect(info).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(info).toBeHidden();
  });

  await test.step('three selected; one is approved elsewhere; r rejects all with one comment', async () => {
    // The cursor is still on the first card (k brought it back): x, then j x twice.
    await page.getByRole('heading', { level: 1, name: /^Approval Queue/ }).click();
    await page.keyboard.press('x');
    for (let n = 1; n < 3; n += 1) {
      await page.keyboard.press('j');
      await expect(cards.nth(n)).toBeFocused();
      await page.keyboard.press('x');
    }
    for (const { number } of raised) {
      await expect(page.getByRole('checkbox', { name: `Select ${number}` })).toBeChecked();
    }
    await expect(page.getByRole('region', { name: 'Selected approvals' })).toContainText('3 selected');
    const conflicted = raised[1]!;
    const elsewhere = await actThroughApi(request, mark, conflicted.id, 'approve');
    expect(elsewhere.ok(), await elsewhere.text()).toBe(true);

    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: 'Reject 3 requisitions' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The same comment goes to every requestor.');
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Not this quarter.');
    await snapshot(page, 'bulk-reject-dialog-1440', false);
    await dialog.getByRole('button', { name: 'Reject selected' }).click();
    await expect(toastWith(page, '2 requisitions rejected')).toBeVisible();
    await expect(toastWith(page, '1 could not be decided')).toBeVisible();
    await snapshot(page, 'bulk-reject-outcome-1440', false);

    for (const { id } of [raised[0]!, raised[2]!]) {
      const { requisition } = (await (
        await request.get(`/api/requisitions/${id}`, { headers: uma.headers })
      ).json()) as {
        requisition: { status: string; approval_workflow: { action: string; comments: string }[] };
      };
      expect(requisition.status).toBe('rejected');
      expect(requisition.approval_workflow).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: 'reject', comments: 'Not this quarter.' }),
        ]),
      );
    }
    const { requisition } = (await (
      await request.get(`/api/requisitions/${conflicted.id}`, { headers: uma.headers })
    ).json()) as { requisition: { status: string } };
    expect(requisition.status).not.toBe('rejected');
    await expect(cards).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await snapshot(page, 'bulk-reject-outcome-390', false);
  });
});
