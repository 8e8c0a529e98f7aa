import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_APP_ROLE, grantAppRole } from '../src/db/app-role.js';
import { migrateUp } from '../src/db/migrator.js';
import { createSequelize } from '../src/db/sequelize.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * This test run's own, migrated PostgreSQL databases: one per worker of the api project (index
     * `VITEST_POOL_ID - 1`), so files in two workers never see each other's rows or outboxes. Tests
     * read theirs with `testDatabaseUrl()` of ./database.ts.
     */
    databaseUrls: string[];
    /** The maintenance database URL, for tests that need a scratch database of their own. */
    pgAdminUrl: string;
    /**
     * `databaseUrls` as the plain role {@link DEFAULT_APP_ROLE} (no superuser, no BYPASSRLS, not the
     * owner): row-level security applies to it. The test app connects this way unless
     * `TEST_DB_ROLE=postgres`.
     */
    appDatabaseUrls: string[];
  }
}

/** Where databases are created and dropped (a superuser on the `postgres` database). */
export const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `adminUrl` pointing at another database on the same server. */
export function databaseUrlFor(name: string, base = adminUrl): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `url` signed in as `role` (trust authentication on the test server). */
export function urlAsRole(url: string, role: string): string {
  const next = new URL(url);
  next.username = role;
  next.password = '';
  return next.toString();
}

/** Creates an empty database with a unique name and answers its name. */
export async function createDatabase(prefix: string, base = adminUrl): Promise<string> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return name;
}

/** Drops a database, closing any connection left open to it. */
export async function dropDatabase(name: string, base = adminUrl): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/**
 * vitest globalSetup: creates `purchasing_test_<timestamp>_<random>` on the local PostgreSQL
 * (TEST_PG_ADMIN_URL overrides the server), migrates it, copies it once per worker
 * (`CREATE DATABASE … TEMPLATE`), provides their URLs as `databaseUrls`, and drops them all when the
 * run ends.
 */
export default async function setup(project: TestProject) {
  const name = await createDatabase('purchasing_test');
  const url = databaseUrlFor(name);
  const sequelize = createSequelize(url, { poolMax: 1 });
  try {
    await migrateUp(sequelize);
    // The role is cluster-wide: a parallel run may create it at the same moment.
    await grantAppRole(sequelize, DEFAULT_APP_ROLE, { login: true }).catch(async (error: unknown) => {
      if ((error as { parent?: { code?: string } }).parent?.code !== '42710') throw error;
      await grantAppRole(sequelize, DEFAULT_APP_ROLE, { create: false });
    });
  } catch (error) {
    await sequelize.close();
    await dropDatabase(name);
    throw error;
  }
  await sequelize.close();
  const names = [name];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One database per worker of the project (its maxWorkers in api/vitest.config.ts).
    for (let worker = 2; worker <= Math.max(1, project.config.maxWorkers); worker += 1) {
      names.push(`${name}_w${worker}`);
      await admin.query(`CREATE DATABASE ${name}_w${worker} TEMPLATE ${name}`);
    }
  } catch (error) {
    for (const each of names) await dropDatabase(each);
    throw error;
  } finally {
    await admin.end();
  }
  const urls = names.map((each) => databaseUrlFor(each));
  project.provide('databaseUrls', urls);
  project.provide('pgAdminUrl', adminUrl);
  project.provide(
    'appDatabaseUrls',
    urls.map((each) => urlAsRole(each, DEFAULT_APP_ROLE)),
  );
  return async () => {
    for (const each of names) await dropDatabase(each);
  };
}
