import { defineConfig } from 'vitest/config';

/**
 * One vitest run for the whole monorepo: each workspace declares its own project
 * (environment, setup files, global setup) in its own `vitest.config.ts`.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/api-client',
      'packages/ui',
      'packages/screens',
      'api',
      'host-app',
    ],
  },
});
