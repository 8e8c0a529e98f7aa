import pg from 'pg';
import { Sequelize } from 'sequelize';
import { installTenantContext } from './tenant-context.js';

/** Options of {@link createSequelize}. */
export interface SequelizeOptions {
  /** Largest connection pool (default 10). Must be 1 against the embedded database. */
  poolMax?: number;
  /** Log every SQL statement to the console (default false). */
  logging?: boolean;
}

/**
 * A Sequelize 6 instance for PostgreSQL at `url` (a real server or the embedded PGlite socket),
 * using the `pg` driver, snake_case columns (`underscored`) and no SQL logging unless asked.
 * Opening it does not connect; the first query does.
 */
export function createSequelize(url: string, options: SequelizeOptions = {}): Sequelize {
  const poolMax = options.poolMax ?? 10;
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: pg,
    logging: options.logging ? (sql: string) => console.info(sql) : false,
    define: { underscored: true },
    pool: { max: poolMax, min: 0, idle: 10_000, acquire: 60_000 },
  });
  // Each acquired connection carries the request's organisation for row-level security.
  installTenantContext(sequelize);
  return sequelize;
}
