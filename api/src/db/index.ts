import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { DEFAULT_APP_ROLE, grantAppRole } from './app-role.js';
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from './embedded.js';
import { migrateUp } from './migrator.js';
import { initModels, type Models } from './models/index.js';
import { seedDemoData } from './seed.js';
import { createSequelize } from './sequelize.js';

export type { DefaultRole, DefaultRoleName } from './defaults.js';
export {
  createDefaultRoles,
  DEFAULT_APPROVAL_POLICY,
  DEFAULT_ROLES,
  defaultOrganizationSettings,
} from './defaults.js';
export type { EmbeddedDatabase } from './embedded.js';
export { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from './embedded.js';
export { createMigrator, migrateDown, migrateUp } from './migrator.js';
export type { Models } from './models/index.js';
export { initModels } from './models/index.js';
export { DEMO_PASSWORD, seedDemoData } from './seed.js';
export { createSequelize } from './sequelize.js';

/** An open, migrated database. */
export interface Database {
  sequelize: Sequelize;
  models: Models;
  /** True when this is the embedded PGlite database (one connection: pass transactions everywhere). */
  embedded: boolean;
  /** Closes the connection pool and, for the embedded database, PGlite itself. */
  close(): Promise<void>;
}

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A PostgreSQL URL (DATABASE_URL). When absent the embedded database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database (created with its parent on first start). */
  dataDir: string;
  /**
   * Seed the demo data. Default: only on the first start of the embedded database (when no
   * migration had been applied yet); never on a `databaseUrl` (`npm run seed -w api` is the explicit
   * way there: its accounts share a published password). The seed is idempotent.
   */
  seedDemo?: boolean | undefined;
  /** Pool size against a real server (default 10; the embedded database always uses 1). */
  poolMax?: number | undefined;
  logging?: boolean | undefined;
  /**
   * The role the API's connections switch to after migrating (`SET ROLE`), so that row-level
   * security applies (DATABASE_ROLE). Default: `purchasing_app` on the embedded database (created
   * and granted here), none on a real server (connect as a plain role, or name one that exists and
   * that the login is a member of; it is granted row access here).
   */
  role?: string | undefined;
}

/** Key of the session-level advisory lock that serialises the start-up work of several instances. */
export const STARTUP_LOCK_KEY = 7_246_813_500_131;

/**
 * Runs `work` holding a PostgreSQL advisory lock on a connection of its own to `url` (null: no lock),
 * so that two API instances never migrate or grant at the same time (concurrent DDL of one migration
 * fails the second instance's start). The lock goes with the connection if the process dies.
 */
export async function withStartupLock<T>(url: string | null, work: () => Promise<T>): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.end();
  }
}

/**
 * Opens the database the API runs on: DATABASE_URL's server when given, otherwise the embedded
 * PGlite database in `dataDir`; applies pending migrations; seeds the demo data on the embedded
 * database's first start (or when `seedDemo` is true).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const embeddedDb = options.databaseUrl ? null : await startEmbeddedDatabase({ dataDir: options.dataDir });
  const url = options.databaseUrl ?? embeddedDb!.url;
  const sequelizeOptions = {
    poolMax: embeddedDb ? EMBEDDED_POOL_MAX : options.poolMax,
    logging: options.logging,
  };
  const role = options.role ?? (embeddedDb ? DEFAULT_APP_ROLE : undefined);
  let sequelize = createSequelize(url, sequelizeOptions);
  const close = async () => {
    await sequelize.close();
    await embeddedDb?.close();
  };
  try {
    let models = initModels(sequelize);
    // Several instances starting at once on one server take turns: the first migrates, the others
    // find nothing left to do (the embedded database has one process by nature).
    await withStartupLock(embeddedDb ? null : url, async () => {
      const applied = await migrateUp(sequelize);
      const firstStart = applied.length > 0 && applied[0]!.includes('T19.00.00.');
      if (options.seedDemo ?? (embeddedDb !== null && firstStart)) {
        await seedDemoData(sequelize, models);
      }
      // Migrations and seed ran as the login; requests run as the plain role (row-level security).
      if (role) await grantAppRole(sequelize, role, { create: embeddedDb !== null });
    });
    if (role) {
      await sequelize.close();
      sequelize = createSequelize(url, { ...sequelizeOptions, role });
      models = initModels(sequelize);
    }
    return { sequelize, models, embedded: embeddedDb !== null, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
