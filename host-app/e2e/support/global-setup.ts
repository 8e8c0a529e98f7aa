import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import { assertE2eDatabaseName, databaseNameVariable, databaseUrl } from './environment';

/**
 * Runs after the `webServer` is up (Playwright's order). The database was created, migrated and
 * seeded by the webServer command; this checks that the server really answers from that fresh,
 * seeded database before any test starts, so a stale server or an empty database fails loudly here.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const name = assertE2eDatabaseName(process.env[databaseNameVariable]);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) AS count FROM organizations WHERE code IN ('ACME', 'GLOBEX')",
    );
    if (rows[0]?.count !== '2') throw new Error(`[e2e] database ${name} is not seeded`);
  } finally {
    await client.end();
  }
  const baseURL = config.projects[0]?.use.baseURL;
  const health = await fetch(`${baseURL}/api/health`);
  if (!health.ok) throw new Error(`[e2e] ${baseURL}/api/health answered ${health.status}`);
}
