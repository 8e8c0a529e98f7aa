import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    // Two files at a time: these tests use only the CPU (no shared database), and vitest's default on a
    // 2-core machine is one worker (cpus - 1). The API project stays at one (see api/vitest.config.ts).
    maxWorkers: 2,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
