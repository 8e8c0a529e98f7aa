/**
 * Scale data generator (issue 12): a PostgreSQL database on the project's own schema holding one very
 * large organisation (`--requisitions`, default 1,000,000) among ordinary ones (`--per-org` each),
 * with users, departments, cost centres, GL accounts, vendors, products, budgets, requisition lines,
 * approval steps, purchase orders with their lines and receipts and the audit trail, in realistic proportions.
 *
 *   npm run bench:scale -w api -- --requisitions 1000000 --organizations 100 [--per-org 1000]
 *        [--database purchasing_scale] [--fresh] [--no-audit]
 *
 * The database is created (`--fresh` drops it first), migrated with the project's migrations and
 * granted to the plain role `purchasing_app` (as `npm run db:app-role -w api` does), then filled with
 * set-based SQL as the administrator (BENCH_PG_ADMIN_URL). Triggers stay enabled, so whatever the
 * migrations maintain with them (counters, denormalised columns) sees the load. The bulk tables'
 * secondary indexes and foreign keys are dropped first and put back afterwards from their own
 * definitions (pg_get_indexdef, pg_get_constraintdef): one sort per index and one anti-join per key
 * instead of a B-tree insertion and a referential lookup per row, several times faster, and every key
 * and unique rule is still checked against the whole data set when it comes back. Every user's password is `Password123!`;
 * the accounts the benchmark signs in with are written to `api/.data/scale/<database>.json`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { grantAppRole } from '../../src/db/app-role.js';
import { PACK_ALL_CELLS } from '../../src/db/migrations/2026.11.29T01.10.00.cycle-time-packed-months.js';
import { migrateUp } from '../../src/db/migrator.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { createSequelize } from '../../src/db/sequelize.js';
import { hashPassword } from '../../src/lib/password.js';
import { adminUrl } from '../harness.js';
import { type ScaleUsers, scaleUsersFile } from './accounts.js';
import { insertReference, insertWorkTables } from './generate-reference.js';
import {
  AUDIT_CHAIN_OFF,
  AUDIT_CHAIN_ON,
  INSERT_AUDIT,
  INSERT_AUDIT_CHAIN,
  INSERT_BUDGETS,
  INSERT_LINES,
  INSERT_NUMBER_SEQUENCES,
  INSERT_PO_LINES,
  INSERT_PURCHASE_ORDERS,
  INSERT_REQUISITIONS,
  INSERT_STEPS,
  PLAN_SQL,
  RECEIPT_SQL,
} from './generate-sql.js';
import { buildLayout } from './layout.js';

/** Tables whose secondary indexes are rebuilt after the load instead of maintained during it. */
const BULK_TABLES = [
  'requisitions',
  'requisition_line_items',
  'approval_steps',
  'purchase_orders',
  'po_line_items',
  'audit_logs',
];

function options() {
  const { values } = parseArgs({
    options: {
      requisitions: { type: 'string', default: '1000000' },
      organizations: { type: 'string', default: '100' },
      'per-org': { type: 'string', default: '1000' },
      database: { type: 'string', default: 'purchasing_scale' },
      fresh: { type: 'boolean', default: false },
      'no-audit': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const database = values.database;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`not a plain database name: ${database}`);
  const number = (name: 'requisitions' | 'organizations' | 'per-org', min: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return value;
  };
  return {
    requisitions: number('requisitions', 100),
    organizations: number('organizations', 1),
    perOrg: number('per-org', 0),
    database,
    fresh: values.fresh,
    audit: !values['no-audit'],
  };
}

const started = Date.now();
let phaseStart = started;
const timings: [string, number][] = [];

/** Runs a phase and prints how long it took. */
async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const result = await work();
  const seconds = (Date.now() - phaseStart) / 1000;
  phaseStart = Date.now();
  timings.push([name, seconds]);
  console.info(`[scale] ${name}: ${seconds.toFixed(1)} s`);
  return result;
}

/** A session tuned for a bulk load (memory for sorts and index builds; no wait for WAL flushes). */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB';
                      SET max_parallel_maintenance_workers = 1; SELECT setseed(0.12)`);
  return client;
}

/** Drops the non-constraint indexes of the bulk tables and answers their definitions. */
async function dropSecondaryIndexes(client: pg.Client): Promise<{ table: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; table: string; definition: string }>(
    `SELECT ci.relname AS name, c.relname AS table, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ci ON ci.oid = i.indexrelid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
        -- Indexes behind a primary key, a unique constraint or a foreign key stay, and so does the
        -- plain index on id alone: the child tables' triggers find their parent's organisation by
        -- it (with the primary key on (organization_id, id), without it each line item read every
        -- requisition: the load ran for over half an hour before it was noticed).
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        AND pg_get_indexdef(i.indexrelid) NOT LIKE '% USING btree (id)'`,
    [BULK_TABLES],
  );
  for (const row of rows) await client.query(`DROP INDEX public.${pg.escapeIdentifier(row.name)}`);
  return rows;
}

/** Drops the foreign keys the bulk tables hold and answers their definitions. */
async function dropForeignKeys(
  client: pg.Client,
): Promise<{ table: string; name: string; definition: string }[]> {
  const { rows } = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
      WHERE k.contype = 'f' AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)`,
    [BULK_TABLES],
  );
  for (const row of rows) {
    await client.query(
      `ALTER TABLE public.${pg.escapeIdentifier(row.table)} DROP CONSTRAINT ${pg.escapeIdentifier(row.name)}`,
    );
  }
  return rows;
}

