import pg from 'pg';
import { assertE2eDatabaseName, databaseNameVariable, postgresAdminUrl } from './environment';

/**
 * Drops this run's database. Playwright runs this before it stops the `webServer`, so the API still
 * holds connections: `WITH (FORCE)` closes them (PostgreSQL 13+).
 */
export default async function globalTeardown(): Promise<void> {
  const name = assertE2eDatabaseName(process.env[databaseNameVariable]);
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    console.info(`[e2e] dropped database ${name}`);
  } finally {
    await admin.end();
  }
}
