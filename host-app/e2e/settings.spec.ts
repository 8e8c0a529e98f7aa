import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { chooseOption, expectToast, SHOTS_DIR } from './support/requisitions';
import { DEMO_PASSWORD, mainNavigation, signIn } from './support/session';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `${SHOTS_DIR}/settings-${name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

/** Acme's settings as the API answers them to the Admin, with the headers to change them. */
async function acmeSettings(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { email: 'admin@acme.test', password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const { session } = (await login.json()) as { session: { access_token: string } };
  const headers: Record<string, string> = { Authorization: `Bearer ${session.access_token}` };
  const { organizations } = (await (await request.get('/api/organizations', { headers })).json()) as {
    organizations: { id: string; code: string }[];
  };
  const acme = organizations.find((organization) => organization.code === 'ACME')!;
  headers['X-Organization-Id'] = acme.id;
  const url = `/api/organizations/${acme.id}/settings`;
  const { settings } = (await (await request.get(url, { headers })).json()) as {
    settings: { name: string; fiscal_year_start: number; version: number };
  };
  return { url, headers, settings };
}

/**
 * Settings (issue 16 item 7) through the real UI and API. Alex Morgan (admin@acme.test, Admin of ACME:
 * `org.settings`) renames the organisation and moves its fiscal year start, reloads and sees both kept;
 * Uma Patel (user@acme.test, User) sees the same values read-only, without Save. The original name and
 * fiscal year are put back afterwards (the other specs share the database). Screenshots at 1440 and
 * 390 pixels wide.
 */
test.describe('settings', () => {
  let original: { name: string; fiscal_year_start: number } | null = null;

  test.afterAll(async ({ request }) => {
    if (!original) return;
    const { url, headers, settings } = await acmeSettings(request);
    const restored = await request.patch(url, { headers, data: { version: settings.version, ...original } });
    expect(restored.ok()).toBe(true);
  });

  test('an admin changes the name and fiscal year; a plain user sees them read-only', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const before = (await acmeSettings(request)).settings;
    original = { name: before.name, fiscal_year_start: before.fiscal_year_start };
    const name = `Acme Corporation ${Date.now().toString(36)}`;
    await page.setViewportSize({ width: 1440, height: 900 });

    await test.step('1. The sidebar leads to Settings, with the other settings screens', async () => {
      await signIn(page, 'admin@acme.test');
      await mainNavigation(page).getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(before.name);
      const more = page.getByRole('region', { name: 'More Settings' });
      await expect(more.getByRole('link', { name: /Exchange Rates/ })).toHaveAttribute(
        'href',
        '/admin/exchange-rates',
      );
      await expect(more.getByRole('link', { name: /Departments/ })).toBeVisible();
      // An Admin does not manage roles: no entry for them.
      await expect(more.getByRole('link', { name: /Roles/ })).toHaveCount(0);
      await shoot(page, 'admin-1440');
    });

    await test.step('2. Alex renames the organization and starts the fiscal year in July', async () => {
      await page.getByRole('textbox', { name: /^Name/ }).fill(name);
      await chooseOption(page, 'Fiscal Year Starts In', 'July');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Settings saved');
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    });

    await test.step('3. After a reload both are kept', async () => {
      await page.reload();
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
      await expect(page.getByRole('combobox', { name: /Fiscal Year Starts In/ })).toContainText('July');
    });

    await test.step('4. On a phone the form is one column', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('textbox', { name: /^Name/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, 'admin-390');
    });

    await test.step('5. Uma (a User) sees the same values, read-only, with no Save button', async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const uma = await context.newPage();
      await signIn(uma, 'user@acme.test');
      await uma.goto('/settings');
      const field = uma.getByRole('textbox', { name: /^Name/ });
      await expect(field).toHaveValue(name);
      await expect(field).toBeDisabled();
      await expect(uma.getByRole('combobox', { name: /Fiscal Year Starts In/ })).toContainText('July');
      await expect(uma.getByText('Only people who manage settings can change these.')).toBeVisible();
      await expect(uma.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
      // None of the other settings screens is open to a User: no such section.
      await expect(uma.getByRole('region', { name: 'More Settings' })).toHaveCount(0);
      await shoot(uma, 'user-1440');
      await uma.setViewportSize({ width: 390, height: 844 });
      await shoot(uma, 'user-390');
      await context.close();
    });
  });
});
