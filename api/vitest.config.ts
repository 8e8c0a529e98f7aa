import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'api',
    // Two files at a time, each worker on a database of its own (global-setup.ts makes one per worker;
    // tests read theirs with test/database.ts): files never see each other's rows
    // or outboxes (a mail or webhook dispatcher a test drives claims every pending row of its database).
    maxWorkers: 2,
    // One module graph per worker for all its files: importing the server again for each file cost
    // ~270 of the project's ~760 s. No test mocks modules; each file builds its own app (createTestApp).
    isolate: false,
    environment: 'node',
    // Creates and migrates this run's own PostgreSQL databases (one per worker); tests read theirs with
    // testDatabaseUrl() of test/database.ts.
    globalSetup: ['./test/global-setup.ts'],
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
