import { inject } from 'vitest';

/**
 * This worker's index among the api project's workers (vitest's `VITEST_POOL_ID`, 1 to `maxWorkers`).
 * Each worker has a database of its own (global-setup.ts), so two files running at the same time never
 * share rows, outboxes or counters.
 */
function worker(urls: string[]): string {
  const id = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[(id - 1) % urls.length];
  if (!url) throw new Error(`No test database for worker ${id}`);
  return url;
}

/** This worker's migrated test database, as the superuser (owner; row-level security skipped). */
export const testDatabaseUrl = (): string => worker(inject('databaseUrls'));

/** {@link testDatabaseUrl} as the plain application role: row-level security applies. */
export const testAppDatabaseUrl = (): string => worker(inject('appDatabaseUrls'));
