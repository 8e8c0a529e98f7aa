import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'ui',
    // Two files at a time: these tests use only the CPU (no shared database), and vitest's default on a
    // 2-core machine is one worker (cpus - 1). The API project stays at one (see api/vitest.config.ts).
    maxWorkers: 2,
    // One module graph per worker for all its files (no re-import per file): see packages/screens.
    isolate: false,
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
