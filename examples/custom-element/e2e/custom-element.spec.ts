import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';

/**
 * The intranet page (plain HTML, its own Bootstrap-like global stylesheet) mounts the approval queue as
 * <purchasing-approvals>, on React 18, signed in with the intranet's own token. Uma (user@acme.test)
 * raises and submits a requisition through the API; Mark (manager@acme.test) finds it in the queue on
 * the intranet page. The shadow root keeps the styles apart both ways, the filter's dropdown (a Radix
 * portal) opens inside it with the theme's look, and a link of the queue reaches the page as an event.
 */

const apiUrl = process.env.API_URL ?? '';
const idpUrl = process.env.IDP_URL ?? '';
const shots = process.env.EXAMPLE_SHOTS_DIR ?? '/tmp/purchasing-examples-shots/custom-element';

/** Radix Themes' default font stack (`--default-font-family`), as the browser computes it. */
const RADIX_FONT = /^-apple-system, BlinkMacSystemFont, "Segoe UI \(Custom\)", Roboto/;

async function tokenFor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${idpUrl}/token`, { data: { email } });
  expect(response.status(), `token for ${email}`).toBe(200);
  return (await response.json()).access_token;
}

/** Uma raises and submits a requisition through the API with the intranet's token; its id and number. */
async function submittedRequisition(request: APIRequestContext): Promise<{ id: string; number: string }> {
  const token = await tokenFor(request, 'user@acme.test');
  const auth = { authorization: `Bearer ${token}` };
  const me = await request.get(`${apiUrl}/api/auth/me`, { headers: auth });
  expect(me.status()).toBe(200);
  const memberships: { organization: { id: string; code: string } }[] = (await me.json()).user
    .user_organizations;
  const organizationId = memberships.find((m) => m.organization.code === 'ACME')?.organization.id ?? '';
  expect(organizationId).not.toBe('');
  const headers = { ...auth, 'x-organization-id': organizationId };
  const costCenters = await request.get(`${apiUrl}/api/organizations/${organizationId}/cost-centers`, {
    headers,
  });
  expect(costCenters.status()).toBe(200);
  const costCenter = (await costCenters.json()).cost_centers.find(
    (c: { code: string }) => c.code === 'CC-100',
  );
  const glAccounts = await request.get(`${apiUrl}/api/organizations/${organizationId}/gl-accounts`, {
    headers,
  });
  expect(glAccounts.status()).toBe(200);
  const glAccount = (await glAccounts.json()).gl_accounts[0];
  const created = await request.post(`${apiUrl}/api/requisitions`, {
    headers,
    data: {
      cost_center_id: costCenter.id,
      gl_account_id: glAccount.id,
      category: 'standard',
      justification: `Standing desks for the intranet team (custom element check ${Date.now()})`,
      line_items: [{ description: 'Standing desk', quantity: 2, unit_price: 345, unit_of_measure: 'each' }],
    },
  });
  expect(created.status()).toBe(201);
  const { requisition } = await created.json();
  const submitted = await request.post(`${apiUrl}/api/requisitions/${requisition.id}/submit`, { headers });
  expect(submitted.status()).toBe(200);
  expect((await submitted.json()).requisition.status).toBe('under_review');
  return { id: requisition.id, number: requisition.requisition_number };
}

/** The computed styles that would show our CSS leaking onto the page's own elements. */
async function pageLook(page: Page): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(() => {
    const properties = [
      'font-family',
      'font-size',
      'font-weight',
      'line-height',
      'letter-spacing',
      'text-transform',
      'color',
      'background-color',
      'border-radius',
      'border-top-width',
      'padding-left',
      'padding-top',
      'box-sizing',
      'margin-bottom',
    ];
    const look: Record<string, Record<string, string>> = {};
    for (const selector of [
      'html',
      'body',
      '#intranet-title',
      '#intranet-print',
      '.intranet-header a',
      'p',
    ]) {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      const style = getComputedStyle(element);
      look[selector] = Object.fromEntries(properties.map((p) => [p, style.getPropertyValue(p)]));
    }
    return look;
  });
}

function computed(locator: Locator, properties: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (element, names) =>
      Object.fromEntries(names.map((n) => [n, getComputedStyle(element).getPropertyValue(n)])),
    properties,
  );
}

test('the approval queue as a custom element: its own sign-in, styles isolated both ways, portals themed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // one long walk through the page, on a loaded two-core machine
  mkdirSync(shots, { recursive: true });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requisition = await submittedRequisition(request);

  // The page's own look without the element's script (so without any of our CSS)...
  await page.route('**/purchasing-approvals.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My tasks' })).toBeVisible();
  const before = await pageLook(page);
  expect(before['#intranet-print']).toMatchObject({
    'border-radius': '0px',
    'font-family': '"Courier New", monospace',
  });
  await page.unroute('**/purchasing-approvals.js');

  // ...and with the queue mounted, as Mark, signed in by the intranet (no sign-in of ours).
  await page.goto('/');
  const host = page.locator('purchasing-approvals');
  const card = host.getByRole('article', { name: requisition.number });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Standing desks for the intranet team');
  await expect(host.getByRole('heading', { level: 1, name: 'Approval Queue' })).toBeVisible();
  await expect(page.getByRole('button', { name: /sign in/i })).toHaveCount(0);
  expect(await pageLook(page)).toEqual(before);

  // Nothing of ours in the page's light DOM: every Radix element lives in the shadow root.
  const lightDom = await page.evaluate(() => ({
    radix: document.querySelectorAll('.radix-themes, [class*="rt-"]').length,
    shadow: document.querySelector('purchasing-approvals')?.shadowRoot?.querySelectorAll('.radix-themes')
      .length,
  }));
  expect(lightDom.radix).toBe(0);
  expect(lightDom.shadow).toBeGreaterThan(0);

  // The page's reset does not reach our Radix button (a real <button>, which `button {…}` would hit).
  const filters = host.getByRole('button', { name: 'Filters' });
  const look = await computed(filters, [
    'border-radius',
    'padding-left',
    'height',
    'font-family',
    'font-size',
    'text-transform',
    'background-color',
    'border-top-width',
    'box-sizing',
  ]);
  expect(look).toMatchObject({
    'border-radius': '6px', // max(var(--radius-3), var(--radius-full)) at the default medium radius
    'padding-left': '16px', // var(--space-4): size 3
    height: '40px',
    'font-size': '16px',
    'text-transform': 'none',
    'border-top-width': '0px',
    'box-sizing': 'border-box',
  });
  expect(look['font-family']).toMatch(RADIX_FONT);
  expect(look['background-color']).not.toBe('rgb(255, 102, 0)');
  const heading = await computed(card.getByRole('heading', { level: 2 }), [
    'font-family',
    'text-transform',
    'color',
    'font-size',
  ]);
  expect(heading['font-family']).toMatch(RADIX_FONT);
  expect(heading['text-transform']).toBe('none');
  expect(heading['font-size']).toBe('18px'); // size 4, in px although the page sets html { font-size: 10px }
  expect(await computed(card, ['outline-style', 'padding-left'])).toEqual({
    'outline-style': 'none',
    'padding-left': '16px',
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${shots}/queue-1440.png`, fullPage: true });

  // The level filter's dropdown is a Radix popover in a portal: it opens inside the shadow root, themed.
  await filters.click();
  await host.getByRole('combobox', { name: 'Approval level' }).click();
  const listbox = host.getByRole('listbox', { name: 'Approval level' });
  await expect(listbox).toBeVisible();
  const placement = await listbox.evaluate((element) => {
    const root = element.getRootNode();
    const popover = element.closest('.rt-PopoverContent');
    const theme = element.closest('.radix-themes');
    if (!popover || !theme) throw new Error('no Radix popover or theme around the listbox');
    // The theme's panel colour, resolved where the popover is.
    const probe = document.createElement('div');
    probe.style.backgroundColor = 'var(--color-panel-solid)';
    theme.append(probe);
    const panel = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return {
      inShadowRoot: root instanceof ShadowRoot && root.host.localName === 'purchasing-approvals',
      inBody: document.body.contains(element),
      themeClass: theme.className,
      background: getComputedStyle(popover).backgroundColor,
      panel,
      font: getComputedStyle(element).fontFamily,
      shadow: getComputedStyle(popover).boxShadow,
    };
  });
  expect(placement.inShadowRoot).toBe(true);
  expect(placement.inBody).toBe(false);
  expect(placement.themeClass).toContain('light');
  expect(placement.background).toBe(placement.panel);
  expect(placement.background).not.toMatch(/^rgba?\(0, 0, 0, 0\)$|rgb\(255, 105, 180\)/);
  expect(placement.font).toMatch(RADIX_FONT);
  expect(placement.shadow).not.toBe('none');
  await page.screenshot({ path: `${shots}/queue-filter-open-1440.png` });

  // Choosing a level filters the queue; the requisition awaits level 1.
  await listbox.getByRole('option', { name: 'Manager Approval', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(card).toBeVisible();

  // The queue's links are real links to the purchasing app; a plain click asks the page to go there.
  const details = card.getByRole('link', { name: /View Details/ });
  await expect(details).toHaveAttribute(
    'href',
    `https://purchasing.acme.test/requisitions/${requisition.id}`,
  );
  await details.click();
  await expect(page.getByRole('status').filter({ hasText: 'Opening' })).toHaveText(
    `Opening https://purchasing.acme.test/requisitions/${requisition.id}`,
  );
  expect(page.url()).not.toContain('/requisitions/');

  // On a phone: the queue fits the width, and the page still looks like itself.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/queue-390.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('the review opens in the element: Mark approves there, and the toast keeps its look inside the shadow root', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requisition = await submittedRequisition(request);
  await page.goto('/');
  const host = page.locator('purchasing-approvals');
  const card = host.getByRole('article', { name: requisition.number });
  const review = card.getByRole('link', { name: 'Review & Approve' });
  await expect(review).toHaveAttribute('href', `https://purchasing.acme.test/approvals/${requisition.id}`);

  // The page answers the review's link by setting `requisition-id`: the review shows in place.
  await review.click();
  await expect(host.getByRole('heading', { level: 1, name: requisition.number })).toBeVisible();
  await expect(page.locator('purchasing-approvals')).toHaveAttribute('requisition-id', requisition.id);
  expect(page.url()).not.toContain('/approvals/');
  const panel = host.getByRole('region', { name: 'Take Action' });
  await panel.getByRole('radio', { name: 'Approve' }).check();
  await panel.getByRole('textbox', { name: 'Comments' }).fill('Approved on the intranet page.');
  // The success toast renders inside the shadow root with react-hot-toast's rules (copied there by the
  // Toaster: without them its bar is a plain block with no animation) and the theme's panel colour.
  // A success toast lasts 2 s: its look is read in the page the moment it appears.
  const appeared = page.waitForFunction(
    (text) => {
      const shadow = document.querySelector('purchasing-approvals')?.shadowRoot;
      const element = [...(shadow?.querySelectorAll('[role="status"]') ?? [])].find((node) =>
        node.textContent?.includes(text),
      );
      const bar = element?.parentElement;
      const theme = element?.closest('.radix-themes');
      if (!element || !bar || !theme) return null;
      const probe = document.createElement('div');
      probe.style.backgroundColor = 'var(--color-panel-solid)';
      theme.append(probe);
      const panel = getComputedStyle(probe).backgroundColor;
      probe.remove();
      const root = element.getRootNode();
      return {
        inShadowRoot: root instanceof ShadowRoot && root.host.localName === 'purchasing-approvals',
        display: getComputedStyle(bar).display,
        alignItems: getComputedStyle(bar).alignItems,
        animation: getComputedStyle(bar).animationName,
        maxWidth: getComputedStyle(bar).maxWidth,
        background: getComputedStyle(bar).backgroundColor,
        panel,
        font: getComputedStyle(element).fontFamily,
      };
    },
    'Approval action completed successfully',
    { polling: 'raf' },
  );
  await panel.getByRole('button', { name: 'Approve Requisition' }).click();
  const toast = (await (await appeared).jsonValue()) as Record<string, string | boolean>;
  await page.screenshot({ path: `${shots}/review-approved-toast-1440.png` });
  expect(toast).toMatchObject({
    inShadowRoot: true,
    display: 'flex',
    alignItems: 'center',
    maxWidth: '350px',
  });
  expect(toast.animation).toMatch(/^go\d+/);
  expect(toast.background).toBe(toast.panel);
  expect(toast.font).toMatch(RADIX_FONT);

  // The decision reaches the page as an event, and the review goes back to the queue, without it.
  await expect(page.locator('#intranet-status')).toHaveText(`You decided on ${requisition.number}`);
  await expect(page.locator('purchasing-approvals')).not.toHaveAttribute('requisition-id', /.+/);
  await expect(host.getByRole('heading', { level: 1, name: /^Approval Queue/ })).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(errors).toEqual([]);
});
