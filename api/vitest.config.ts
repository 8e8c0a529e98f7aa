import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'api',
    // One file at a time: the files share this run's database and its outboxes (a mail or webhook
    // dispatcher a test drives claims every pending row). The other projects run two at a time.
    maxWorkers: 1,
    environment: 'node',
    // Creates and migrates this run's own PostgreSQL database; tests read its URL with inject('databaseUrl').
    globalSetup: ['./test/global-setup.ts'],
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
