import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * The Next.js portal (issue 17 item 1): the packages import and render on the server without a
 * `window`, and in Chromium the approval queue and the requisition detail show the API's data to the
 * portal's own signed-in person, never our sign-in.
 */
const apiUrl = process.env.API_URL ?? '';
const idpUrl = process.env.IDP_URL ?? '';
const SHOTS_DIR = `${process.env.E2E_SHOTS_DIR ?? '/tmp/e2e-shots'}/next-portal`;
const OUR_SIGN_IN = 'Sign in to the purchasing platform';

/** A token of the portal's identity provider for `email`. */
async function portalToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post(`${idpUrl}/token`, { data: { email } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** Creates and submits a one-line requisition as user@acme.test straight through the API; answers its id and number. */
async function submittedRequisition(request: APIRequestContext, justification: string) {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${await portalToken(request, 'user@acme.test')}`,
  };
  const get = async <T>(path: string): Promise<T> => {
    const answer = await request.get(`${apiUrl}/api${path}`, { headers });
    expect(answer.ok(), `GET ${path}`).toBe(true);
    return (await answer.json()) as T;
  };
  const { organizations } = await get<{ organizations: { id: string; code: string }[] }>('/organizations');
  const acme = organizations.find((organization) => organization.code === 'ACME');
  if (!acme) throw new Error('user@acme.test is not a member of ACME');
  headers['X-Organization-Id'] = acme.id;
  const costCenters = await get<{ cost_centers: { id: string }[] }>(`/organizations/${acme.id}/cost-centers`);
  const glAccounts = await get<{ gl_accounts: { id: string }[] }>(`/organizations/${acme.id}/gl-accounts`);

  const created = await request.post(`${apiUrl}/api/requisitions`, {
    headers,
    data: {
      cost_center_id: costCenters.cost_centers[0]?.id,
      gl_account_id: glAccounts.gl_accounts[0]?.id,
      justification,
      line_items: [
        { description: 'Ergonomic keyboard', quantity: 2, unit_price: 120, unit_of_measure: 'each' },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { requisition } = (await created.json()) as {
    requisition: { id: string; requisition_number: string };
  };
  const submitted = await request.post(`${apiUrl}/api/requisitions/${requisition.id}/submit`, { headers });
  expect(submitted.ok()).toBe(true);
  return { id: requisition.id, number: requisition.requisition_number };
}

/** Fails the test on a hydration mismatch or an uncaught error, and records every page the tab visits. */
function watch(page: Page): { paths: string[]; problems: string[]; idpCalls: () => number } {
  const paths: string[] = [];
  const problems: string[] = [];
  let idp = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|did not match|#418|#423|#425/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/idp/token') idp += 1;
    if (/^\/api\/auth\/(login|refresh)/.test(path)) problems.push(`our sign-in was called: ${path}`);
  });
  return { paths, problems, idpCalls: () => idp };
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true, animations: 'disabled' });
}

test('the server renders the pages and the packages without a window (raw HTML, no JavaScript)', async ({
  request,
  browser,
}) => {
  // The approval queue, a client component, server-rendered: the portal's frame and the screen's heading
  // and loading state are in the first HTML, before any script runs.
  const queue = await request.get('/approvals');
  expect(queue.status()).toBe(200);
  const html = await queue.text();
  expect(html).toContain('Signed in as manager@acme.test');
  expect(html).toMatch(/<h1[^>]*>Approval Queue<\/h1>/);
  expect(html).toContain('Loading organizations');
  expect(html).not.toContain(OUR_SIGN_IN);

  // The home page, a server component, renders a widget of @purchasing/ui and a function of the client.
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/data-status="submitted"[^>]*>Submitted</);
  expect(home).toMatch(/Submitting a requisition is (<!-- -->)?safe(<!-- -->)? to retry/);

  // A route handler uses the client's functions on the server.
  const check = await request.get('/api-check');
  expect(check.status()).toBe(200);
  expect(await check.json()).toEqual({
    organizationKey: ['organization', 'org-1'],
    submitTakesIdempotencyKey: true,
    idempotencyKeyLength: 36,
  });

  // What a browser without JavaScript shows: the server's HTML alone.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1440, height: 900 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approval Queue' })).toBeVisible();
  await expect(page.getByText('Signed in as manager@acme.test')).toBeVisible();
  await shoot(page, 'approvals-server-html-1440');
  await context.close();
});

test('the manager, signed in by the portal, sees and opens the requisition a user submitted', async ({
  page,
}) => {
  const tag = `next-${randomBytes(4).toString('hex')}`;
  const requisition = await submittedRequisition(page.request, `Keyboards for the ${tag} team`);
  const seen = watch(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Approval Queue' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search approvals' }).fill(tag);
  const card = page.getByRole('article', { name: requisition.number });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Keyboards for the ${tag} team`)).toBeVisible();
  await shoot(page, 'approvals-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await shoot(page, 'approvals-390');

  // The card's link goes to the portal's own detail route through Next's router.
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(`/requisitions/${requisition.id}`);
  await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
  await expect(page.getByText(`Keyboards for the ${tag} team`).first()).toBeVisible();
  await expect(page.getByText('Ergonomic keyboard').first()).toBeVisible();
  await shoot(page, 'detail-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
  await expect(page.getByText('Ergonomic keyboard').first()).toBeVisible();
  await shoot(page, 'detail-390');

  expect(seen.idpCalls()).toBeGreaterThan(0);
  await expect(page.getByText(OUR_SIGN_IN)).toHaveCount(0);
  expect(seen.paths.filter((path) => path === '/login')).toEqual([]);
  expect(seen.problems).toEqual([]);
});
