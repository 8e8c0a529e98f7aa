import pg from 'pg';
import { Sequelize } from 'sequelize';
import { installTenantContext } from './tenant-context.js';

/** Options of {@link createSequelize}. */
export interface SequelizeOptions {
  /** Largest connection pool (default 10). Must be 1 against the embedded database. */
  poolMax?: number;
  /** Log every SQL statement to the console (default false). */
  logging?: boolean;
  /**
   * A role every connection switches to (`SET ROLE`) as soon as it is opened, e.g. the plain role
   * `purchasing_app` so that row-level security applies although the login is the superuser or the
   * tables' owner (docs/adr/004-row-level-security.md). The login must be a member of it.
   */
  role?: string | null | undefined;
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
  if (options.role) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.role))
      throw new Error(`not a plain role name: ${options.role}`);
    const setRole = `SET ROLE ${options.role}`;
    sequelize.addHook('afterConnect', 'set-role', async (connection: unknown) => {
      await (connection as { query(sql: string): Promise<unknown> }).query(setRole);
    });
  }
  // Each acquired connection carries the request's organisation for row-level security.
  installTenantContext(sequelize);
  return sequelize;
}
