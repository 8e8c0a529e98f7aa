import { expect, test } from '@playwright/test';
import { mainNavigation, signIn } from './support/session';

test.describe('route guard', () => {
  test('a user without user.edit sees no Users item and is sent from /admin/users to the dashboard', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.test');
    await expect(mainNavigation(page).getByRole('link', { name: 'Requisitions' })).toBeVisible();
    await expect(mainNavigation(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(mainNavigation(page).getByRole('link', { name: 'Departments' })).toHaveCount(0);

    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
  });

  test('an administrator opens /admin/users and both user edit paths', async ({ page }) => {
    await signIn(page, 'admin@acme.test');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    for (const path of ['/admin/users/some-id', '/admin/users/some-id/edit']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(
        page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Edit User', { exact: true }),
      ).toBeVisible();
    }
  });

  test('an unknown path and the root path land on the dashboard', async ({ page }) => {
    await signIn(page, 'user@acme.test');
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('shows a centred spinner and nothing protected while the stored session is being checked', async ({
    page,
  }) => {
    await signIn(page, 'user@acme.test');
    // Hold the session check back so the loading state can be seen; the real server still answers it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto('/requisitions');
    await expect(page.getByRole('status', { name: 'Loading your session' })).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Requisitions' })).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();
    await expect(page).toHaveURL(/\/requisitions$/);
  });

  test('the password screens are open without signing in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    for (const [path, title] of [
      ['/reset-password?token=abc', 'Reset your password'],
      ['/accept-invite?token=abc', 'Accept your invitation'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
  });
});
