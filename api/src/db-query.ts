import { QueryTypes, type Transaction } from 'sequelize';
import type { Db } from './http/context.js';

/** Runs a SELECT with positional bind parameters (`$1`…) and returns plain rows. */
export function select<T extends object>(
  db: Db,
  sql: string,
  bind: unknown[] = [],
  transaction?: Transaction | null,
): Promise<T[]> {
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
  await db.sequelize.query(sql, { bind, transaction: transaction ?? null });
}
