import { QueryTypes, type Sequelize, Transaction, type TransactionOptions } from 'sequelize';
import type { Db } from '../http/context.js';
import { withTransactionRetry } from './transaction-retry.js';

/**
 * The organisation of a request, for PostgreSQL row-level security (the second line behind the
 * services' own filters; docs/adr/004-row-level-security.md).
 *
 * The request pipeline hands each organisation-scoped handler a database handle made by
 * {@link inOrganization}: every query it runs and every transaction it opens carries that
 * organisation, and every connection acquired for them has `app.organization_id` set to it before
 * its first statement ({@link installTenantContext}). The policies of migration
 * `2026.11.24T23.30.00.row-level-security` hide and refuse every row of another organisation while
 * it is set. The plain handle (sign-in, /auth/me, the mail dispatcher, the seed) carries none: the
 * setting is empty there and the policies let every row through.
 *
 * The organisation travels explicitly, in the options of each query (and, for a transaction, by its
 * id), not in an AsyncLocalStorage: on Node 20 an active AsyncLocalStorage turns on promise hooks
 * for every promise of the process, which cost about 5% of the requisition list's throughput.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query option that carries the organisation to the pool hook. */
const ORGANIZATION = Symbol('app.organization_id');

/** The organisation of each transaction being opened, by transaction id, until it has its connection. */
const opening = new Map<string, string>();

type QueryOptions = Record<string | symbol, unknown>;

const scopedHandles = new WeakMap<Sequelize, Map<string, Db>>();

/** The organisation of each handle {@link inOrganization} made. */
const handleOrganization = new WeakMap<Db, string>();

/**
 * The options to acquire a pooled connection with (`connectionManager.getConnection`) so that the
 * tenant hook sets `db`'s organisation on it (none for the plain handle): for callers that talk to the
 * driver themselves (api/src/db-query.ts).
 */
export function acquireOptions(db: Db): QueryOptions {
  const organizationId = handleOrganization.get(db);
  return organizationId ? { [ORGANIZATION]: organizationId } : {};
}

/**
 * A handle on `db` whose queries and transactions run in `organizationId` (row-level security).
 * Handles are cached per organisation, so a request costs no allocation.
 */
