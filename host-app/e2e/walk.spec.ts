import { expect, type Page, test } from '@playwright/test';
import { SHOTS_DIR } from './support/approvals';
import { signIn } from './support/session';
import {
  axeViolations,
  linkedPaths,
  open,
  recordPageProblems,
  routePattern,
  sidewaysOverflow,
  watchApiErrors,
} from './support/walk';
import { type DefaultRole, headingMatches, SIDEBAR_ROUTES } from './support/walk-routes';

/**
 * Issue 19, "Proof in the test command": a walk through every screen the app offers each default role,
 * at 1440 × 900 and 390 × 844. Starting from the dashboard it follows every link the app shows (the
 * sidebar, the dashboard's quick actions, the rows of a list, a detail's links to its edit screen, …),
 * one page per route (ids replaced, query dropped), and on each page asserts that
 * - the role is not refused: the route does not send it elsewhere, no API call answers 403 (or 5xx), and
 *   no screen says it lacks a permission;
 * - the page does not scroll sideways, throws no uncaught error and breaks no Content-Security-Policy rule;
 * - axe finds no WCAG 2.x A/AA violation (the story tests' tags, on the real app with real data);
 * - the page has one head (issue 19, item 12): exactly one h1 and one breadcrumb;
 * and that the sidebar offers the role exactly the items of ./support/walk-routes.ts, in order, each
 * leading to a screen whose h1 is the one listed there. It saves a full-page screenshot to `$E2E_SHOTS_DIR/walk/<role>/` (default /tmp/e2e-shots) for review.
 * The links are read at 1440 × 900; the phone pass opens the same pages.
 */
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** One demo user per default role (docs/demo-users.md), all in ACME. */
const ROLES: readonly { role: DefaultRole; email: string }[] = [
  { role: 'Super Admin', email: 'superadmin@acme.test' },
  { role: 'Admin', email: 'admin@acme.test' },
  { role: 'General Manager', email: 'gm@acme.test' },
  { role: 'Finance Manager', email: 'finance@acme.test' },
  { role: 'Department Head', email: 'head@acme.test' },
  { role: 'Manager', email: 'manager@acme.test' },
  { role: 'User', email: 'user@acme.test' },
];

/** What a finding is about: `<viewport> <route pattern>: <what>`; stable enough to list known defects. */
type Finding = string;

type PageProblems = Awaited<ReturnType<typeof recordPageProblems>>;

/** Opens `path`, checks it and saves its screenshot; returns the findings and the paths the page links to. */
async function visit(
  page: Page,
  problems: PageProblems,
  path: string,
  viewport: 'desktop' | 'phone',
  shots: string,
): Promise<{ findings: Finding[]; links: string[]; heading: string | undefined }> {
  const pattern = routePattern(path);
  const at = `${viewport} ${pattern}`;
  const findings: Finding[] = [];
  const api = watchApiErrors(page);
  await open(page, path);
  api.stop();

  const landed = new URL(page.url()).pathname;
  if (landed !== path) findings.push(`${at}: offered, but the app sent the role to ${routePattern(landed)}`);
  for (const error of api.errors) findings.push(`${at}: ${error}`);
  for (const problem of await problems.take()) findings.push(`${at}: ${problem}`);
  const refusals = await page.getByText(/\b(don't|do not) have permission\b/i).allTextContents();
  for (const refusal of refusals) findings.push(`${at}: says "${refusal}"`);

  const head = await pageHead(page);
  if (head.headings.length !== 1)
    findings.push(`${at}: has ${head.headings.length} h1 (${head.headings.join(' | ')}), not one`);
  if (head.breadcrumbs !== 1) findings.push(`${at}: has ${head.breadcrumbs} breadcrumbs, not one`);

  const { overflow, widest } = await sidewaysOverflow(page);
  if (overflow > 0) findings.push(`${at}: scrolls sideways by ${overflow}px (${widest.join(', ')})`);

  for (const violation of await axeViolations(page)) {
    findings.push(
      `${at}: axe ${violation.id} (${violation.impact}): ${violation.help} at ${violation.targets.join(' | ')}: ${violation.summary}`,
    );
  }

  const name = pattern.replace(/^\//, '').replaceAll(/[/:]+/g, '-');
  await page.screenshot({ path: `${shots}/${viewport}-${name}.png`, fullPage: true, animations: 'disabled' });
  return { findings, links: await linkedPaths(page), heading: head.headings[0] };
}

/** The texts of the page's h1 elements (spaces collapsed) and how many breadcrumbs it shows. */
function pageHead(page: Page): Promise<{ headings: string[]; breadcrumbs: number }> {
  return page.evaluate(() => ({
    headings: [...document.querySelectorAll('h1')].map((h1) =>
      (h1.textContent ?? '').replaceAll(/\s+/g, ' ').trim(),
    ),
    breadcrumbs: document.querySelectorAll('nav[aria-label="Breadcrumb"]').length,
  }));
}

/** The sidebar's items as the desktop shows them: each link's label and path, in order. */
function sidebarItems(page: Page): Promise<{ label: string; path: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a[href]')].map((anchor) => ({
      label: (anchor.textContent ?? '').trim(),
      path: anchor.pathname,
    })),
  );
}

