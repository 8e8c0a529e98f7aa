import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

/**
 * The intranet portal hosts our approval queue, approval review and requisition detail on its own
 * routes (/tasks, /tasks/:id, /requests/:id), signed in by its own identity provider. Uma
 * (user@acme.test) raises and submits a requisition through the API; Mark (manager@acme.test, the
 * portal's signed-in person) finds it under the portal's "My tasks" and approves it through our review.
 */
const apiUrl = process.env.API_URL;
const idpUrl = process.env.IDP_URL;
const shotsDir = process.env.EXAMPLE_SHOTS_DIR ?? '/tmp/example-shots/react-router-portal';

type Json = Record<string, unknown>;

/** Calls the API as `email`, with a token of the portal's identity provider; fails on any error answer. */
async function apiAs(email: string) {
  const issued = await fetch(`${idpUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(issued.status, `a token for ${email}`).toBe(200);
  const { access_token: token } = (await issued.json()) as { access_token: string };
  return async <T = Json>(method: string, path: string, body?: unknown, organizationId?: string) => {
    const response = await fetch(`${apiUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(organizationId ? { 'x-organization-id': organizationId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.ok, `${method} ${path} as ${email}: ${response.status} ${text}`).toBe(true);
    return JSON.parse(text) as T;
  };
}

interface Requisition {
  id: string;
  requisition_number: string;
  status: string;
  approval_workflow: {
    approval_level: number;
    level_title: string;
    action: string | null;
    comments: string | null;
    approver: { email: string } | null;
  }[];
}

/** The portal's own frame: its header with the brand, its navigation and the person it signed in. */
async function expectPortalChrome(page: Page) {
  const header = page.getByRole('banner').filter({ hasText: 'Northwind Intranet' });
  await expect(header.getByRole('link', { name: 'Northwind Intranet' })).toBeVisible();
  await expect(header).toContainText('Signed in as Mark Evans');
  const nav = page.getByRole('navigation', { name: 'Portal' });
  await expect(nav.getByRole('link', { name: 'My tasks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Northwind Traders');
}

/** The path of the page, which must be the portal's own route. */
const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Screenshots of the page at 1440 and at 390 px wide (then back to 1440), checking that nothing is
 * wider than the phone's viewport.
 */
async function shoot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} at ${width}`,
      })
      .toBeLessThanOrEqual(width);
    await page.screenshot({
      path: `${shotsDir}/${name}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The portal's house colour (`#7a1f1f`), which its global stylesheet gives headings, links and buttons. */
const portalRed = 'rgb(122, 31, 31)';

/** Computed styles of the first element matching `selector`. */
function styleOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      const { textTransform, fontFamily, borderRadius, borderStyle, color, marginTop, marginBottom } = style;
      return { textTransform, fontFamily, borderRadius, borderStyle, color, marginTop, marginBottom };
    });
}

