import type { Sequelize } from 'sequelize';
import { inject } from 'vitest';
import { createSequelize } from '../../src/db/sequelize.js';
import { createDatabase, databaseUrlFor, dropDatabase } from '../global-setup.js';

/** A database of the test's own (for migrations down and whole-database counts), dropped by `drop()`. */
export async function createScratchDatabase(): Promise<{
  sequelize: Sequelize;
  url: string;
  drop(): Promise<void>;
}> {
  const admin = inject('pgAdminUrl');
  const name = await createDatabase('purchasing_scratch', admin);
  const url = databaseUrlFor(name, admin);
  const sequelize = createSequelize(url, { poolMax: 2 });
  return {
    sequelize,
    url,
    async drop() {
      await sequelize.close();
      await dropDatabase(name, admin);
    },
  };
}

/** Row count of every table of the public schema except the migrations log. */
export async function countRows(sequelize: Sequelize): Promise<Record<string, number>> {
  const [tables] = (await sequelize.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1",
  )) as [{ tablename: string }[], unknown];
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [[row]] = (await sequelize.query(`SELECT count(*)::int AS n FROM "${tablename}"`)) as [
      [{ n: number }],
      unknown,
    ];
    counts[tablename] = row.n;
  }
  return counts;
}

/**
 * A fingerprint of every table of the public schema: its row count and an md5 of its rows (each
 * row's text form, sorted), so any insert, update or delete anywhere changes it.
 */
export async function fingerprintTables(sequelize: Sequelize): Promise<Record<string, string>> {
  const [tables] = (await sequelize.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
  )) as [{ tablename: string }[], unknown];
  const fingerprint: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [[row]] = (await sequelize.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), '')) AS hash
         FROM "${tablename}" t`,
    )) as [[{ n: number; hash: string }], unknown];
    fingerprint[tablename] = `${row.n}:${row.hash}`;
  }
  return fingerprint;
}
