import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

/** Unit tests of the host app (redirect sanitiser, guard decisions). The e2e specs run in Playwright. */
export default defineProject({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: { name: 'host-app', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], maxWorkers: 2 },
});
