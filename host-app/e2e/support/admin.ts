import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { databaseUrl, e2eDatabaseName } from './environment';

/** A random hex word that makes this run's users, departments and files unique. */
export function randomHex(bytes = 4): string {
  return randomBytes(bytes).toString('hex');
}

/** A sign-in address no other test (or run) uses: `prefix-<hex>@e2e.test`. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomHex()}@e2e.test`;
}

/** One row of `email_outbox`. */
export interface OutboxMail {
  to_address: string;
  subject: string;
  text_body: string;
  status: string;
}

/** The mails queued for `address` in this run's database (the API's outbox), oldest first. */
export async function outboxMailsTo(address: string): Promise<OutboxMail[]> {
  const client = new pg.Client({ connectionString: databaseUrl(e2eDatabaseName()) });
  await client.connect();
  try {
    const { rows } = await client.query<OutboxMail>(
      `SELECT to_address, subject, text_body, status FROM email_outbox
        WHERE lower(to_address) = lower($1) ORDER BY created_at`,
      [address],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits for the one mail to `address` whose subject matches `subject`, handed to the (SMTP-less)
 * dispatcher, which marks it `logged`; answers it.
 */
export async function waitForMail(address: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await outboxMailsTo(address)).filter((mail) => subject.test(mail.subject));
        found = mails[0];
        return mails.map((mail) => mail.status);
      },
      { message: `a logged mail to ${address} with subject ${subject}`, timeout: 15_000 },
    )
    .toEqual(['logged']);
  if (!found) throw new Error(`no mail to ${address}`);
  return found;
}

/** The first link to `path` (with its query) in a mail's text. */
export function linkIn(mail: OutboxMail, path: string): URL {
  const escaped = path.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&');
  const match = mail.text_body.match(new RegExp(`https?://[^\\s/]+${escaped}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return new URL(match[0]);
}

/**
 * A page of a new browser context nobody is signed in to (a new person's own browser). The project's
 * `use` options that shape a page are passed on, as `pageFor` does. Close its context at the end.
 */
export async function freshPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    locale,
    timezoneId,
  });
  return context.newPage();
}

/** Opens the user list from the sidebar and searches it for `text`. */
export async function searchUsers(page: Page, text: string): Promise<void> {
  if (!/\/admin\/users$/.test(new URL(page.url()).pathname)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

/** The row of the user list whose user cell shows `email` (search for it first). */
export function userRow(page: Page, email: string): Locator {
  return page
    .getByRole('table', { name: 'Users' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: email }) });
}

/** Opens the department list from the sidebar and searches it for `text`. */
export async function searchDepartments(page: Page, text: string): Promise<void> {
  if (!/\/admin\/departments$/.test(new URL(page.url()).pathname)) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Departments' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/departments$/);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: /^Department Management/ }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search departments' }).fill(text);
}

/** The card of department `name` on Department Management. */
export function departmentCard(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Departments' }).getByRole('article', { name, exact: true });
}
