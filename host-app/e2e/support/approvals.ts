import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './session';

/** Kept out of the repository: the screenshots are for a person to look at after a run. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots';

/**
 * A screenshot under {@link SHOTS_DIR} once the sign-in toast has gone, animations finished: of the
 * whole page, or with `fullPage` false of the viewport (open dialogs and dropdowns, whose overlay and
 * the sticky shell only cover the viewport).
 */
export async function snapshot(page: Page, name: string, fullPage = true): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage, animations: 'disabled' });
}

/** `prefix` and a random suffix: a justification no other test (or run) writes, found again by search. */
export function uniqueText(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

/** Signs the current user out through the sidebar and signs `email` in. */
export async function switchUser(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email);
}

/** A success toast with exactly this text. */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** Opens the dropdown named `label` and picks the option whose name matches `option` (the first one when absent). */
export async function chooseOption(page: Page, label: string, option?: string | RegExp): Promise<void> {
  const trigger = page.getByRole('combobox', { name: label });
  const listbox = page.getByRole('listbox', { name: label });
  const choice = option ? listbox.getByRole('option', { name: option }) : listbox.getByRole('option').first();
  // A click while the choices are still loading opens nothing: open again until the option shows.
  await expect(async () => {
    if (!(await choice.isVisible())) await trigger.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // A click event straight on the option (what a tap sends): a list that opens from the sticky Take
  // Action panel can keep moving while the page scrolls it into view, which a pointer click waits out.
  await choice.dispatchEvent('click');
  await expect(page.getByRole('combobox', { name: label })).not.toHaveText(/^(Loading\.\.\.|Select)/);
}

/** What {@link createRequisition} fills in: one line. */
export interface RequisitionDraft {
  justification: string;
  description: string;
  quantity: number;
  unitPrice: number;
  /** The estimated total the form should show, as formatted ('$30,000.00'). */
  expectedTotal: string;
}

/** A requisition made through the create screen. */
export interface CreatedRequisition {
  id: string;
  number: string;
}

/**
 * Fills the create screen with one line on cost centre CC-100 and the first GL account, and submits it
 * for approval (the signed-in user must be able to create requisitions). Ends on its detail page.
 */
export async function createRequisition(page: Page, draft: RequisitionDraft): Promise<CreatedRequisition> {
  await page.goto('/requisitions/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Requisition' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New requisition' });

  await chooseOption(page, 'Cost Center', /^CC-100 - /);
  await chooseOption(page, 'GL Account');
  await form.getByRole('textbox', { name: 'Business Justification' }).fill(draft.justification);

  const line = form.getByRole('group', { name: 'Item 1' });
  await line.getByRole('textbox', { name: 'Description' }).fill(draft.description);
  await line.getByRole('spinbutton', { name: 'Quantity' }).fill(String(draft.quantity));
  await line.getByRole('spinbutton', { name: 'Unit Price' }).fill(String(draft.unitPrice));
  await expect(form.getByRole('status', { name: 'Estimated total' })).toHaveText(draft.expectedTotal);

  await form.getByRole('button', { name: 'Submit for Approval' }).click();
  await expect(toastWith(page, 'Requisition submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/requisitions\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^REQ-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Under Review', { exact: true })).toBeVisible();
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  return { id, number: (await heading.textContent()) ?? '' };
}

/**
 * Finds the requisition in the signed-in approver's queue (searched by its number), checks the level it
 * waits at, and opens its review with 'Review & Approve'.
 */
export async function openReviewFromQueue(
  page: Page,
  requisition: CreatedRequisition,
  levelTitle: string,
): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  // The queue keeps its search in the URL: a search typed on the queue just before this click (less than
  // the box's 300 ms pause earlier) is still written after it, as the link led to the page already shown.
  await expect(page).toHaveURL(/\/approvals(\?.*)?$/);
  await expect(
    page.getByRole('heading', { level: 1, name: /^Approval Queue \d+ awaiting approval$/ }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search approvals' }).fill(requisition.number);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${requisition.number}(&|$)`));
  const card = page.getByRole('article', { name: requisition.number });
  await expect(card).toBeVisible();
  // The queue is oldest first: once the search has answered, this card leads it. Until then it may stand
  // lower in the unfiltered list and move up under the pointer (a click that lands on the card, not the
  // link, as a CI run saw).
  await expect(page.getByRole('main').getByRole('article').first()).toHaveAccessibleName(
    new RegExp(`^${requisition.number}(?!\\d)`),
  );
  await expect(card.getByText(levelTitle, { exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Review & Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/approvals/${requisition.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
}

/** The review's 'Take Action' panel. */
export function takeAction(page: Page): Locator {
  return page.getByRole('region', { name: 'Take Action' });
}

/**
 * Approves (or, with `action`, decides otherwise) on the review screen at `levelTitle`, with optional
 * comments, and waits for the success toast and the return to the queue.
 */
export async function decideOnReview(
  page: Page,
  levelTitle: string,
  { action = 'Approve', comments }: { action?: 'Approve' | 'Reject'; comments?: string } = {},
): Promise<void> {
  const panel = takeAction(page);
  await expect(panel.getByText(`You are deciding at ${levelTitle}.`)).toBeVisible();
  await panel.getByRole('radio', { name: action }).check();
  if (comments) await panel.getByRole('textbox', { name: 'Comments' }).fill(comments);
  await panel.getByRole('button', { name: `${action} Requisition` }).click();
  await expect(toastWith(page, 'Approval action completed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/approvals$/);
}

/**
 * Searches the requisition list for `justification` and answers the row of requisition `number`
 * (its Status cell shows the list's badge).
 */
export async function findInRequisitionList(
  page: Page,
  justification: string,
  number: string,
): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requisitions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search requisitions' }).fill(justification);
  await expect(page).toHaveURL(/[?&]search=/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}

/** Today as the screens print a date ('21 Nov 2026'), in the browser's time zone. */
export function todayInBrowser(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
      now.getMonth()
    ];
    return `${now.getDate()} ${month} ${now.getFullYear()}`;
  });
}

/** The entries of the 'Approval workflow' timeline on the page. */
export function workflowSteps(page: Page): Locator {
  return page.getByRole('list', { name: 'Approval workflow' }).getByRole('listitem');
}
