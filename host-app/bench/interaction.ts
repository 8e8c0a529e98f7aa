/**
 * Browser timings of the sign-in screen and of two interactions, in Debian's Chromium with the CPU
 * slowed 4× (CDP `Emulation.setCPUThrottlingRate`), against an app that is already running
 * (`npm start`, or the 1M database of `npm run bench:scale`):
 *
 * - the sign-in screen: from the navigation to /login in a new browser context (empty cache) until
 *   its form is laid out (what the bundle budget, scripts/bundle-budget.mjs, is about).
 * - the requisition list: from the navigation to /requisitions until its first rows are in the page
 *   and laid out. Cold (a new browser context: empty HTTP cache, the app's chunks fetched), warm (the
 *   same page loaded again: chunks from the cache) and in-app (a click on the sidebar's Requisitions
 *   from the dashboard, the data fetched again). Median of `--runs`.
 * - the approval queue: from the click on 'Approve Requisition' on a review until the queue shows the
 *   decision (its card gone, or the queue empty). One decision per run, on the queue's first card, so
 *   it uses up that many pending approvals of the signed-in user; `--create-as <email>` first creates
 *   and submits that many requisitions as `<email>` (same password), to be approved.
 *
 * Times come from the page's own clock (`performance.now()`, read by a click listener and by a check
 * on every animation frame, just before the browser paints), not from the test driver's round trips.
 *
 *   npm run bench:browser -- --email manager@acme.test --password 'Password123!' --create-as user@acme.test
 *   BENCH_URL=http://127.0.0.1:3000 BENCH_EMAIL=… BENCH_PASSWORD=… npm run bench:browser -- --runs 5
 *   (--skip-list, --skip-approvals: leave out a part; --throttle 1: no CPU slow-down)
 */
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Page } from 'playwright';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:3000' },
    email: { type: 'string', default: process.env.BENCH_EMAIL ?? 'manager@acme.test' },
    password: { type: 'string', default: process.env.BENCH_PASSWORD ?? 'Password123!' },
    runs: { type: 'string', default: '5' },
    throttle: { type: 'string', default: '4' },
    'create-as': { type: 'string' },
    'skip-list': { type: 'boolean', default: false },
    'skip-approvals': { type: 'boolean', default: false },
  },
});
const base = values.url.replace(/\/$/, '');
const runs = Number(values.runs);
const throttle = Number(values.throttle);
const TIMEOUT = 120_000;

/** Records the time of every click in the page's clock, before the app's handlers run. */
function markClicks(): void {
  addEventListener('click', () => Object.assign(window, { __benchClick: performance.now() }), true);
}

/** In the page: the time at which the sign-in form's email field is laid out, else false. */
function signInShown(): number | false {
  const email = document.querySelector('form[aria-label="Sign in"] input[type="email"]');
  return email && email.getClientRects().length > 0 ? performance.now() : false;
}

/** In the page: the time at which the requisition list's first data row is laid out, else false. */
function rowsShown(): number | false {
  const table = [...document.querySelectorAll('table')].find(
    (candidate) => candidate.querySelector('caption')?.textContent === 'Requisitions',
  );
  const row = table?.querySelector('tbody th[scope="row"]');
  return row && row.getClientRects().length > 0 ? performance.now() : false;
}

/** In the page: the time at which the queue shows that `number` was decided, else false. */
function queueUpdated(number: string): number | false {
  if (location.pathname !== '/approvals') return false;
  const list = document.querySelector('ul[aria-label="Approvals awaiting your decision"]');
  const listDone =
    list !== null &&
    list.getAttribute('aria-busy') !== 'true' &&
    ![...list.querySelectorAll('h3')].some((heading) => heading.textContent === number);
  const empty = document.body.textContent?.includes('No pending approvals') ?? false;
  return listDone || empty ? performance.now() : false;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return page;
}

/** Waits in the page for `fn` to answer a time (checked on every animation frame) and answers it. */
async function pageTime(page: Page, fn: (arg: string) => number | false, arg = ''): Promise<number> {
  const handle = await page.waitForFunction(fn, arg, { polling: 'raf', timeout: TIMEOUT });
  return (await handle.jsonValue()) as number;
}

const clickTime = (page: Page) =>
  page.evaluate(() => (window as unknown as { __benchClick: number }).__benchClick);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** JavaScript transferred by the page so far (compressed, as sent), in KB. */