/** What differs between the sidebar shown and the one expected, and the expected screens' wrong headings. */
function checkSidebar(
  role: DefaultRole,
  shown: { label: string; path: string }[],
  headings: Map<string, string | undefined>,
): Finding[] {
  const expected = SIDEBAR_ROUTES[role];
  const findings: Finding[] = [];
  const describe = (items: readonly { label: string; path: string }[]) =>
    items.map((item) => `${item.label} ${item.path}`).join(', ');
  if (describe(shown) !== describe(expected)) {
    findings.push(`sidebar: offers [${describe(shown)}], expected [${describe(expected)}]`);
  }
  for (const route of expected) {
    for (const viewport of ['desktop', 'phone']) {
      const key = `${viewport} ${route.path}`;
      if (!headings.has(key)) {
        findings.push(`${key}: expected in the sidebar, not walked`);
        continue;
      }
      const heading = headings.get(key);
      if (heading === undefined || !headingMatches(heading, route.heading)) {
        findings.push(`${key}: h1 reads "${heading ?? ''}", expected ${String(route.heading)}`);
      }
    }
  }
  return findings;
}

/** A queue the desktop walk fills while the phone walk takes from it: the two run side by side. */
function handOver() {
  const items: string[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  return {
    push(item: string) {
      items.push(item);
      wake?.();
    },
    close() {
      closed = true;
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const item = items.shift();
        if (item !== undefined) yield item;
        else if (closed) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

test.describe('the walk: every screen each default role is offered, on a desktop and a phone', () => {
  for (const { role, email } of ROLES) {
    test(`${role} (${email})`, async ({ page, browser, baseURL }, testInfo) => {
      // About 40-80 s per role on a quiet machine; the rest is room for a loaded one.
      test.setTimeout(420_000);
      const started = Date.now();
      const shots = `${SHOTS_DIR}/walk/${role.toLowerCase().replaceAll(' ', '-')}`;
      await page.setViewportSize(DESKTOP);
      await signIn(page, email);
      // The phone is a second context with the same session (tokens in localStorage).
      const phoneContext = await browser.newContext({
        baseURL,
        viewport: PHONE,
        storageState: await page.context().storageState(),
      });
      const phonePage = await phoneContext.newPage();
      const desktopProblems = await recordPageProblems(page);
      const phoneProblems = await recordPageProblems(phonePage);

      const findings: Finding[] = [];
      const walked: string[] = [];
      /** The h1 of each page walked, by `<viewport> <route pattern>`. */
      const headings = new Map<string, string | undefined>();
      let sidebar: { label: string; path: string }[] = [];
      const toPhone = handOver();
      const phoneWalk = (async () => {
        for await (const path of toPhone) {
          const result = await visit(phonePage, phoneProblems, path, 'phone', shots);
          findings.push(...result.findings);
          headings.set(`phone ${routePattern(path)}`, result.heading);
        }
      })();

      try {
        const queue = ['/dashboard'];
        const seen = new Set(queue.map(routePattern));
        while (queue.length > 0) {
          const path = queue.shift()!;
          walked.push(path);
          toPhone.push(path);
          const result = await visit(page, desktopProblems, path, 'desktop', shots);
          findings.push(...result.findings);
          headings.set(`desktop ${routePattern(path)}`, result.heading);
          if (path === '/dashboard') sidebar = await sidebarItems(page);
          for (const link of result.links) {
            const pattern = routePattern(link);
            if (seen.has(pattern)) continue;
            seen.add(pattern);
            queue.push(link);
          }
        }
      } finally {
        toPhone.close();
        await phoneWalk;
        await phoneContext.close();
      }

      findings.push(...checkSidebar(role, sidebar, headings));
      const routes = walked.map(routePattern);
      testInfo.annotations.push({ type: 'routes', description: routes.join(' ') });
      console.info(
        `[walk] ${role}: ${routes.length} routes × 2 viewports in ${Math.round((Date.now() - started) / 1000)} s: ${routes.join(' ')}`,
      );
      expect(findings, `${role}: what the walk found`).toEqual([]);
    });
  }
});
