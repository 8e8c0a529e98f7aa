import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'screens',
    // Two files at a time: these tests use only the CPU (no shared database), and vitest's default on a
    // 2-core machine is one worker (cpus - 1). The API project stays at one (see api/vitest.config.ts).
    maxWorkers: 2,
    // One module graph and one jsdom per worker for all its files: importing the screens and setting up
    // jsdom again for each of the 81 files took ~400 of the run's ~485 s (transform, import, environment).
    // The setup file resets what a file may leave behind (DOM, storage, MSW handlers, timers).
    isolate: false,
    environment: 'jsdom',
    // The API client needs an absolute base URL in jsdom: tests use http://localhost/api, and MSW
    // resolves the handlers' relative '/api' against this page URL.
    environmentOptions: { jsdom: { url: 'http://localhost/' } },
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole screens driven keystroke by keystroke in jsdom take seconds each on 2 busy cores; 5 s (the
    // default) made the longest form flows fail by time, not by behaviour.
    testTimeout: 20_000,
  },
});
