import { createHash } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { acquireOptions } from './db/tenant-context.js';
import type { Db } from './http/context.js';

/**
 * The services' statements go to the driver as named prepared statements, one name per SQL text:
 * PostgreSQL parses each text once per connection and, after a few executions, reuses its plan. At a
 * million requisitions, planning cost more than executing for every hot read (the access check
 * planned in 0.32 ms and ran in 0.07; the requisition detail 0.54 and 0.19), and Sequelize's own
 * formatting of a statement cost about as much CPU again on the Node side. Statements without bind
 * parameters (possibly several commands in one text) keep Sequelize's simple-protocol path.
 *
 * `DATABASE_PREPARE=off` turns this off (a pooler in transaction mode that does not track prepared
 * statements, such as PgBouncer before 1.21).
 */
let prepare = process.env.DATABASE_PREPARE !== 'off';

/** Turns named prepared statements on or off for this process (tests compare both). */
export function usePreparedStatements(on: boolean): void {
  prepare = on;
}

/** At most this many distinct texts get a name (each is prepared once on each pooled connection). */
const MAX_NAMED = 500;
const names = new Map<string, string>();

function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `q_${createHash('sha1').update(sql).digest('base64url')}`;
    names.set(sql, name);
  }
  return name;
}

interface PgConnection {
  query(config: { name?: string | undefined; text: string; values: unknown[] }): Promise<PgResult>;
  _invalid?: boolean;
}

interface PgResult {
  rows: object[];
  rowCount: number | null;
}

interface ConnectionManager {
  getConnection(options: object): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): void;
}

/** A driver error as Sequelize reports it (UniqueConstraintError, ForeignKeyConstraintError, …). */
function asSequelizeError(
  sequelize: Sequelize,
  connection: PgConnection,
  error: unknown,
  stack?: string,
): unknown {
  const raw = error as { code?: string; message?: string };
  if (raw.code === 'ECONNRESET' || raw.message === 'Query read timeout') connection._invalid = true;
  const { dialect } = sequelize as unknown as {
    dialect: {
      Query: new (
        connection: unknown,
        sequelize: Sequelize,
        options: object,
      ) => { formatError(error: unknown, stack?: string): unknown };
    };
  };
  return new dialect.Query(connection, sequelize, { logging: false }).formatError(error, stack);
}

/** Runs one statement with bind values as a named prepared statement, on the transaction's connection or a pooled one. */
async function run(db: Db, sql: string, bind: unknown[], transaction: Transaction | null): Promise<PgResult> {
  const sequelize = db.sequelize;
  const query = { name: statementName(sql), text: sql, values: bind };
  // No `new Error()` here for the failure's stack: capturing a stack on every statement cost about
  // 3% of the list's CPU; the error made in the catch below carries the awaiting callers (V8's
  // async stack traces) instead.
  if (transaction) {
    const state = transaction as unknown as { connection?: PgConnection; finished?: string };
    if (state.finished || !state.connection) {
      throw new Error(`The transaction is ${state.finished ?? 'not open'}: no statement can run in it`);
    }
    try {
      return await state.connection.query(query);
    } catch (error) {
      throw asSequelizeError(sequelize, state.connection, error);
    }
  }
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const connection = await manager.getConnection({ type: QueryTypes.SELECT, ...acquireOptions(db) });
  try {
    return await connection.query(query);
  } catch (error) {
    throw asSequelizeError(sequelize, connection, error);
  } finally {
    manager.releaseConnection(connection);
  }
}

/** Runs a SELECT (or a statement with RETURNING) with positional bind parameters (`$1`…) and returns plain rows. */
export async function select<T extends object>(
  db: Db,
  sql: string,
  bind: unknown[] = [],
  transaction?: Transaction | null,
): Promise<T[]> {
  if (prepare && bind.length > 0) return (await run(db, sql, bind, transaction ?? null)).rows as T[];
  return db.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction: transaction ?? null });
}

/** Runs a SELECT expected to return at most one row. */
export async function selectOne<T extends object>(
  db: Db,
  sql: string,
  bind: unknown[] = [],
  transaction?: Transaction | null,
): Promise<T | null> {
  const rows = await select<T>(db, sql, bind, transaction);
  return rows[0] ?? null;
}

/** Runs a statement that returns nothing the caller needs (INSERT/UPDATE/DELETE without RETURNING). */
export async function execute(
  db: Db,
  sql: string,
  bind: unknown[] = [],
  transaction?: Transaction | null,
): Promise<void> {
  if (prepare && bind.length > 0) {
    await run(db, sql, bind, transaction ?? null);
    return;
  }
  await db.sequelize.query(sql, { bind, transaction: transaction ?? null });
}

/** `%` and `_` in a search term match themselves (a LIKE or ILIKE pattern containing the term). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