export function inOrganization(db: Db, organizationId: string): Db {
  if (!UUID.test(organizationId)) throw new TypeError('inOrganization needs an organisation id (a UUID)');
  const base = db.sequelize;
  let byOrganization = scopedHandles.get(base);
  if (!byOrganization) {
    byOrganization = new Map();
    scopedHandles.set(base, byOrganization);
  }
  const cached = byOrganization.get(organizationId);
  if (cached) return cached;

  const query = (sql: unknown, options?: QueryOptions) =>
    (base.query as (sql: unknown, options: QueryOptions) => Promise<unknown>)(sql, {
      ...options,
      [ORGANIZATION]: organizationId,
    });
  const begin = async (options: object | undefined) => {
    // As Sequelize's own `transaction`, but the organisation is known when its connection is acquired.
    const t = new Transaction(base, options as never);
    const id = (t as unknown as { id: string }).id;
    opening.set(id, organizationId);
    try {
      await (t as unknown as { prepareEnvironment(useCls: boolean): Promise<void> }).prepareEnvironment(
        false,
      );
    } finally {
      opening.delete(id);
    }
    return t;
  };
  const transaction = async (
    first?: object | ((t: Transaction) => Promise<unknown>),
    second?: (t: Transaction) => Promise<unknown>,
  ) => {
    const options = typeof first === 'function' ? undefined : first;
    const callback = typeof first === 'function' ? first : second;
    if (!callback) return begin(options);
    // A serialization failure or a deadlock runs the whole callback again (issue 13), never a 500.
    return withTransactionRetry(async () => {
      const t = await begin(options);
      let result: unknown;
      try {
        result = await callback(t);
      } catch (error) {
        await t.rollback().catch(() => undefined);
        throw error;
      }
      await t.commit();
      return result;
    });
  };
  const sequelize = new Proxy(base, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const handle: Db = { sequelize };
  byOrganization.set(organizationId, handle);
  handleOrganization.set(handle, organizationId);
  return handle;
}

/** Marks the options of a transaction that only keeps books (see {@link bookkeepingTransaction}). */
const BOOKKEEPING = Symbol('bookkeeping transaction');

/**
 * `db.sequelize.transaction(callback)` for a transaction that keeps books for the request rather
 * than making its effect (a document number taken ahead of the document, which a failed request
 * leaves unused anyway): {@link withBeforeCommit}'s hook skips it, so a request that fails after it
 * still counts as having changed nothing.
 */
export function bookkeepingTransaction<T>(
  db: Db,
  callback: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  return db.sequelize.transaction({ [BOOKKEEPING]: true } as TransactionOptions, callback);
}

/**
 * A handle like `db` (same organisation) whose transactions run `beforeCommit` as their last
 * statement, inside the transaction, whenever their work succeeded: for a managed transaction after
 * its callback (each time a retry runs it), for an unmanaged one when `commit()` is called. The
 * idempotency mechanism marks its claim this way, so the mark commits exactly with the effect
 * (api/src/http/idempotency.ts). Made per request; nothing is cached.
 */
export function withBeforeCommit(db: Db, beforeCommit: (transaction: Transaction) => Promise<void>): Db {
  const inner = db.sequelize;
  const transaction = async (
    first?: object | ((t: Transaction) => Promise<unknown>),
    second?: (t: Transaction) => Promise<unknown>,
  ) => {
    const options = typeof first === 'function' ? undefined : first;
    const callback = (typeof first === 'function' ? first : second) as
      | ((t: Transaction) => Promise<unknown>)
      | undefined;
    const open = inner.transaction.bind(inner) as (
      options: object | undefined,
      callback?: (t: Transaction) => Promise<unknown>,
    ) => Promise<unknown>;
    if (callback && (options as Record<symbol, unknown> | undefined)?.[BOOKKEEPING])
      return open(options, callback);
    if (callback) {
      return open(options, async (t: Transaction) => {
        const result = await callback(t);
        await beforeCommit(t);
        return result;
      });
    }
    const t = (await open(options)) as Transaction;
    const commit = t.commit.bind(t);
    t.commit = async () => {
      await beforeCommit(t);
      return commit();
    };
    return t;
  };
  const sequelize = new Proxy(inner, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const handle: Db = { sequelize };
  const organizationId = handleOrganization.get(db);
  if (organizationId) handleOrganization.set(handle, organizationId);
  return handle;
}

/**
 * `db` in `organizationId` when it is an organisation id (a UUID), else `db` as it is. For the steps
 * of an organisation-scoped request before its membership is verified (the session check, the
 * membership lookup): they filter by that organisation or read tables without row-level security, so
 * their answers do not change, and the request's connections then keep one organisation throughout
 * instead of switching (a round trip) between those steps and the handler.
 */
export function inRequestedOrganization(db: Db, organizationId: string | undefined): Db {
  return organizationId && UUID.test(organizationId) ? inOrganization(db, organizationId) : db;
}

/**
 * Runs `fn`, whose queries deliberately span organisations, inside an organisation-scoped
 * transaction: the setting is emptied for the transaction's statements until `fn` ends
 * (`set_config(…, true)`: transaction-local, undone by COMMIT or ROLLBACK whatever happens), then
 * put back. Every use is a deliberate exception to row-level security: keep `fn` to the one query
 * that needs it (e.g. "does this user keep an active membership anywhere?").
 */
export async function acrossOrganizations<T>(
  sequelize: Sequelize,
  transaction: Transaction,
  fn: () => Promise<T>,
): Promise<T> {
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

/** How many times a connection's organisation was switched (a round trip each), for tests and benchmarks. */
export const tenantContextStats = { switches: 0 };

/** What this module remembers on each pooled connection: the value it last set there. */
const APPLIED = Symbol('applied app.organization_id');

interface PgConnection {
  query(sql: string, values?: unknown[]): Promise<unknown>;
  [APPLIED]?: string;
}

/** The organisation a connection is being acquired for: a query's option, or its transaction's. */
function organizationOf(options: QueryOptions | undefined): string {
  if (!options) return '';
  const direct = options[ORGANIZATION];
  if (typeof direct === 'string') return direct;
  const uuid = options.uuid;
  return (typeof uuid === 'string' && opening.get(uuid)) || '';
}

/**
 * Makes every connection `sequelize` acquires carry the organisation it is acquired for (or ''
 * for the plain handle) in `app.organization_id`, before the caller's first statement on it.
 *
 * Sequelize acquires a connection for each query outside a transaction and once per transaction,
 * and hands it to no one else until it is released. The hook sets the value at session level (so it
 * also covers transactions and the statements between them) on *every* acquisition, whether the
 * previous holder had an organisation or not, so nothing carries over from one holder to the next.
 * To spare a round trip, the value last set on a connection is remembered on it and the statement
 * is skipped when it is already there; the value is only ever set here, outside any transaction
 * (acquisition precedes BEGIN), so a rollback cannot undo it behind this module's back.
 *
 * A failure to set it destroys the connection and fails the query: never run a query with a stale
 * organisation.
 */
export function installTenantContext(sequelize: Sequelize): void {
  sequelize.addHook('afterPoolAcquire', 'tenant-context', async (connection: unknown, options: unknown) => {
    const pg = connection as PgConnection;
    const wanted = organizationOf(options as QueryOptions | undefined);
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
