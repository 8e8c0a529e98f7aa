import { expect, type Page } from '@playwright/test';

/** Every demo user's password (docs/demo-users.md). */
export const DEMO_PASSWORD = 'Password123!';

/** Fills and submits the sign-in form on the current page (which must show it). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs `email` in from /login and waits for the dashboard. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back, / })).toBeVisible();
}

/** The sidebar's main navigation. */
export function mainNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/** The text of the four dashboard tiles, once they have loaded. */
export async function readDashboardTiles(page: Page): Promise<Record<string, string>> {
  const labels = ['Pending Approvals', 'My Requisitions', 'Monthly Spend', 'Budget Utilization'];
  const figures: Record<string, string> = {};
  for (const label of labels) {
    const tile = page.getByRole('group', { name: label });
    await expect(tile).toBeVisible();
    await expect(tile).not.toHaveAttribute('aria-busy', 'true');
    figures[label] = ((await tile.textContent()) ?? '').replace(label, '').trim();
  }
  return figures;
}
