import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test.describe('sign-out', () => {
  test('Sign out returns to /login and protected pages are refused afterwards', async ({ page }) => {
    await signIn(page, 'user@acme.test');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).toBeNull();

    await page.goto('/approvals');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapprovals$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('removing the token in another tab signs this tab out', async ({ page, context }) => {
    test.setTimeout(60_000); // two tabs' cold loads on a shared two-core machine
    await signIn(page, 'user@acme.test');
    await page.goto('/requisitions');
    await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();

    const otherTab = await context.newPage();
    await otherTab.goto('/dashboard');
    await expect(otherTab.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
    await otherTab.evaluate(() => window.localStorage.removeItem('auth_token'));

    await expect(page).toHaveURL(/\/login\?redirect=%2Frequisitions$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
