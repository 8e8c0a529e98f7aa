import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, type Response } from '@playwright/test';

/** The tags the story tests give axe (.storybook/preview.tsx): WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The same axe-core as the story tests' (a root devDependency), injected into the page under test. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe violation, reduced to what a reader of the report needs. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** The first few offending elements' selectors. */
  targets: string[];
  /** What axe says of the first of them (for colour contrast: the colours and the ratio). */
  summary: string;
}

/** Runs axe on the whole document with {@link WCAG_TAGS}; returns its violations. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script injected above, untyped in the page.
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (violation: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
        summary: (violation.nodes[0]?.failureSummary ?? '').replaceAll(/\s+/g, ' ').slice(0, 300),
      }),
    );
  }, WCAG_TAGS);
}

/** How far the document is wider than its viewport, in CSS pixels (0 when it does not scroll sideways). */
export async function sidewaysOverflow(page: Page): Promise<{ overflow: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    // Name the elements that reach past the right edge, so a report says where to look.
    const widest: string[] = [];
    if (overflow > 0) {
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const rect = element.getBoundingClientRect();
        if (rect.right > root.clientWidth + 0.5 && rect.width > 0) {
          const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
            typeof element.className === 'string' && element.className
              ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}`
              : ''
          }`;
          widest.push(`${name} (right ${Math.round(rect.right)})`);
          if (widest.length === 5) break;
        }
      }
    }
    return { overflow, widest };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path with its ids replaced by `:id` (`/requisitions/3f…/edit` → `/requisitions/:id/edit`): one route. */
export function routePattern(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (UUID.test(segment) ? ':id' : segment))
    .join('/');
}

/** Paths the walk never follows: leaving the signed-in app, or public screens with no signed-in use. */
const NOT_WALKED = new Set(['/', '/login', '/forgot-password', '/reset-password', '/accept-invite']);

/**
 * The app's own locations the page links to (`<a href>`, hash and query dropped), in document order,
 * except the ones of {@link NOT_WALKED} and download links.
 */
export async function linkedPaths(page: Page): Promise<string[]> {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((anchor) => !anchor.hasAttribute('download') && anchor.origin === window.location.origin)
      .map((anchor) => anchor.pathname),
  );
  return [...new Set(hrefs)].filter((path) => !NOT_WALKED.has(path));
}

/** The API calls of a page load that a signed-in user must never meet: a refusal (403) or a failure (5xx). */
export function watchApiErrors(page: Page): { errors: string[]; stop(): void } {
  const errors: string[] = [];
  const listener = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    if (response.status() === 403 || response.status() >= 500) {
      errors.push(
        `${response.request().method()} ${url.pathname}${url.search} answered ${response.status()}`,
      );
    }
  };
  page.on('response', listener);
  return { errors, stop: () => page.off('response', listener) };
}

/**
 * Counts the page's requests in flight, so a visit waits exactly as long as the page loads (Playwright's
 * `networkidle` waits a fixed 500 ms of quiet, which over two hundred pages is most of the walk).
 */
export function trackRequests(page: Page): { quiet(ms?: number): Promise<void>; stop(): void } {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(ms = 150) {
      await expect
        .poll(() => inFlight === 0 && Date.now() - lastChange >= ms, { intervals: [25], timeout: 15_000 })
        .toBe(true);
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Opens `path` and waits until it has loaded its data: no request in flight for a moment, the app's
 * code run (the static boot frame gone), no busy region, no loading spinner (and quiet again after them, in case they started more requests).
 */
export async function open(page: Page, path: string): Promise<void> {
  const requests = trackRequests(page);
  try {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await requests.quiet();
    // index.html's static frame of the shell (boot.js) stays until the app's own code has run: with its
    // chunks preloaded the network can fall quiet while a loaded machine still evaluates them.
    await expect(page.locator('#boot-shell')).toHaveCount(0);
    await requests.quiet();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await requests.quiet();
  } finally {
    requests.stop();
  }
}

/**
 * Records what a page load must not produce: an uncaught error, or a Content-Security-Policy violation
 * (the app's policy forbids inline scripts and `eval`; a violation is a blocked feature or a library's
 * probe, and Lighthouse counts it against best practices). `take()` returns and forgets them.
 */
export async function recordPageProblems(page: Page): Promise<{ take(): Promise<string[]> }> {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(`uncaught ${error.name}: ${error.message}`));
  await page.addInitScript(() => {
    const record: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: record });
    document.addEventListener('securitypolicyviolation', (event) => {
      record.push(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return {
    async take() {
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      );
      const all = [...uncaught.splice(0), ...violations.map((violation) => `CSP ${violation}`)];
      return all;
    },
  };
}
