import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from './database.js';

/**
 * Every tenant table is keyed by `organization_id` (issue 13, item 5; docs/adr/006): its primary key,
 * each unique constraint or unique index, and each foreign key between two tenant tables include
 * `organization_id`, so that a distributed PostgreSQL (Citus, distribution column `organization_id`)
 * can shard the schema as it stands — Citus enforces a unique key or a foreign key only when it
 * holds the distribution column. Read from the catalog of this run's migrated database.
 */

/** Tables without the distribution column, each with why; a new table must be classified here or be a tenant table. */
const GLOBAL_TABLES: Record<string, string> = {
  organizations:
    'the tenants themselves: distributed by their own `id` (co-located with every tenant table), which every `organization_id` references',
  users: 'an account may belong to several organisations (user_organizations); a Citus reference table',
  permissions:
    'the fixed catalogue of permissions shared by every role of every organisation; a reference table',
  auth_sessions:
    "an account's sign-in sessions, across its organisations; a reference table or kept on the coordinator",
  refresh_tokens: 'rotating tokens of an auth session (global, like the session)',
  login_throttles: 'failed sign-in counters per account and client address, before any organisation is known',
  email_outbox:
    'mail to deliver, queued by the public flows too (invitation, password reset) before any organisation',
  attachment_blobs:
    'content-addressed bytes of attachments, reached only through `attachments.storage_key` (which the organisation owns)',
  schema_migrations: 'the migrator’s own record of applied migrations',
};

/**
 * Tables that carry an `organization_id` which is not a distribution key: the column is nullable
 * there, and the rows belong to an account rather than to one organisation.
 */
const GLOBAL_WITH_ORGANIZATION: Record<string, string> = {
  password_tokens:
    "an account's single-use links; organization_id is the issuing organisation, NULL for the user's own forgot-password link",
};

/** Tenant tables without a primary key, and why (Citus needs none; any they get must hold organization_id). */
const WITHOUT_PRIMARY_KEY: Record<string, string> = {
  approval_cycle_counts:
    'append-only deltas of the cycle time histogram, summed by (organization_id, group_by, month, cell) and folded in place',
  approval_cycle_months:
    'packed months of the cycle time histogram, summed with the deltas by (organization_id, group_by, month, group); a group may have several rows while a fold skips a held one',
  counter_deltas: 'append-only deltas of the counters, summed by (organization_id, key) and folded in place',
};

/** Foreign keys from a tenant table to a global table are allowed (Citus: to a reference table, or to `organizations`). */
const isGlobal = (table: string) => table in GLOBAL_TABLES || table in GLOBAL_WITH_ORGANIZATION;

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
});

interface TableRow {
  table: string;
  has_organization: boolean;
}

/** The ordinary tables of the public schema and whether they have an `organization_id` column. */
async function tables(): Promise<TableRow[]> {
  const { rows } = await client.query<TableRow>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped) AS has_organization
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
  );
  return rows;
}

async function tenantTables(): Promise<string[]> {
  return (await tables())
    .filter((row) => row.has_organization && !isGlobal(row.table))
    .map((row) => row.table);
}

interface UniqueKey {
  table: string;
  name: string;
  definition: string;
  has_organization: boolean;
}

/** Every unique index (primary keys and unique constraints are backed by one) of the public schema. */
async function uniqueKeys(): Promise<UniqueKey[]> {
  const { rows } = await client.query<UniqueKey>(
    `SELECT t.relname AS table, i.relname AS name, pg_get_indexdef(i.oid) AS definition,
            EXISTS (SELECT 1 FROM unnest(x.indkey[0:x.indnkeyatts - 1]) k(attnum)
                      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                     WHERE a.attname = 'organization_id') AS has_organization
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND x.indisunique
      ORDER BY t.relname, i.relname`,
  );
  return rows;
}

interface ForeignKey {
  table: string;
  name: string;
  referenced: string;
  definition: string;
  /** organization_id of the referencing table is matched with organization_id of the referenced one. */
  pairs_organization: boolean;
}

