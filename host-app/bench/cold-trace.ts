/**
 * Where a cold load of the requisition list spends its time, in Debian's Chromium at 4× CPU
 * throttling against a running app (as `npm run bench:browser`): per run, the time until the list's
 * first rows are laid out, the main thread's CPU time until then (the thread time of its tasks in a
 * Chromium trace: the work itself, which moves much less than the wall clock when other processes
 * compete for the cores), the JavaScript transferred, and when each API request started and ended.
 *
 *   node --import tsx host-app/bench/cold-trace.ts --url http://127.0.0.1:3644 --email <user> --runs 3
 */
import { parseArgs } from 'node:util';
import { type CDPSession, chromium } from 'playwright';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.BENCH_URL ?? 'http://127.0.0.1:3000' },
    email: { type: 'string', default: process.env.BENCH_EMAIL ?? 'manager@acme.test' },
    password: { type: 'string', default: process.env.BENCH_PASSWORD ?? 'Password123!' },
    runs: { type: 'string', default: '3' },
    throttle: { type: 'string', default: '4' },
  },
});
const base = values.url.replace(/\/$/, '');

/** In the page: the time at which the requisition list's first data row is laid out, else false. */
function rowsShown(): number | false {
  const table = [...document.querySelectorAll('table')].find(
    (candidate) => candidate.querySelector('caption')?.textContent === 'Requisitions',
  );
  const row = table?.querySelector('tbody th[scope="row"]');
  return row && row.getClientRects().length > 0 ? performance.now() : false;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Records a trace of what `work` makes the page do. */
async function traced(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await work();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** CPU time (ms) of the page's main thread from its navigation until `untilMs` after it. */
function mainThreadCpu(events: TraceEvent[], untilMs: number): number {
  const start = Math.min(...events.filter((event) => event.name === 'navigationStart').map((e) => e.ts));
  // The renderer's main thread that ran the most: the page's (a new context may start others).
  const mains = events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  let best = 0;
  for (const main of mains) {
    const cpu = events
      .filter(
        (event) =>
          event.pid === main.pid &&
          event.tid === main.tid &&
          event.ph === 'X' &&
          event.name === 'RunTask' &&
          event.ts >= start &&
          event.ts <= start + untilMs * 1000,
      )
      .reduce((sum, event) => sum + (event.tdur ?? 0), 0);
    best = Math.max(best, cpu / 1000);
  }
  return best;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const session = await browser.newContext();
    const signInPage = await session.newPage();
    await signInPage.goto(`${base}/login`);
    await signInPage.getByLabel('Email').fill(values.email);
    await signInPage.getByLabel('Password', { exact: true }).fill(values.password);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.waitForURL(/\/dashboard$/);
    const signedIn = await session.storageState();
    await session.close();

    const shown: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const context = await browser.newContext({ storageState: signedIn });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
      let rowsAt = 0;
      const events = await traced(cdp, async () => {
        await page.goto(`${base}/requisitions`, { waitUntil: 'commit' });
        const handle = await page.waitForFunction(rowsShown, undefined, { polling: 'raf', timeout: 120_000 });
        rowsAt = (await handle.jsonValue()) as number;
      });
      const resources = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return {
            name: timing.name.replace(location.origin, ''),
            start: Math.round(timing.startTime),
            end: Math.round(timing.responseEnd),
            kb: timing.transferSize / 1000,
          };
        }),
      );
      shown.push(rowsAt);
      cpu.push(mainThreadCpu(events, rowsAt));
      const scriptKb = resources.filter((r) => r.name.endsWith('.js')).reduce((sum, r) => sum + r.kb, 0);
      const api = resources
        .filter((r) => r.name.startsWith('/api/'))
        .map((r) => `${r.name.replace(/\?.*/, '').replace(/[0-9a-f-]{36}/g, ':id')} ${r.start}–${r.end}`);
      console.info(
        `run ${run + 1}: rows at ${Math.round(rowsAt)} ms, main-thread CPU ${Math.round(cpu.at(-1)!)} ms, ${Math.round(scriptKb)} KB of JS; ${api.join(', ')}`,
      );
      await context.close();
    }
    console.info(
      `\n${values.email}: rows at ${Math.round(median(shown))} ms, main-thread CPU ${Math.round(median(cpu))} ms (medians of ${values.runs})`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
