import { expect, type Page, test } from '@playwright/test';
import { chooseOption, fillLine, SHOTS_DIR, uniqueTag } from './support/requisitions';
import { mainNavigation, signIn } from './support/session';

/** The form kit's question, asked for every way out of a form with unsaved changes (issue 19 item 2). */
function discardDialog(page: Page) {
  return page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
}

/** A screenshot of the viewport (a full-page shot would draw the modal's fixed overlay part-way down). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, animations: 'disabled' });
}

/** Opens a new requisition from the sidebar (dashboard → requisitions → create, so back has somewhere to go). */
async function openNewRequisition(page: Page): Promise<void> {
  await mainNavigation(page).getByRole('link', { name: 'Requisitions' }).click();
  await expect(page).toHaveURL(/\/requisitions$/);
  await page.getByRole('link', { name: 'New Requisition' }).click();
  await expect(page).toHaveURL(/\/requisitions\/create$/);
}

test.describe('unsaved changes', () => {
  test('the requisition form asks before the sidebar, the breadcrumb, back or a reload lose typed changes', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const justification = `Spare monitors ${uniqueTag('unsaved')}`;
    const field = page.getByRole('textbox', { name: 'Business Justification' });
    await signIn(page, 'user@acme.test');
    await openNewRequisition(page);
    await field.fill(justification);

    await test.step('the sidebar asks; "Keep editing" stays with the text', async () => {
      await mainNavigation(page).getByRole('link', { name: 'Dashboard' }).click();
      await expect(discardDialog(page)).toBeVisible();
      await expect(discardDialog(page)).toContainText(
        'The changes you made to this requisition will be lost.',
      );
      await shoot(page, 'unsaved-changes-sidebar-1440');
      await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await expect(discardDialog(page)).toBeHidden();
      await expect(page).toHaveURL(/\/requisitions\/create$/);
      await expect(field).toHaveValue(justification);
    });

    await test.step('the breadcrumb asks too', async () => {
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Requisitions' })
        .click();
      await expect(discardDialog(page)).toBeVisible();
      await discardDialog(page).getByRole('button', { name: 'Keep editing' }).click();
      await expect(page).toHaveURL(/\/requisitions\/create$/);
      await expect(field).toHaveValue(justification);
    });

    await test.step('a reload asks the browser (beforeunload); dismissing it keeps the text', async () => {
      const dialogs: string[] = [];
      const onDialog = (dialog: import('@playwright/test').Dialog) => {
        dialogs.push(dialog.type());
        void dialog.dismiss();
      };
      page.on('dialog', onDialog);
      // Dismissed, the reload never happens: do not wait for a load that does not come.
      await page.reload({ timeout: 2_000 }).catch(() => {});
      await expect.poll(() => dialogs).toEqual(['beforeunload']);
      page.off('dialog', onDialog);
      await expect(page).toHaveURL(/\/requisitions\/create$/);
      await expect(field).toHaveValue(justification);
    });

    await test.step('the browser\'s back button asks; "Discard changes" leaves', async () => {
      await page.goBack({ waitUntil: 'commit' }).catch(() => {});
      await expect(discardDialog(page)).toBeVisible();
      // The address bar already shows the page before (the router restores it on "Keep editing"); the
      // form and its text are still there (behind the modal, hidden from the accessibility tree).
      await expect(
        page.getByRole('textbox', { name: 'Business Justification', includeHidden: true }),
      ).toHaveValue(justification);
      await discardDialog(page).getByRole('button', { name: 'Discard changes' }).click();
      await expect(page).toHaveURL(/\/requisitions$/);
      await expect(discardDialog(page)).toBeHidden();
      await expect(field).toHaveCount(0);
    });

    await test.step('a clean form leaves without asking, and so does a successful save', async () => {
      await page.getByRole('link', { name: 'New Requisition' }).click();
      await expect(page).toHaveURL(/\/requisitions\/create$/);
      await chooseOption(page, 'Cost Center', 'CC-200 - Information Technology');
      await chooseOption(page, 'GL Account', '6100 - Office Supplies');
      await field.fill(justification);
      await fillLine(page, 1, { description: 'Monitor, 27 inch', quantity: 2, unitPrice: '320.00' });
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await expect(page).toHaveURL(/\/requisitions\/[0-9a-f-]{36}$/);
      await expect(discardDialog(page)).toHaveCount(0);
      await mainNavigation(page).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(discardDialog(page)).toHaveCount(0);
    });
  });

  test('the question fits a phone', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions/create');
    await page.getByRole('textbox', { name: 'Business Justification' }).fill('Spare monitors');
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Requisitions' })
      .click();
    await expect(discardDialog(page)).toBeVisible();
    await shoot(page, 'unsaved-changes-dialog-390');
  });
});
