import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * The organisation of the current request, for PostgreSQL row-level security (the second line
 * behind the services' own filters; docs/adr/004-row-level-security.md).
 *
 * The request pipeline runs each organisation-scoped handler inside {@link runInOrganization};
 * every connection the application then acquires from the pool, for a single query or for a whole
 * transaction, carries that organisation in the session setting `app.organization_id` before its
 * first statement ({@link installTenantContext}). The policies of migration
 * `2026.11.24T23.30.00.row-level-security` hide and refuse every row of another organisation
 * while it is set. Outside any organisation (sign-in, /auth/me, the mail dispatcher, the seed)
 * the setting is empty and the policies let every row through.
 */
const storage = new AsyncLocalStorage<{ organizationId: string | null }>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs `fn` (and everything it awaits or schedules) with `organizationId` as the current organisation. */
export function runInOrganization<T>(organizationId: string, fn: () => T): T {
  if (!UUID.test(organizationId)) throw new TypeError('runInOrganization needs an organisation id (a UUID)');
  return storage.run({ organizationId }, fn);
}

/**
 * Runs `fn` in `organizationId` when it is an organisation id (a UUID), else as it is. For the steps
 * of an organisation-scoped request before its membership is verified (the session check, the
 * membership lookup): they filter by that organisation or read tables without row-level security, so
 * their answers do not change, and the request's connections then keep one organisation throughout
 * instead of switching (a round trip) between those steps and the handler.
 */
export function runInRequestedOrganization<T>(organizationId: string | undefined, fn: () => T): T {
  return organizationId && UUID.test(organizationId) ? runInOrganization(organizationId, fn) : fn();
}

/**
 * Runs `fn` outside any organisation: the queries it starts see every organisation's rows. Only for
 * work that legitimately spans organisations (e.g. background jobs started from a request). A
 * transaction already open keeps the organisation it was opened with.
 */
export function runAcrossOrganizations<T>(fn: () => T): T {
  return storage.run({ organizationId: null }, fn);
}

/**
 * Runs `fn`, whose queries deliberately span organisations, inside an organisation-scoped request.
 * Without `transaction`, as {@link runAcrossOrganizations}. Inside one, the setting is emptied for
 * the rest of the transaction's statements until `fn` ends (`set_config(…, true)`: transaction-local,
 * undone by COMMIT or ROLLBACK whatever happens), then put back. Every use is a deliberate
 * exception to row-level security: keep `fn` to the one query that needs it (e.g. "does this user
 * keep an active membership anywhere?").
 */
export async function acrossOrganizations<T>(
  sequelize: Sequelize,
  transaction: Transaction | null | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!transaction) return runAcrossOrganizations(fn);
  const [row] = await sequelize.query<{ previous: string | null }>(
    `SELECT current_setting('app.organization_id', true) AS previous,
            set_config('app.organization_id', '', true) AS emptied`,
    { type: QueryTypes.SELECT, transaction },
  );
  let failed = false;
  try {
    return await fn();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await sequelize
      .query("SELECT set_config('app.organization_id', $1, true)", {
        bind: [row?.previous ?? ''],
        transaction,
      })
      // After a failure the transaction is usually aborted and rolls back, undoing the local value.
      .catch((error: unknown) => {
        if (!failed) throw error;
      });
  }
}

/** The organisation of the current request, or null outside {@link runInOrganization}. */
export function currentOrganizationId(): string | null {
  return storage.getStore()?.organizationId ?? null;
}

/** How many times a connection's organisation was switched (a round trip each), for tests and benchmarks. */
export const tenantContextStats = { switches: 0 };

/** What this module remembers on each pooled connection: the value it last set there. */
const APPLIED = Symbol('app.organization_id');

interface PgConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
  [APPLIED]?: string;
}

/**
 * Makes every connection `sequelize` acquires carry the current organisation (or '' outside one)
 * in `app.organization_id`, before the caller's first statement on it.
 *
 * Sequelize acquires a connection for each query outside a transaction and once per transaction,
 * always in the async context of the code that asked for it, and hands it to no one else until it
 * is released. The hook sets the value at session level (so it also covers transactions and the
 * statements between them) and on *every* acquisition, whether the previous holder had an
 * organisation or not, so nothing carries over from one request to the next. To spare a round
 * trip, the value last set on a connection is remembered on it and the statement is skipped when
 * it is already there; the value is only ever set here, outside any transaction (acquisition
 * precedes BEGIN), so a rollback cannot undo it behind this module's back.
 *
 * A failure to set it destroys the connection and fails the query: never run a query with a stale
 * organisation.
 */
export function installTenantContext(sequelize: Sequelize): void {
  sequelize.addHook('afterPoolAcquire', 'tenant-context', async (connection: unknown) => {
    const pg = connection as PgConnection;
    const wanted = currentOrganizationId() ?? '';
    if (pg[APPLIED] === wanted) return;
    try {
      delete pg[APPLIED];
      tenantContextStats.switches += 1;
      await pg.query("SELECT set_config('app.organization_id', $1, false)", [wanted]);
      pg[APPLIED] = wanted;
    } catch (error) {
      // The connection manager has already handed the connection out: take it back out of the pool.
      const manager = sequelize.connectionManager as unknown as {
        pool: { destroy(connection: unknown): Promise<void> };
      };
      await manager.pool.destroy(connection).catch(() => undefined);
      throw error;
    }
  });
}
