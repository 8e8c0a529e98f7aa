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
 * Settings of every connection the application opens.
 *
 * - No parallel query: the API's statements are index reads of a few hundred rows at most, and
 *   starting two workers cost 10 ms on this machine's two cores, where the statement itself took 1
 *   (the search's probe at 1M, which row-level security's estimates made look large). Under ten
 *   concurrent requests the workers also take the cores the other requests need.
 * - Prepared statements keep their generic plan (`force_generic_plan`): with a LIMIT, an OFFSET and
 *   the organisation as parameters, PostgreSQL costed the generic plan of the list's page above the
 *   plan made for the values and re-planned it at every call (0.55 ms of planning for 0.23 of
 *   execution), although both plans are the same index walk. Statements whose best plan depends on
 *   the values are written so that their generic plan is the right one for every value (the search:
 *   features/requisitions/requisition-search.ts). Measured at 1M: list page 1 574 → 1,313 req/s, a
 *   plain User's list 661 → 1,086, no read slower (docs/benchmarks.md, docs/decisions.md).
 */
export const SESSION_SETTINGS: readonly string[] = [
  'SET max_parallel_workers_per_gather = 0',
  'SET plan_cache_mode = force_generic_plan',
];

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
  const setup = [...SESSION_SETTINGS];
  if (options.role) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.role))
      throw new Error(`not a plain role name: ${options.role}`);
    setup.unshift(`SET ROLE ${options.role}`);
  }
  const setupSql = setup.join('; ');
  sequelize.addHook('afterConnect', 'session-setup', async (connection: unknown) => {
    await (connection as { query(sql: string): Promise<unknown> }).query(setupSql);
  });
  // Each acquired connection carries the request's organisation for row-level security.
  installTenantContext(sequelize);
  return sequelize;
}
