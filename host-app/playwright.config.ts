import { defineConfig, devices } from '@playwright/test';
import { databaseNameVariable, databaseUrl, e2eDatabaseName, repoRoot } from './e2e/support/environment';

const port = Number(process.env.E2E_PORT ?? 4599);
const baseURL = `http://127.0.0.1:${port}`;
const databaseName = e2eDatabaseName();
/**
 * `E2E_INSTANCES=2` (what `npm test` runs): that many API processes on the one database behind the
 * round-robin proxy of api/scripts/cluster.ts, which listens on E2E_PORT; the instances take the ports
 * after it. Default 1: the compiled server alone on E2E_PORT.
 */
const instances = Math.max(1, Number(process.env.E2E_INSTANCES ?? 1));
const serve = instances > 1 ? `node --import tsx api/scripts/cluster.ts` : 'node api/dist/start.js';
/**
 * The API is compiled before it starts, so the tests never meet a stale api/dist. `E2E_API_BUILT=1`
 * skips that: the test command builds once and runs two shards at a time, whose builds would write
 * the same files while the other shard's server reads them.
 */
const buildApi = process.env.E2E_API_BUILT === '1' ? '' : 'npm run build -w api --silent -- --silent && ';

/**
 * End-to-end tests against the production build: the API (NODE_ENV=production) serves host-app/dist
 * and /api on one port (or several instances behind a proxy on that port, see `instances`), over a
 * fresh PostgreSQL database made for this run and dropped after it.
 * `npm run e2e -w host-app` builds first. Chromium from Debian only: never download browsers.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: `/tmp/host-app-e2e-results-${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // Playwright starts the webServer before globalSetup: the database is created here, first. The API
    // runs compiled, as `npm start` runs it (api/dist, built here so the tests never meet a stale one).
    command: `node --import tsx host-app/e2e/support/prepare-database.ts && ${buildApi}${serve}`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Links in mail (invitations, resets) point at the app under test.
      PUBLIC_URL: baseURL,
      DATABASE_URL: databaseUrl(databaseName),
      [databaseNameVariable]: databaseName,
      CLUSTER_INSTANCES: String(instances),
      CLUSTER_BASE_PORT: String(port + 1),
      // Webhook endpoints on this machine (the receiver webhooks.spec.ts starts), delivered quickly.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '500',
    },
  },
});
