import { expect, test } from '@playwright/test';
import { submitSignIn } from './support/session';

test.describe('sign-in', () => {
  test("a wrong password shows the server's message as a toast and stays on the sign-in screen", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByText('Sign in to the purchasing platform')).toBeVisible();

    await submitSignIn(page, 'user@acme.test', 'not-the-password');

    await expect(page.getByRole('status').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('returns to the exact requested location (path, query and hash) and leaves /login out of history', async ({
    page,
  }) => {
    await page.goto('/requisitions?status=draft#top');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/requisitions?status=draft#top');

    await submitSignIn(page, 'user@acme.test');

    await expect(page).toHaveURL(
      (url) => `${url.pathname}${url.search}${url.hash}` === '/requisitions?status=draft#top',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();

    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  test('ignores a redirect that leaves the site and goes to the dashboard instead', async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/phish')}`);
    await submitSignIn(page, 'user@acme.test');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('a signed-in user opening /login goes on to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, 'user@acme.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