async function main(): Promise<void> {
  const opts = options();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
  if (exists.rowCount && !opts.fresh) {
    throw new Error(`database ${opts.database} exists: pass --fresh to drop and recreate it`);
  }
  const layout = buildLayout(opts);
  const total = opts.requisitions + opts.perOrg * (opts.organizations - 1);
  console.info(
    `[scale] ${opts.database}: ${opts.organizations} organisations, ${opts.requisitions} requisitions in the large one, ${opts.perOrg} in each other (${total} in all), ${layout.users.length} users`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${opts.database}`;
  await phase('create and migrate', async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${opts.database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${opts.database}`);
    const sequelize = createSequelize(url.toString(), { poolMax: 1 });
    try {
      await migrateUp(sequelize);
      await grantAppRole(sequelize, 'purchasing_app', { login: true });
    } finally {
      await sequelize.close();
    }
  });
  await admin.end();

  const a = await connect(url.toString());
  const b = await connect(url.toString());
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await phase('organisations, people, catalogue', async () => {
      await a.query('DROP SCHEMA IF EXISTS scale_work CASCADE; CREATE SCHEMA scale_work');
      await insertReference(a, layout, passwordHash);
      await insertWorkTables(a, layout);
    });
    const [dropped, keys] = await phase(
      'drop secondary indexes and foreign keys',
      async () => [await dropSecondaryIndexes(a), await dropForeignKeys(a)] as const,
    );
    await phase('plan (work tables)', async () => {
      for (const sql of PLAN_SQL) {
        const t = Date.now();
        await a.query(sql);
        // Planner statistics of each work table, for the joins of the next one.
        const table = /CREATE UNLOGGED TABLE (\S+)/.exec(sql)![1]!;
        await a.query(`ANALYZE ${table}`);
        console.info(`[scale]   ${table}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
    });
    await phase('requisitions', () => a.query(INSERT_REQUISITIONS));
    // Two connections from here on: lines and steps, then orders and the audit trail, side by side.
    await phase('lines ‖ approval steps', () => Promise.all([a.query(INSERT_LINES), b.query(INSERT_STEPS)]));
    await phase('purchase orders and lines ‖ numbering, budgets, audit', () =>
      Promise.all([
        a.query(INSERT_PURCHASE_ORDERS).then(() => a.query(INSERT_PO_LINES)),
        b.query(INSERT_BUDGETS).then(async () => {
          if (!opts.audit) return;
          await b.query(AUDIT_CHAIN_OFF);
          await b.query(INSERT_AUDIT);
          await b.query(AUDIT_CHAIN_ON);
        }),
      ]),
    );
    await a.query('DROP SCHEMA scale_work CASCADE');
    await phase('number sequences', () => a.query(INSERT_NUMBER_SEQUENCES));
    await phase(`rebuild ${dropped.length} indexes`, async () => {
      const queue = [...dropped];
      const worker = async (client: pg.Client) => {
        for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.definition);
      };
      await Promise.all([worker(a), worker(b)]);
    });
    if (opts.audit) await phase('history chain', () => a.query(INSERT_AUDIT_CHAIN));
    await phase('receipts', async () => {
      // Planner statistics of the freshly filled tables first: without them the receipts' joins were
      // planned for a few hundred orders and ran as nested loops (one statement over 8 minutes at 1M).
      await a.query('ANALYZE requisitions, purchase_orders, po_line_items, po_receipts');
      for (const [i, sql] of RECEIPT_SQL.entries()) {
        const t = Date.now();
        const result = await a.query(sql);
        if (result.rowCount) await a.query('ANALYZE po_receipts, po_receipt_lines');
        console.info(
          `[scale]   receipts ${i + 1}/${RECEIPT_SQL.length}: ${result.rowCount ?? 0} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`,
        );
      }
    });
    // One at a time: adding a foreign key locks both tables, and two at once could wait on each other.
    await phase(`restore ${keys.length} foreign keys`, async () => {
      for (const key of keys) {
        await a.query(
          `ALTER TABLE public.${pg.escapeIdentifier(key.table)} ADD CONSTRAINT ${pg.escapeIdentifier(key.name)} ${key.definition}`,
        );
      }
    });
    // The approval cycle time's cells packed into months, as the API's fold job keeps them.
    await phase('cycle time months packed', () => a.query(PACK_ALL_CELLS));
    await phase('vacuum analyze', async () => {
      const tables = [...BULK_TABLES];
      const worker = async (client: pg.Client) => {
        for (let next = tables.shift(); next; next = tables.shift())
          await client.query(`VACUUM ANALYZE ${next}`);
      };
      await Promise.all([worker(a), worker(b)]);
      await a.query('VACUUM ANALYZE');
    });
    const summary = await report(a, layout, opts);
    const file = scaleUsersFile(opts.database);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
    console.info(
      `[scale] bench accounts (password ${DEMO_PASSWORD}) written to ${path.relative(process.cwd(), file)}:`,
    );
    for (const [label, user] of Object.entries(summary.users))
      console.info(`  ${label.padEnd(8)} ${user.email}`);
    console.info(`  organization ${summary.organization.id} (${summary.organization.name})`);
  } finally {
    await a.end();
    await b.end();
  }
  console.info(
    `[scale] done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${timings.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}`,
  );
}

/** Prints row counts and the busy manager's queue, and answers the bench accounts. */
async function report(
  client: pg.Client,
  layout: ReturnType<typeof buildLayout>,
  opts: ReturnType<typeof options>,
): Promise<ScaleUsers> {
  const large = layout.orgs[0]!;
  const members = layout.users.filter((u) => u.orgIdx === 0);
  const first = (predicate: (u: (typeof members)[number]) => boolean) => {
    const user = members.find(predicate)!;
    return { email: user.email, id: user.id };
  };
  const users = {
    admin: first((u) => u.role === 'Super Admin'),
    manager: first((u) => u.role === 'Manager'),
    user: first((u) => u.busyTeam && !u.submitter),
    finance: first((u) => u.role === 'Finance Manager'),
    submitter: first((u) => u.submitter),
  };
  const { rows } = await client.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM requisitions) AS requisitions,
            (SELECT count(*) FROM requisition_line_items) AS lines,
            (SELECT count(*) FROM approval_steps) AS steps,
            (SELECT count(*) FROM approval_steps WHERE action IS NULL) AS open_steps,
            (SELECT count(*) FROM purchase_orders) AS purchase_orders,
            (SELECT count(*) FROM po_line_items) AS po_lines,
            (SELECT count(*) FROM audit_logs) AS audit_rows,
            (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM approval_steps WHERE action IS NULL AND approver_id = $1) AS busy_pending,
            pg_size_pretty(pg_database_size(current_database())) AS size`,
    [users.manager.id],
  );
  console.info(`[scale] rows: ${JSON.stringify(rows[0])}`);
  return {
    database: opts.database,
    generated_at: new Date().toISOString(),
    password: DEMO_PASSWORD,
    organization: { id: large.id, name: large.name, requisitions: opts.requisitions },
    users,
  };
}

main().catch((error: unknown) => {
  console.error('[scale] failed:', error);
  process.exit(1);
});
