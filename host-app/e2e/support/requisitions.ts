import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Browser,
  type Download,
  expect,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/**
 * A short random word that makes this run's records unique ('e2e-3f9a1c2b'), so a test finds its own
 * requisitions by search whatever other tests or earlier runs left in the database.
 */
export function uniqueTag(prefix = 'e2e'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/**
 * A full-page screenshot under {@link SHOTS_DIR}, with animations finished. Taken from the top of the
 * page: scrolled, the sticky header and action bar would be drawn in the middle of a full-page shot.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * A small, valid one-page PDF (header, five objects, a cross-reference table with exact byte offsets,
 * trailer and `%%EOF`) that prints `text`. Made in memory, so no fixture file lives in the repository.
 */
export function minimalPdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (char) => `\\${char}`);
  const content = `BT /F1 14 Tf 24 60 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A page of its own browser context signed in as `email` (one context per demo user, so two people can
 * take turns on one requisition without signing out). `browser.newContext()` does not take the
 * project's `use` options by itself: the ones that shape a page are passed on. Close its context at the end.
 */
export async function pageFor(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
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
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The toast with `text` (react-hot-toast renders each toast as a status). */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Waits for the toast with `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toastWith(page, text)).toBeVisible();
}

/** Line `n` (from 1) of the requisition form: the group named 'Item n'. */
export function lineItem(page: Page, n: number): Locator {
  return page.getByRole('group', { name: `Item ${n}` });
}

/** Opens the single-choice dropdown `label` (a SelectDropdown) within `scope` and chooses `option`. */
export async function chooseOption(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const trigger = scope.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  // The choices load with the form: a click while the list is still loading (or while the previous
  // dropdown is closing) opens nothing, and a list that re-renders can close under the click; so open
  // it again and choose again until the choice shows on the trigger.
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await choice.click({ timeout: 2_000 });
    await expect(trigger).toHaveText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Ticks `option` in the multiple-choice dropdown `label` (a filter panel's SelectDropdown), then closes
 * the list with Escape.
 */
export async function tickOption(page: Page, label: string, option: string): Promise<void> {
  const trigger = page.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await choice.click();
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
}

/** One line of a requisition typed into the form. */
export interface TypedLine {
  /** Text typed into Product: the first suggestion matching `product` is picked (prefills the line). */
  productSearch?: string;
  product?: RegExp;
  description?: string;
  quantity: number;
  unitPrice?: string;
  notes?: string;
}

/** Fills line `n` of the requisition form (which must exist). */
export async function fillLine(page: Page, n: number, line: TypedLine): Promise<void> {
  const item = lineItem(page, n);
  if (line.productSearch && line.product) {
    await item.getByRole('combobox', { name: 'Product' }).fill(line.productSearch);
    await page.getByRole('option', { name: line.product }).click();
    await expect(item.getByText(/^Catalogue item: /)).toBeVisible();
  }
  if (line.description !== undefined) {
    await item.getByRole('textbox', { name: 'Description' }).fill(line.description);
  }
  await item.getByRole('spinbutton', { name: 'Quantity' }).fill(String(line.quantity));
  if (line.unitPrice !== undefined) {
    await item.getByRole('spinbutton', { name: 'Unit Price' }).fill(line.unitPrice);
  }
  if (line.notes !== undefined) await item.getByRole('textbox', { name: 'Notes' }).fill(line.notes);
}

/** The requisition detail page's line items table. */
export function lineItemsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Line items' });
}

/** The row of the detail page's line items table whose row header is `description`. */
export function lineRow(page: Page, description: string): Locator {
  return lineItemsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: description }) });
}

/**
 * Checks the header of the requisition detail page: the number as the page's h2 and the status badge
 * beside it. Answers the requisition number.
 */
export async function expectDetailHeader(page: Page, status: string): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1, name: /^REQ-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  // The header's badge comes first; the workflow may name the same status further down (Info Requested).
  await expect(page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible();
  return (await heading.textContent()) ?? '';
}

/** The id in a `/requisitions/{id}` URL. */
export function requisitionIdOf(page: Page): string {
  const match = new URL(page.url()).pathname.match(/^\/requisitions\/([0-9a-f-]{36})$/);
  if (!match?.[1]) throw new Error(`not a requisition detail URL: ${page.url()}`);
  return match[1];
}

/** Clicks `trigger` and answers the download it starts. */
export async function downloadFrom(page: Page, trigger: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return download;
}

/** The bytes of a finished download. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/**
 * Creates a draft requisition straight through the API as `email` (for tests whose subject is not the
 * form): one line, ACME's first cost centre and GL account. Answers its id and number.
 */
export async function createDraftThroughApi(
  request: APIRequestContext,
  email: string,
  fields: { justification: string; description: string; quantity: number; unitPrice: number },
): Promise<{ id: string; number: string }> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { session } = (await login.json()) as { session: { access_token: string } };
  const headers: Record<string, string> = { Authorization: `Bearer ${session.access_token}` };

  const organizations = (await (await request.get('/api/organizations', { headers })).json()) as {
    organizations: { id: string; code: string }[];
  };
  const acme = organizations.organizations.find((organization) => organization.code === 'ACME');
  if (!acme) throw new Error(`${email} is not a member of ACME`);
  headers['X-Organization-Id'] = acme.id;

  const first = async (path: string, key: string): Promise<string> => {
    const answer = (await (await request.get(path, { headers })).json()) as Record<string, { id: string }[]>;
    const id = answer[key]?.[0]?.id;
    if (!id) throw new Error(`${path} answered no ${key}`);
    return id;
  };
  const costCenterId = await first(`/api/organizations/${acme.id}/cost-centers`, 'cost_centers');
  const glAccountId = await first(`/api/organizations/${acme.id}/gl-accounts`, 'gl_accounts');

  const created = await request.post('/api/requisitions', {
    headers,
    data: {
      cost_center_id: costCenterId,
      gl_account_id: glAccountId,
      justification: fields.justification,
      line_items: [
        {
          description: fields.description,
          quantity: fields.quantity,
          unit_price: fields.unitPrice,
          unit_of_measure: 'each',
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { requisition } = (await created.json()) as {
    requisition: { id: string; requisition_number: string; status: string };
  };
  expect(requisition.status).toBe('draft');
  return { id: requisition.id, number: requisition.requisition_number };
}
