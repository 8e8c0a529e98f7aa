/**
 * First half of the Playwright `webServer` command (the API starts right after it): creates this run's
 * fresh database, then migrates and seeds it with the API's own CLI. Playwright starts `webServer`
 * before `globalSetup`, so the database is made here, where the server is sure to find it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  assertE2eDatabaseName,
  databaseNameVariable,
  databaseUrl,
  postgresAdminUrl,
  repoRoot,
} from './environment';

const name = assertE2eDatabaseName(process.env[databaseNameVariable]);

if (!existsSync(path.join(repoRoot, 'host-app', 'dist', 'index.html'))) {
  console.error('[e2e] host-app/dist is missing: run `npm run e2e -w host-app` (it builds first).');
  process.exit(1);
}

const admin = new pg.Client({ connectionString: postgresAdminUrl });
await admin.connect();
try {
  // The name is checked above; identifiers cannot be bound as parameters.
  await admin.query(`CREATE DATABASE "${name}"`);
} finally {
  await admin.end();
}
console.info(`[e2e] created database ${name}`);

for (const command of ['migrate', 'seed']) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/db/cli.ts', command], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl(name) },
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`[e2e] ${command} failed (exit ${result.status})`);
    process.exit(1);
  }
}
