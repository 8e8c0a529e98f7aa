/**
 * Database commands, against DATABASE_URL or (when unset) the embedded database in DATA_DIR or
 * `api/.data/pglite`:
 *
 *   node --import tsx api/src/db/cli.ts migrate   # apply pending migrations
 *   node --import tsx api/src/db/cli.ts down      # revert every migration
 *   node --import tsx api/src/db/cli.ts seed      # migrate, then seed the demo data (idempotent)
 *   node --import tsx api/src/db/cli.ts app-role [name] [--login]
 *       # create (if absent) the plain role the API should run as (default purchasing_app) and grant
 *       # it row access to every table; APP_ROLE_PASSWORD sets its password (and implies --login)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_APP_ROLE, grantAppRole } from './app-role.js';
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from './embedded.js';
import { migrateDown, migrateUp } from './migrator.js';
import { initModels } from './models/index.js';
import { seedDemoData } from './seed.js';
import { createSequelize } from './sequelize.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main(command: string | undefined, args: string[]): Promise<void> {
  if (command !== 'migrate' && command !== 'down' && command !== 'seed' && command !== 'app-role') {
    console.error('usage: cli.ts migrate | down | seed | app-role [name] [--login]');
    process.exitCode = 2;
    return;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? path.join(apiRoot, '.data', 'pglite');
  const embedded = databaseUrl ? null : await startEmbeddedDatabase({ dataDir });
  const sequelize = createSequelize(
    databaseUrl ?? embedded!.url,
    embedded ? { poolMax: EMBEDDED_POOL_MAX } : {},
  );
  const logger = {
    info: (m: unknown) => console.info(JSON.stringify(m)),
    warn: console.warn,
    error: console.error,
    debug: () => {},
  };
  try {
    console.info(
      `[db] ${command} on ${databaseUrl ? 'DATABASE_URL' : `the embedded database in ${dataDir}`}`,
    );
    if (command === 'app-role') {
      const role = args.find((arg) => !arg.startsWith('--')) ?? DEFAULT_APP_ROLE;
      const password = process.env.APP_ROLE_PASSWORD || undefined;
      const { created } = await grantAppRole(sequelize, role, {
        login: args.includes('--login') || password !== undefined,
        password,
      });
      console.info(`[db] role ${role} ${created ? 'created and ' : ''}granted row access to every table`);
      return;
    }
    if (command === 'down') {
      const reverted = await migrateDown(sequelize, { logger });
      console.info(`[db] reverted ${reverted.length} migration(s)`);
      return;
    }
    const applied = await migrateUp(sequelize, { logger });
    console.info(`[db] applied ${applied.length} migration(s)`);
    if (command === 'seed') {
      const { seeded } = await seedDemoData(sequelize, initModels(sequelize));
      console.info(seeded ? '[db] demo data seeded' : '[db] demo data already present: nothing changed');
    }
  } finally {
    await sequelize.close();
    await embedded?.close();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  console.error('[db] failed:', error);
  process.exitCode = 1;
});
