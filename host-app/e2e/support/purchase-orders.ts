import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import {
  type CreatedRequisition,
  chooseOption,
  createRequisition,
  decideOnReview,
  openReviewFromQueue,
  type RequisitionDraft,
  switchUser,
} from './approvals';
import { databaseUrl, e2eDatabaseName } from './environment';
import { signIn } from './session';

/** ACME's currency (AUD) as the screens print money: '$1,234.50'. */
export function aud(amount: number): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(amount);
}

/** A percentage as the dashboard prints it (`formatPercent`): one decimal, '12.3%'. */
export function percent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A calendar date `days` from today (UTC), as `yyyy-MM-dd`, the value a DatePicker holds. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The months as every screen writes them (issue 19, item 8): three letters, 'Jun' and 'Sep' too. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date as the screens print it and date fields show it ('14 Nov 2026', never shifted). */
export function printedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * Uma (user@acme.test) raises and submits `draft` through the form on `page` (signing her in), so it
 * waits for Mark at Manager Approval (a total below 5,000 has no other level).
 */
export async function submitAsUma(page: Page, draft: RequisitionDraft): Promise<CreatedRequisition> {
  await signIn(page, 'user@acme.test');
  return createRequisition(page, draft);
}

/** Mark (manager@acme.test) approves `requisition` at Manager Approval from his queue on `page`. */
export async function approveAsMark(page: Page, requisition: CreatedRequisition): Promise<void> {
  await switchUser(page, 'manager@acme.test');
  await openReviewFromQueue(page, requisition, 'Manager Approval');
  await decideOnReview(page, 'Manager Approval');
}

/** The signed-in browser session's token and organisation, as `page.request` headers for /api calls. */
export async function apiHeaders(
  page: Page,
): Promise<{ headers: Record<string, string>; organizationId: string }> {
  // The organisation is stored once the session's organisations have loaded, which may come after the
  // dashboard's heading (signIn waits for that): wait for both keys rather than read them at once.
  await page
    .waitForFunction(
      () =>
        window.localStorage.getItem('auth_token') !== null &&
        window.localStorage.getItem('current_organization_id') !== null,
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  const { token, organizationId } = await page.evaluate(() => ({
    token: window.localStorage.getItem('auth_token'),
    organizationId: window.localStorage.getItem('current_organization_id'),
  }));
  if (!token || !organizationId) throw new Error('the page holds no signed-in session');
  return {
    organizationId,
    headers: { Authorization: `Bearer ${token}`, 'X-Organization-Id': organizationId },
  };
}

/** `GET /organizations/{id}/summary` with the browser's session: the exact figures behind the tiles. */
export interface OrganizationSummary {
  pending_approvals: number;
  my_requisitions: number;
  total_spend_this_month: number;
  budget_utilization: number;
}

export async function organizationSummary(page: Page): Promise<OrganizationSummary> {
  const { headers, organizationId } = await apiHeaders(page);
  const answer = await page.request.get(`/api/organizations/${organizationId}/summary`, { headers });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { summary: OrganizationSummary }).summary;
}

/** The organisation's budget position this fiscal year, in cents, summed over its cost centres. */
export interface BudgetTotals {
  allocated: number;
  spent: number;
  committed: number;
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Sums `GET /budgets/check` over every cost centre of the organisation (the caller needs
 * `budget.view` or `requisition.create`): allocated, spent and committed in cents.
 */
export async function budgetTotals(page: Page): Promise<BudgetTotals> {
  const { headers, organizationId } = await apiHeaders(page);
  const centres = await page.request.get(`/api/organizations/${organizationId}/cost-centers`, { headers });
  expect(centres.status()).toBe(200);
  const { cost_centers } = (await centres.json()) as { cost_centers: { id: string }[] };
  const totals: BudgetTotals = { allocated: 0, spent: 0, committed: 0 };
  for (const centre of cost_centers) {
    const check = await page.request.get('/api/budgets/check', {
      headers,
      params: { cost_center_id: centre.id, amount: 0 },
    });
    expect(check.status()).toBe(200);
    const figures = (await check.json()) as { allocated: number; spent: number; committed: number };
    totals.allocated += cents(figures.allocated);
    totals.spent += cents(figures.spent);
    totals.committed += cents(figures.committed);
  }
  return totals;
}

/** Budget Utilization as the server computes it (DECISIONS §5): (spent + committed) / allocated, in %, 2 decimals. */
export function utilizationOf({ allocated, spent, committed }: BudgetTotals): number {
  return allocated > 0 ? Math.round(((spent + committed) / allocated) * 10000) / 100 : 0;
}

/**
 * Raises a purchase order on /purchase-orders/create as the signed-in buyer: the approved
 * `requisition`, `vendor` and a delivery date typed as `yyyy-MM-dd`. Ends on the new order's detail
 * page and answers its id and number.
 */
export async function raisePurchaseOrder(
  page: Page,
  requisition: CreatedRequisition,
  vendor: string,
  deliveryDate: string,
): Promise<{ id: string; number: string }> {
  await page.goto('/purchase-orders/create');
  const form = page.getByRole('form', { name: 'New purchase order' });
  await expect(form).toBeVisible();
  await chooseOption(page, 'Approved Requisition', new RegExp(`^${requisition.number} · `));
  await expect(
    form.getByRole('table', { name: `Lines of ${requisition.number}` }).getByRole('row'),
  ).not.toHaveCount(0);
  await chooseOption(page, 'Vendor', vendor);
  const date = form.getByRole('textbox', { name: /^Delivery Date/ });
  await date.fill(deliveryDate);
  await date.press('Enter');
  await expect(date).toHaveValue(printedDate(deliveryDate));
  await form.getByRole('button', { name: 'Create Purchase Order' }).click();
  await expect(page).toHaveURL(/\/purchase-orders\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^PO-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  return { id, number: (await heading.textContent()) ?? '' };
}

/** A mail of the outbox (`email_outbox`) of this run's database. */
export interface OutboxMail {
  to_address: string;
  subject: string;
  status: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

/** The mails of this run's outbox whose subject contains `text`, oldest first. */
export async function outboxMailsAbout(text: string): Promise<OutboxMail[]> {
  const client = new pg.Client({ connectionString: databaseUrl(e2eDatabaseName()) });
  await client.connect();
  try {
    const { rows } = await client.query<OutboxMail>(
      `SELECT to_address, subject, status, attachments FROM email_outbox
        WHERE position($1 in subject) > 0 ORDER BY created_at`,
      [text],
    );
    return rows;
  } finally {
    await client.end();
  }
}
