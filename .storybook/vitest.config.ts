import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every story of `.storybook/main.ts` as a test, rendered in Debian's Chromium (never a downloaded
 * browser): a render error, a failing `play` function or an axe violation (preview.tsx) fails it.
 * Run with `npx vitest run -c .storybook/vitest.config.ts` (project name `storybook`).
 */
export default defineConfig({
  // The stories and the Storybook config live above this folder.
  root: path.resolve(dirname, '..'),
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: dirname })],
        test: {
          name: 'storybook',
          // Two stories' files at a time (vitest's default on 2 cores is one): Chromium renders and runs axe
          // in its own processes, so the second worker overlaps the first one's waits.
          maxWorkers: 2,
          // A story renders, plays and runs axe on whole screens: on two busy cores the largest (the
          // Theming stories' queue and detail together) took 15-19 s, beyond the browser default of 15 s.
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
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
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
