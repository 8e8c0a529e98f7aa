import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'api-client',
    // Two files at a time: these tests use only the CPU (no shared database), and vitest's default on a
    // 2-core machine is one worker (cpus - 1). The API project stays at one (see api/vitest.config.ts).
    maxWorkers: 2,
    // The store works on window.localStorage and its `storage` events; HTTP tests opt into Node with
    // a `// @vitest-environment node` comment.
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    globals: true,
    include: ['src/**/*.test.ts'],
  },
});
