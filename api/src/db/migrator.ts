import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Sequelize, Transaction } from 'sequelize';
import { type MigrationParams, SequelizeStorage, Umzug, type UmzugOptions } from 'umzug';

// Beside this module: `src/db/migrations/*.ts` under tsx, `dist/migrations/*.js` in the compiled server
// (api/tsup.config.ts), where this code lives in a chunk at `dist/`.
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** A migration's file extension: dropped from its recorded name, so both builds record the same names. */
const MIGRATION_EXTENSION = /\.(ts|js)$/;

/** What every migration file exports: `up` and `down`, each run inside its own transaction. */
export interface MigrationModule {
  up(context: MigrationContext): Promise<void>;
  down(context: MigrationContext): Promise<void>;
}

/** What a migration receives: the connection and the transaction it must pass to every query. */
export interface MigrationContext {
  sequelize: Sequelize;
  transaction: Transaction;
}

/** Runs SQL (several statements allowed, no parameters) inside the migration's transaction. */
export async function runSql({ sequelize, transaction }: MigrationContext, sql: string): Promise<void> {
  await sequelize.query(sql, { transaction });
}

/** Name of the table in which umzug records the applied migrations. */
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * An umzug 3 migrator over `src/db/migrations/*.ts` (or their compiled `dist/migrations/*.js`; ordered by
 * their timestamped names), recording
 * applied migrations in {@link MIGRATIONS_TABLE}. Each migration runs in one transaction, so a failed
 * one leaves nothing half-applied. Silent unless a `logger` is given.
 */
export function createMigrator(sequelize: Sequelize, options: { logger?: UmzugOptions['logger'] } = {}) {
  return new Umzug<Sequelize>({
    migrations: {
      glob: ['*.{ts,js}', { cwd: migrationsDir, ignore: ['**/*.d.ts', '**/*.test.ts'] }],
      resolve: ({ name, path: file, context }: MigrationParams<Sequelize>) => {
        const load = async (): Promise<MigrationModule> => import(pathToFileURL(file!).href);
        return {
          name: name.replace(MIGRATION_EXTENSION, ''),
          up: async () => {
            const migration = await load();
            await context.transaction((transaction) => migration.up({ sequelize: context, transaction }));
          },
          down: async () => {
            const migration = await load();
            await context.transaction((transaction) => migration.down({ sequelize: context, transaction }));
          },
        };
      },
    },
    context: sequelize,
    storage: new SequelizeStorage({ sequelize, tableName: MIGRATIONS_TABLE }),
    logger: options.logger,
  });
}

/** Applies every pending migration; answers the names applied (empty when already up to date). */
export async function migrateUp(
  sequelize: Sequelize,
  options: { logger?: UmzugOptions['logger'] } = {},
): Promise<string[]> {
  const applied = await createMigrator(sequelize, options).up();
  return applied.map((migration) => migration.name);
}

/**
 * Reverts migrations: all of them by default (`to: 0`), or down to and including the named one.
 * Answers the names reverted.
 */
export async function migrateDown(
  sequelize: Sequelize,
  options: { to?: string | 0; logger?: UmzugOptions['logger'] } = {},
): Promise<string[]> {
  const reverted = await createMigrator(sequelize, options).down({ to: options.to ?? 0 });
  return reverted.map((migration) => migration.name);
}
