/**
 * A canonical dump of what the demo seed writes, to prove that a change to the seed (or to its
 * fixtures in `src/db/demo/`) changed no data. Against an EMPTY database it migrates, seeds with a
 * fixed clock, then prints every table's rows with ids replaced by natural keys (`user:admin@acme.test`,
 * `req:ACME/REQ-2025-00003`), timestamps written relative to the seed's clock, wall-clock stamps
 * (written at seeding time, e.g. `created_at DEFAULT now()`) as `@seed-run`, password hashes as
 * whether they verify the demo password, uuid arrays sorted, and the counters' deltas summed per key. Two seeds of the same data print the same text.
 *
 *   psql -h 127.0.0.1 -U postgres -c 'create database hs_fp_a'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hs_fp_a \
 *     node --import tsx api/scripts/seed-fingerprint.ts [--now 2025-06-18T09:30:00Z] [--out a.txt]
 *   # …the same into hs_fp_b after a change, then: diff a.txt b.txt (or compare the printed sha256)
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateUp } from '../src/db/migrator.js';
import { initModels } from '../src/db/models/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/db/seed.js';
import { createSequelize } from '../src/db/sequelize.js';
import { verifyPassword } from '../src/lib/password.js';

type Row = Record<string, unknown>;

const DAY = 86_400_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** How each table's rows are named, from columns whose uuids are already named (tables in order). */
const NATURAL_KEYS: [table: string, key: (row: Row, ref: (id: unknown) => string) => string][] = [
  ['organizations', (r) => `org:${r.code}`],
  ['users', (r) => `user:${r.email}`],
  ['permissions', (r) => `perm:${r.name}`],
  ['roles', (r, ref) => `role:${ref(r.organization_id)}/${r.name}`],
  ['departments', (r, ref) => `dept:${ref(r.organization_id)}/${r.code}`],
  ['user_organizations', (r, ref) => `member:${ref(r.user_id)}@${ref(r.organization_id)}`],
  ['cost_centers', (r, ref) => `cc:${ref(r.organization_id)}/${r.code}`],
  ['budgets', (r, ref) => `budget:${ref(r.cost_center_id)}/${r.fiscal_year}`],
  ['gl_accounts', (r, ref) => `gl:${ref(r.organization_id)}/${r.code}`],
  ['vendors', (r, ref) => `vendor:${ref(r.organization_id)}/${r.name}`],
  ['products', (r, ref) => `product:${ref(r.organization_id)}/${r.sku}`],
  ['exchange_rates', (r, ref) => `rate:${ref(r.organization_id)}/${r.currency}/${r.effective_from}`],
  ['requisitions', (r, ref) => `req:${ref(r.organization_id)}/${r.requisition_number}`],
  ['requisition_line_items', (r, ref) => `${ref(r.requisition_id)}#${r.position}`],
  ['approval_steps', (r, ref) => `step:${ref(r.requisition_id)}/r${r.round}/l${r.approval_level}`],
  ['purchase_orders', (r, ref) => `po:${ref(r.organization_id)}/${r.po_number}`],
  ['po_line_items', (r, ref) => `${ref(r.purchase_order_id)}#${r.position}`],
];

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Row).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

function relative(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const abs = Math.abs(ms);
  const days = Math.floor(abs / DAY);
  const clock = new Date(abs % DAY).toISOString().slice(11, 23);
  return `now${sign}${days}d${clock}`;
}

/** The canonical dump of every table of the database at `url`, seeded at `now` between `run`. */
export async function fingerprint(url: string, now: Date, run: [Date, Date]): Promise<string> {
  // Dates as text (not local midnights); everything else as pg parses it (timestamptz → Date).
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 1082
          ? (text: string) => text
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'
          ORDER BY 1`,
      )
    ).rows.map((row) => row.name);
    const data: Record<string, Row[]> = {};
    for (const table of tables) {
      // The counters' deltas are a log whose rows are merged at times: only their sums are data.
      const sql =
        table === 'counter_deltas'
          ? 'SELECT organization_id, key, sum(n) AS n FROM counter_deltas GROUP BY 1, 2 HAVING sum(n) <> 0'
          : `SELECT * FROM "${table}"`;
      data[table] = (await client.query(sql)).rows;
    }

    const names = new Map<string, string>();
    const ref = (id: unknown) => (id == null ? String(id) : (names.get(String(id)) ?? `?${id}`));
    for (const [table, key] of NATURAL_KEYS) {
      for (const row of data[table] ?? []) {
        const name = key(row, ref);
        if ([...names.values()].includes(name)) throw new Error(`natural key not unique: ${name}`);
        names.set(String(row.id), name);
      }
    }
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const lines: string[] = [];
    for (const table of tables) {
      const rows: string[] = [];
      for (const row of data[table]!) {
        const out: Row = {};
        for (const [column, value] of Object.entries(row)) {
          if (value instanceof Date) {
            const at = value.getTime();
            out[column] =
              at >= run[0].getTime() - 2000 && at <= run[1].getTime() + 2000
                ? '@seed-run'
                : relative(at - now.getTime());
          } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
            const days = (Date.parse(`${value}T00:00:00Z`) - today) / DAY;
            out[column] = `today${days < 0 ? '' : '+'}${days}d`;
          } else if (Array.isArray(value)) {
            // uuid arrays (excluded_user_ids) are sets: their order is the uuids' order.
            out[column] = value.map((item) => String(item).replace(UUID, (id) => ref(id))).sort();
          } else if (column === 'password_hash' && typeof value === 'string') {
            out[column] = `verifies the demo password: ${await verifyPassword(value, DEMO_PASSWORD)}`;
          } else {
            out[column] = value;
          }
        }
        if (typeof out.id === 'string' && names.has(out.id)) out.id = `=${names.get(out.id)}`;
        else if (typeof out.id === 'string') delete out.id; // a row nothing refers to by a natural key
        rows.push(canonical(out).replace(UUID, (id) => ref(id)));
      }
      rows.sort();
      lines.push(`## ${table} (${rows.length})`, ...rows);
    }
    return `${lines.join('\n')}\n`;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { now: { type: 'string' }, out: { type: 'string' } } });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to an empty database');
  const now = new Date(values.now ?? '2025-06-18T09:30:00Z');
  const sequelize = createSequelize(url, { poolMax: 2 });
  const started = new Date();
  try {
    await migrateUp(sequelize);
    const { seeded } = await seedDemoData(sequelize, initModels(sequelize), { now });
    if (!seeded) throw new Error('the database already holds the demo data: use an empty one');
  } finally {
    await sequelize.close();
  }
  const text = await fingerprint(url, now, [started, new Date()]);
  if (values.out) writeFileSync(values.out, text);
  const unnamed = text.match(/\?[0-9a-f]{8}-/g)?.length ?? 0;
  console.info(
    `seed fingerprint at ${now.toISOString()}: sha256 ${createHash('sha256').update(text).digest('hex')}` +
      ` (${text.split('\n').length - 1} lines${unnamed ? `, ${unnamed} uuids without a natural key` : ''})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
