/**
 * `npm run lighthouse` (issue 19): Lighthouse CI on the production build, as `npm start` serves it. Makes
 * a fresh database (migrated and seeded, like the end-to-end run's), starts the compiled API
 * (`api/dist/start.js`, NODE_ENV=production, serving host-app/dist), runs `lhci autorun` with
 * host-app/lighthouse/lighthouserc.cjs (its assertions fail the run) and prints each page's median
 * scores and metrics, then stops the API and drops the database.
 *
 * Needs `npm run build:app` and `npm run build:api` first. Downloads nothing: Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium). LIGHTHOUSE_PORT (default 4598) is the API's port;
 * LIGHTHOUSE_RUNS (default 3) the runs per page; reports go to LIGHTHOUSE_REPORTS_DIR
 * (default /tmp/lighthouse-reports).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { databaseNameVariable, databaseUrl, e2eDatabaseName, repoRoot } from '../e2e/support/environment';
import dropDatabase from '../e2e/support/global-teardown';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4598);
const base = `http://127.0.0.1:${port}`;
const config = path.join(repoRoot, 'host-app', 'lighthouse', 'lighthouserc.cjs');
const reports = process.env.LIGHTHOUSE_REPORTS_DIR ?? '/tmp/lighthouse-reports';

for (const built of ['host-app/dist/index.html', 'api/dist/start.js']) {
  if (!existsSync(path.join(repoRoot, built))) {
    console.error(`[lighthouse] ${built} is missing: run \`npm run build:app && npm run build:api\` first.`);
    process.exit(1);
  }
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`the API exited (${server.exitCode}) while starting`);
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${base}/api/health did not answer within a minute`);
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each page's medians over its runs (from the manifest lhci writes beside the reports): one table row. */
function summarise(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(reports, 'manifest.json'), 'utf8')) as {
    url: string;
    jsonPath: string;
  }[];
  const byPage = new Map<string, Lhr[]>();
  for (const entry of manifest) {
    const page = new URL(entry.url).pathname;
    byPage.set(page, [...(byPage.get(page) ?? []), JSON.parse(readFileSync(entry.jsonPath, 'utf8')) as Lhr]);
  }
  const score = (runs: Lhr[], id: string) =>
    Math.round(median(runs.map((lhr) => lhr.categories[id]?.score ?? 0)) * 100);
  const audit = (runs: Lhr[], id: string) =>
    median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
  return [...byPage].map(
    ([page, runs]) =>
      `| ${page} | ${score(runs, 'performance')} (${runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)).join(', ')}) | ${score(runs, 'accessibility')} | ${score(runs, 'best-practices')} | ${Math.round(audit(runs, 'first-contentful-paint'))} | ${Math.round(audit(runs, 'largest-contentful-paint'))} | ${Math.round(audit(runs, 'total-blocking-time'))} | ${audit(runs, 'cumulative-layout-shift').toFixed(3)} | ${Math.round(audit(runs, 'total-byte-weight') / 1000)} |`,
  );
}

const name = e2eDatabaseName();
let server: ChildProcess | undefined;
// lhci writes `.lighthouseci/` in its working directory: a scratch one keeps the repository clean.
const scratch = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
let status = 1;
try {
  const prepared = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'host-app/e2e/support/prepare-database.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, [databaseNameVariable]: name },
      stdio: 'inherit',
    },
  );
  if (prepared.status !== 0) throw new Error('preparing the database failed');

  server = spawn(process.execPath, ['api/dist/start.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl(name),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(server);

  rmSync(reports, { recursive: true, force: true });
  const lhci = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', '@lhci', 'cli', 'src', 'cli.js'), 'autorun', `--config=${config}`],
    {
      cwd: scratch,
      env: { ...process.env, LIGHTHOUSE_BASE_URL: base, LIGHTHOUSE_REPORTS_DIR: reports },
      stdio: 'inherit',
    },
  );
  status = lhci.status ?? 1;
  if (existsSync(path.join(reports, 'manifest.json'))) {
    const runs = process.env.LIGHTHOUSE_RUNS ?? '3';
    console.info(
      `\nMedians of ${runs} cold loads per page on the simulated phone (reports in ${reports}):\n`,
    );
    console.info(
      '| page | performance (each run) | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | KB transferred |',
    );
    console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of summarise()) console.info(row);
  }
} catch (error) {
  console.error(`[lighthouse] ${(error as Error).message}`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await dropDatabase();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(status);