test('the manager approves a requisition on the portal’s routes, signed in by the portal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const justification = `Portal e2e: toner for the second floor ${randomBytes(4).toString('hex')}`;
  const comments = 'Approved from the intranet.';

  const created = await test.step('Uma creates and submits a requisition through the API', async () => {
    const uma = await apiAs('user@acme.test');
    const { organizations } = await uma<{ organizations: { id: string; code: string }[] }>(
      'GET',
      '/organizations',
    );
    const acme = organizations.find((organization) => organization.code === 'ACME');
    expect(acme, 'Uma belongs to Acme').toBeDefined();
    const organizationId = acme!.id;
    const { cost_centers } = await uma<{ cost_centers: { id: string; code: string }[] }>(
      'GET',
      `/organizations/${organizationId}/cost-centers`,
    );
    const { gl_accounts } = await uma<{ gl_accounts: { id: string }[] }>(
      'GET',
      `/organizations/${organizationId}/gl-accounts`,
    );
    const costCenter = cost_centers.find((center) => center.code === 'CC-100');
    expect(costCenter, 'cost centre CC-100').toBeDefined();
    const { requisition: draft } = await uma<{ requisition: Requisition }>(
      'POST',
      '/requisitions',
      {
        cost_center_id: costCenter!.id,
        gl_account_id: gl_accounts[0]!.id,
        category: 'standard',
        justification,
        line_items: [
          { description: 'Toner cartridge', quantity: 4, unit_price: 62.5, unit_of_measure: 'each' },
        ],
      },
      organizationId,
    );
    expect(draft.status).toBe('draft');
    const { requisition } = await uma<{ requisition: Requisition }>(
      'POST',
      `/requisitions/${draft.id}/submit`,
      undefined,
      organizationId,
    );
    expect(requisition.status).toBe('under_review');
    expect(requisition.approval_workflow).toEqual([
      expect.objectContaining({ level_title: 'Manager Approval', action: null }),
    ]);
    return { id: requisition.id, number: requisition.requisition_number, organizationId };
  });

  // Our sign-in must never show: no call to our sign-in or refresh, and no sign-in form in the page.
  const ourAuthCalls: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/auth\/(login|refresh)/.test(new URL(request.url()).pathname))
      ourAuthCalls.push(request.url());
  });
  let ourSignInSeen = false;
  await page.exposeFunction('reportOurSignIn', () => {
    ourSignInSeen = true;
  });
  await page.addInitScript(() => {
    const look = () => {
      if (document.querySelector('form[aria-label="Sign in"], input[type="password"]'))
        (window as unknown as { reportOurSignIn(): void }).reportOurSignIn();
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await test.step('the portal’s home page keeps its own style', async () => {
    await page.goto('/');
    await expectPortalChrome(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Good morning, Mark' })).toBeVisible();
    // The portal's global stylesheet applies to its own elements.
    expect(await styleOf(page, 'main button')).toMatchObject({
      textTransform: 'uppercase',
      borderRadius: '0px',
    });
    expect(await styleOf(page, 'main h1')).toMatchObject({ textTransform: 'uppercase', color: portalRed });
    expect(await styleOf(page, 'main th')).toMatchObject({
      textTransform: 'uppercase',
      borderStyle: 'solid',
    });
    await shoot(page, '0-home');
  });

  await test.step('Mark opens "My tasks" and finds the requisition in our approval queue', async () => {
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'My tasks' }).click();
    await expect.poll(() => pathOf(page)).toBe('/tasks');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Approval Queue \d+ awaiting approval$/ }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search approvals' }).fill(created.number);
    const card = page.getByRole('article', { name: created.number });
    await expect(card).toBeVisible();
    await expect(card.getByText('Manager Approval', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Review & Approve' })).toHaveAttribute(
      'href',
      `/tasks/${created.id}`,
    );
    await expectPortalChrome(page);
    await shoot(page, '1-tasks');
    await card.getByRole('link', { name: 'Review & Approve' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/tasks/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: created.number })).toBeVisible();
    await expectPortalChrome(page);
  });

  await test.step('our screens keep their look under the portal’s global stylesheet', async () => {
    // The portal's h1/button/th rules are uppercase, serif, dark red, square: none of it reaches our screens.
    const heading = await styleOf(page, 'main h1');
    expect(heading).toMatchObject({ textTransform: 'none', marginTop: '0px', marginBottom: '0px' });
    expect(heading.fontFamily).not.toMatch(/Georgia/);
    expect(heading.color).not.toBe(portalRed);
    const panelHeading = await styleOf(page, 'main h2');
    expect(panelHeading).toMatchObject({ textTransform: 'none', marginTop: '0px' });
    expect(panelHeading.color).not.toBe(portalRed);
    const button = await styleOf(page, 'main button[type="submit"]');
    expect(button).toMatchObject({ textTransform: 'none', borderStyle: 'none' });
    expect(button.fontFamily).not.toMatch(/Georgia/);
    expect(button.borderRadius).not.toBe('0px');
    const headerCell = await styleOf(page, 'main th');
    expect(headerCell).toMatchObject({ textTransform: 'none', borderStyle: 'none' });
  });

  await test.step('the requisition detail opens on the portal’s /requests/:id, and back', async () => {
    await page.getByRole('link', { name: 'Open Requisition' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/requests/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: created.number })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Requisition Details' })).toContainText(justification);
    await expectPortalChrome(page);
    await shoot(page, '2-request-before');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(`/tasks/${created.id}`);
  });

  await test.step('Mark approves it through our review screen', async () => {
    const panel = page.getByRole('region', { name: 'Take Action' });
    await expect(panel.getByText('You are deciding at Manager Approval.')).toBeVisible();
    await shoot(page, '3-review');
    await panel.getByRole('radio', { name: 'Approve' }).check();
    await panel.getByRole('textbox', { name: 'Comments' }).fill(comments);
    await panel.getByRole('button', { name: 'Approve Requisition' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Approval action completed successfully' }),
    ).toBeVisible();
    // The review returns to the queue: the portal's /tasks, not ours.
    await expect.poll(() => pathOf(page)).toBe('/tasks');
    await expect(
      page.getByRole('heading', { level: 1, name: /^Approval Queue \d+ awaiting approval$/ }),
    ).toBeVisible();
    await expectPortalChrome(page);
  });

  await test.step('the API says the step is approved and the requisition moved on', async () => {
    const mark = await apiAs('manager@acme.test');
    const { requisition } = await mark<{ requisition: Requisition }>(
      'GET',
      `/requisitions/${created.id}`,
      undefined,
      created.organizationId,
    );
    expect(requisition.status).toBe('approved');
    expect(requisition.approval_workflow).toEqual([
      expect.objectContaining({
        approval_level: 1,
        action: 'approve',
        comments,
        approver: expect.objectContaining({ email: 'manager@acme.test' }),
      }),
    ]);
  });

  await test.step('the detail on /requests/:id shows it approved, in the portal’s frame', async () => {
    await page.goto(`/requests/${created.id}`);
    await expect(page.getByRole('heading', { level: 1, name: created.number })).toBeVisible();
    await expect(page.getByRole('main').getByText('Approved', { exact: true }).first()).toBeVisible();
    await expectPortalChrome(page);
    await shoot(page, '4-request-approved');
  });

  expect(ourAuthCalls, 'calls to our sign-in or refresh').toEqual([]);
  expect(ourSignInSeen, 'our sign-in form appeared').toBe(false);
  await expect(page.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
  expect(errors, 'uncaught errors in the page').toEqual([]);
});
