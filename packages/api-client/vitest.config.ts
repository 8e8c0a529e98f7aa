import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'api-client',
    // The store works on window.localStorage and its `storage` events; HTTP tests opt into Node with
    // a `// @vitest-environment node` comment.
    environment: 'jsdom',
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    globals: true,
    include: ['src/**/*.test.ts'],
  },
});
