import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Drives one example portal (`EXAMPLE`, served at `EXAMPLE_URL`) in Debian's Chromium. Run by
 * scripts/examples/run.mjs, which builds the portal from the packed tarballs and starts the API
 * (`API_URL`) and the portal's identity provider (`IDP_URL`) first.
 */
const example = process.env.EXAMPLE;
if (!example) throw new Error('EXAMPLE is not set: run the examples with `npm run examples`');
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  testDir: path.join(here, example, 'e2e'),
  outputDir: `/tmp/purchasing-examples-results-${example}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.EXAMPLE_URL,
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
});
