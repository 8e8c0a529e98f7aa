import { expect, test } from '@playwright/test';
import { mainNavigation, readDashboardTiles, signIn } from './support/session';

test('switching from Acme Corporation to Globex Industries changes the figures and the menu', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.test');
  const organization = page.getByRole('combobox', { name: 'Organization' });
  await expect(organization).toHaveText('Acme Corporation');
  await expect(page.getByText("Here's what's happening at Acme Corporation.")).toBeVisible();
  // Admin in ACME holds user.edit.
  await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toBeVisible();
  const acme = await readDashboardTiles(page);

  await organization.click();
  await page.getByRole('option', { name: 'Globex Industries' }).click();

  await expect(organization).toHaveText('Globex Industries');
  await expect(page.getByText("Here's what's happening at Globex Industries.")).toBeVisible();
  const globex = await readDashboardTiles(page);
  expect(globex).not.toEqual(acme);
  // Finance Manager in GLOBEX: no user.edit, so no Users item.
  await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(mainNavigation(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
});