async function foreignKeys(): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT t.relname AS table, c.conname AS name, r.relname AS referenced,
            pg_get_constraintdef(c.oid) AS definition,
            EXISTS (SELECT 1 FROM unnest(c.conkey, c.confkey) p(attnum, fattnum)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = p.attnum
                      JOIN pg_attribute f ON f.attrelid = c.confrelid AND f.attnum = p.fattnum
                     WHERE a.attname = 'organization_id' AND f.attname = 'organization_id') AS pairs_organization
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class r ON r.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND c.contype = 'f'
      ORDER BY t.relname, c.conname`,
  );
  return rows;
}

const describeKey = (key: { table: string; name: string; definition: string }) =>
  `${key.table}.${key.name}: ${key.definition}`;

describe('tenant tables are keyed by organization_id (ready for a Citus distribution column)', () => {
  it('classifies every table: a tenant table (with organization_id) or a listed global one', async () => {
    const all = await tables();
    const names = all.map((row) => row.table);
    const unclassified = all
      .filter((row) => !row.has_organization && !isGlobal(row.table))
      .map((row) => row.table);
    expect(unclassified, 'tables without organization_id that are not listed as global').toEqual([]);
    // No stale entry: each listed table exists.
    const stale = [...Object.keys(GLOBAL_TABLES), ...Object.keys(GLOBAL_WITH_ORGANIZATION)].filter(
      (table) => !names.includes(table),
    );
    expect(stale, 'listed global tables that do not exist').toEqual([]);
    expect(await tenantTables()).toEqual(
      expect.arrayContaining(['requisitions', 'approval_steps', 'purchase_orders', 'requisition_line_items']),
    );
  });

  it('gives every tenant table a primary key, except the listed ones', async () => {
    const tenant = await tenantTables();
    const { rows } = await client.query<{ table: string }>(
      `SELECT t.relname AS table FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE c.contype = 'p' AND t.relname = ANY($1::text[])`,
      [tenant],
    );
    const withKey = new Set(rows.map((row) => row.table));
    const without = tenant.filter((table) => !withKey.has(table));
    expect(without, 'tenant tables without a primary key').toEqual(Object.keys(WITHOUT_PRIMARY_KEY));
  });

  it('includes organization_id in every primary key, unique constraint and unique index of a tenant table', async () => {
    const tenant = new Set(await tenantTables());
    const violations = (await uniqueKeys())
      .filter((key) => tenant.has(key.table) && !key.has_organization)
      .map(describeKey);
    expect(violations).toEqual([]);
  });

  it('includes organization_id on both sides of every foreign key between tenant tables', async () => {
    const tenant = new Set(await tenantTables());
    const violations = (await foreignKeys())
      .filter((key) => tenant.has(key.table) && tenant.has(key.referenced) && !key.pairs_organization)
      .map(describeKey);
    expect(violations).toEqual([]);
  });

  it('finds children by their parent id alone: an index leads with each lookup column', async () => {
    // Presenters and services read children by the parent's id (`c.requisition_id = r.id`); row-level
    // security's `organization_id = COALESCE(current, organization_id)` cannot serve a key's leading
    // organization_id, so a key (organization_id, requisition_id, …) alone made each lookup read the
    // whole index (1.9 s a list page at 1M requisitions).
    const lookups = [
      ['requisition_line_items', 'requisition_id'],
      ['po_line_items', 'purchase_order_id'],
      ['purchase_orders', 'requisition_id'],
      ['approval_steps', 'requisition_id'],
      ['attachments', 'entity_id'],
    ];
    const { rows } = await client.query<{ table: string; first: string }>(
      `SELECT t.relname AS table, a.attname AS first
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
        WHERE t.relnamespace = 'public'::regnamespace AND i.indpred IS NULL`,
    );
    const missing = lookups.filter(
      ([table, column]) => !rows.some((row) => row.table === table && row.first === column),
    );
    expect(missing, 'child lookups without an index that leads with their column').toEqual([]);
  });

  it('lets no global table reference a tenant table (it would have to be distributed with it)', async () => {
    const tenant = new Set(await tenantTables());
    const violations = (await foreignKeys())
      .filter((key) => !tenant.has(key.table) && tenant.has(key.referenced))
      .map(describeKey);
    expect(violations).toEqual([]);
  });

  it('references organizations only through organization_id', async () => {
    const tenant = new Set(await tenantTables());
    const violations = (await foreignKeys())
      .filter((key) => tenant.has(key.table) && key.referenced === 'organizations')
      .filter(
        (key) => !/^FOREIGN KEY \(organization_id\) REFERENCES organizations\(id\)/.test(key.definition),
      )
      .map(describeKey);
    expect(violations).toEqual([]);
  });
});