const scriptKb = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0) / 1000,
  );

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** Creates and submits `count` requisitions as `email` through the API: pending approvals to decide. */
async function createPending(email: string, count: number): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: values.password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email} answered ${login.status}`);
  const { session, user } = (await login.json()) as {
    session: { access_token: string };
    user: { user_organizations: { organization: { id: string } }[] };
  };
  const organizationId = user.user_organizations[0]!.organization.id;
  const headers = {
    authorization: `Bearer ${session.access_token}`,
    'x-organization-id': organizationId,
    'content-type': 'application/json',
  };
  const get = async <T>(path: string): Promise<T> =>
    (await fetch(`${base}/api${path}`, { headers })).json() as T;
  const { cost_centers } = await get<{ cost_centers: { id: string }[] }>(
    `/organizations/${organizationId}/cost-centers`,
  );
  const { gl_accounts } = await get<{ gl_accounts: { id: string }[] }>(
    `/organizations/${organizationId}/gl-accounts`,
  );
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/requisitions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        cost_center_id: cost_centers[0]!.id,
        gl_account_id: gl_accounts[0]!.id,
        justification: `Browser benchmark ${new Date().toISOString()} #${i + 1}`,
        line_items: [{ description: 'Benchmark item', quantity: 1, unit_price: 10, unit_of_measure: 'each' }],
        submit: true,
      }),
    });
    if (response.status !== 201) throw new Error(`creating a requisition answered ${response.status}`);
  }
}

async function main(): Promise<void> {
  if (values['create-as'] && !values['skip-approvals']) await createPending(values['create-as'], runs);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const session = await browser.newContext();
    await session.addInitScript(markClicks);
    const page = await newPage(session);
    await signIn(page);
    const signedIn = await session.storageState();

    // The sign-in screen, cold: what the bundle budget is about.
    const login: number[] = [];
    for (let run = 0; run < runs; run++) {
      const fresh = await browser.newContext();
      const loginPage = await newPage(fresh);
      await loginPage.goto(`${base}/login`, { waitUntil: 'commit' });
      login.push(await pageTime(loginPage, signInShown));
      await fresh.close();
    }

    // (a) The requisition list.
    const cold: number[] = [];
    const warm: number[] = [];
    const inApp: number[] = [];
    let coldScriptKb = 0;
    for (let run = 0; run < runs && !values['skip-list']; run++) {
      const fresh = await browser.newContext({ storageState: signedIn });
      const coldPage = await newPage(fresh);
      await coldPage.goto(`${base}/requisitions`, { waitUntil: 'commit' });
      cold.push(await pageTime(coldPage, rowsShown));
      coldScriptKb = await scriptKb(coldPage);
      await fresh.close();

      await page.goto(`${base}/requisitions`, { waitUntil: 'commit' });
      warm.push(await pageTime(page, rowsShown));

      await page.goto(`${base}/dashboard`);
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Requisitions' });
      await link.click();
      inApp.push((await pageTime(page, rowsShown)) - (await clickTime(page)));
    }

    // (b) Approve on a review, until the queue shows it.
    const approve: number[] = [];
    for (let run = 0; run < runs && !values['skip-approvals']; run++) {
      await page.goto(`${base}/approvals`);
      const list = page.getByRole('list', { name: 'Approvals awaiting your decision' });
      const empty = page.getByText('No pending approvals');
      await list.or(empty).first().waitFor();
      if (await empty.isVisible()) {
        console.warn(
          `[bench] the queue of ${values.email} is empty after ${run} approvals (--create-as adds some)`,
        );
        break;
      }
      const card = list.getByRole('article').first();
      const number = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
      await card.getByRole('link', { name: 'Review & Approve' }).click();
      const decision = page.getByRole('form', { name: 'Approval decision' });
      await decision.getByRole('radio', { name: 'Approve' }).check();
      await decision.getByRole('button', { name: 'Approve Requisition' }).click();
      approve.push((await pageTime(page, queueUpdated, number)) - (await clickTime(page)));
    }

    const ms = (list: number[]) =>
      list.length ? `${Math.round(median(list))} ms (${list.map(Math.round).join(', ')})` : '—';
    console.info(`\n${base}, ${values.email}, Chromium at ${throttle}× CPU throttling, median of ${runs}:\n`);
    console.info('| interaction | median (all runs) |\n| --- | --- |');
    console.info(`| /login, cold load (empty cache) | ${ms(login)} |`);
    console.info(
      `| /requisitions, cold load (empty cache; ${Math.round(coldScriptKb)} KB of JS transferred) | ${ms(cold)} |`,
    );
    console.info(`| /requisitions, warm load (cached chunks) | ${ms(warm)} |`);
    console.info(`| /requisitions from the sidebar (in-app navigation) | ${ms(inApp)} |`);
    console.info(`| Approve Requisition → queue updated | ${ms(approve)} |`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
