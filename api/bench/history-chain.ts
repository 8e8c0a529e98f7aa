/**
 * The history chain's cost, row trigger against statement trigger (docs/benchmarks.md "History chain
 * in one statement"). On a database of its own, migrated to the end, it times for each mode:
 * - one `INSERT … SELECT` of N requisition rows of `audit_logs` (one new organisation per N, so each
 *   chain starts empty), for every N of CHAIN_SIZES;
 * - CHAIN_SINGLE single-row inserts, one statement and transaction each, of requisition rows (chained)
 *   and of user rows (not chained), the per-statement cost the app pays (EXPLAIN ANALYZE's medians).
 * Mode `row` is migration `2026.11.27T10.20.00.history-chain`'s row trigger (this branch's migration
 * reverted), mode `statement` this branch's. Then it checks each chain (numbering, head).
 *
 *   node --import tsx bench/history-chain.ts                      # both modes, 10k 20k 40k
 *   CHAIN_SIZES=10000,20000,40000,80000 CHAIN_MODES=statement node --import tsx bench/history-chain.ts
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDown, migrateUp } from '../src/db/migrator.js';
import { createSequelize } from '../src/db/sequelize.js';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sizes = (process.env.CHAIN_SIZES ?? '10000,20000,40000').split(',').map(Number);
const modes = (process.env.CHAIN_MODES ?? 'row,statement').split(',') as ('row' | 'statement')[];
const singles = Number(process.env.CHAIN_SINGLE ?? 2000);
const STATEMENT_MIGRATION = '2026.11.28T05.00.00.history-chain-per-statement';

const name = `purchasing_chain_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const sequelize = createSequelize(url.toString(), { poolMax: 1 });
const db = new pg.Client({ connectionString: url.toString() });

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

async function organization(code: string): Promise<string> {
  const { rows } = await db.query(`INSERT INTO organizations (name, code) VALUES ($1, $1) RETURNING id`, [
    code,
  ]);
  return rows[0].id;
}

/** One statement of `n` requisition rows in one organisation; answers the seconds it took. */
async function bulk(n: number, code: string): Promise<number> {
  const org = await organization(code);
  const start = process.hrtime.bigint();
  await db.query(
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, comment,
                             created_at)
     SELECT $1, 'requisition', gen_random_uuid(), 'submit', 'draft', 'submitted', 'Entry ' || g,
            timestamptz '2026-01-01 00:00:00Z' + g * interval '1 millisecond'
       FROM generate_series(1, $2) g`,
    [org, n],
  );
  const elapsed = seconds(start);
  const { rows } = await db.query(
    `SELECT count(*)::int AS n, max(sequence)::int AS last,
            (SELECT last_sequence::int FROM audit_chain_heads WHERE organization_id = $1) AS head
       FROM audit_chain_entries WHERE organization_id = $1`,
    [org],
  );
  if (rows[0].n !== n || rows[0].last !== n || rows[0].head !== n)
    throw new Error(`chain of ${code}: ${JSON.stringify(rows[0])}`);
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * `count` single-row inserts of `entityType`, each its own statement and transaction, under EXPLAIN
 * ANALYZE: the medians of the statement's execution time and of its chain trigger's time, in ms (the
 * server's clocks, so neither the client nor the network is in them).
 */
async function single(
  count: number,
  code: string,
  entityType: string,
): Promise<{ total: number; trigger: number }> {
  const org = await organization(code);
  const totals: number[] = [];
  const triggers: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { rows } = await db.query(
      `EXPLAIN (ANALYZE, FORMAT JSON)
       INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, to_status, created_at)
       VALUES ($1, $2, gen_random_uuid(), 'submit', 'submitted', clock_timestamp())`,
      [org, entityType],
    );
    const plan = rows[0]['QUERY PLAN'][0] as {
      'Execution Time': number;
      Triggers?: { 'Trigger Name': string; Time: number }[];
    };
    totals.push(plan['Execution Time']);
    triggers.push(plan.Triggers?.find((t) => t['Trigger Name'] === 'audit_logs_chain')?.Time ?? 0);
  }
  return { total: median(totals), trigger: median(triggers) };
}

try {
  await migrateUp(sequelize);
  await db.connect();
  // Single-row timings without the commit's WAL flush, which would swamp them on a shared disk.
  await db.query('SET synchronous_commit = off');
  console.info(`database ${name}; sizes ${sizes.join(', ')}; ${singles} single-row inserts`);
  for (const mode of modes) {
    if (mode === 'row') await migrateDown(sequelize, { to: STATEMENT_MIGRATION });
    else await migrateUp(sequelize);
    const { rows } = await db.query(
      `SELECT action_orientation FROM information_schema.triggers WHERE trigger_name = 'audit_logs_chain'`,
    );
    console.info(`\nmode ${mode} (trigger FOR EACH ${rows[0].action_orientation})`);
    for (const n of sizes) {
      const s = await bulk(n, `B${mode[0]!.toUpperCase()}${n}`);
      console.info(
        `  one INSERT … SELECT of ${n} requisition rows: ${s.toFixed(2)} s (${((s / n) * 1e6).toFixed(0)} µs/row)`,
      );
    }
    const chained = await single(singles, `S${mode[0]!.toUpperCase()}R`, 'requisition');
    const unchained = await single(singles, `S${mode[0]!.toUpperCase()}U`, 'user');
    console.info(
      `  single-row INSERT (median of ${singles}, ms, statement / of it the chain trigger): ` +
        `requisition ${chained.total.toFixed(3)} / ${chained.trigger.toFixed(3)}, ` +
        `user ${unchained.total.toFixed(3)} / ${unchained.trigger.toFixed(3)}`,
    );
  }
} finally {
  await db.end().catch(() => {});
  await sequelize.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
