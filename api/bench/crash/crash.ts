/**
 * Crash safety, measured (issue 13, item 4): a burst of creates, submissions, approvals, rejections
 * and purchase orders from several writers against the compiled API, which is killed with SIGKILL at
 * random moments mid-burst and started again; then every acknowledged write is diffed against the
 * database (verify.ts). Exits 1 when anything acknowledged is lost, anything is applied twice, or
 * anything is half-written.
 *
 *   npm run crash-test -- --database crash_pg             # PostgreSQL: creates, seeds, drops the database
 *   npm run crash-test -- --embedded                      # the embedded PGlite database in a temporary DATA_DIR
 *   options: --writers 8 --kills 3 --seconds 30 --port 4689 --keep --json result.json
 *            --idempotency auto|on|off (auto: on when openapi.yaml declares Idempotency-Key)
 *
 * PostgreSQL is reached as CRASH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * the API runs as the plain role purchasing_app there (row-level security applies), as in production.
 * When `openapi.yaml` declares an `Idempotency-Key` header, each logical write carries one and the
 * writes whose connection died are sent again with it after the restart (writers.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openEmbeddedPglite } from '../../src/db/embedded.js';
import { ApiProcess } from './server.js';
import { formatByCode, type Query, type Verdict, verify } from './verify.js';
import { Load } from './writers.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const repoRoot = path.resolve(apiRoot, '..');

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    embedded: { type: 'boolean', default: false },
    writers: { type: 'string', default: '8' },
    kills: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: process.env.CRASH_PORT ?? '4689' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    idempotency: { type: 'string', default: 'auto' },
  },
});
if (!args.database === !args.embedded) {
  console.error(
    'usage: crash.ts (--database <name> | --embedded) [--writers N] [--kills N] [--seconds S] [--keep] [--json file] [--idempotency auto|on|off]',
  );
  process.exit(2);
}
if (!['auto', 'on', 'off'].includes(args.idempotency!)) {
  console.error('--idempotency: auto, on or off');
  process.exit(2);
}
if (args.database && !/^[a-z_][a-z0-9_]*$/.test(args.database)) {
  console.error('--database: a plain lower-case name (letters, digits, underscores)');
  process.exit(2);
}
const writers = Number(args.writers);
const kills = Number(args.kills);
const seconds = Number(args.seconds);
const port = Number(args.port);
const adminUrl = process.env.CRASH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO_PASSWORD = 'Password123!';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Durability settings the figures depend on. */
const SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method'];

/** How the run reaches its database: the server's environment, a reader for the diff, cleanup. */
interface Target {
  label: string;
  env: NodeJS.ProcessEnv;
  /** Opens a direct connection (after the API is dead, for the embedded database). */
  open(): Promise<{ query: Query; close(): Promise<void> }>;
  dispose(): Promise<void>;
}

function runCli(args: string[], env: NodeJS.ProcessEnv): void {
  execFileSync(process.execPath, [path.join('dist', 'cli.js'), ...args], {
    cwd: apiRoot,
    env,
    stdio: 'pipe',
  });
}

async function postgresTarget(name: string, keep: boolean): Promise<Target> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const { rowCount: roleExists } = await admin.query(
    `SELECT 1 FROM pg_roles WHERE rolname = 'purchasing_app'`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  // Migrate and seed the demo data as the owner; the API grants the plain role it switches to
  // (DATABASE_ROLE) row access at its start, once the role exists.
  runCli(['seed'], { ...process.env, ...env, NODE_ENV: 'production' });
  if (!roleExists) runCli(['app-role', 'purchasing_app'], { ...process.env, ...env, NODE_ENV: 'production' });
  return {
    label: `PostgreSQL (${name})`,
    env: { ...env, DATABASE_ROLE: 'purchasing_app' },
    async open() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return {
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
        close: () => client.end(),
      };
    },
    async dispose() {
      if (keep) return console.info(`kept the database ${name}`);
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

async function embeddedTarget(keep: boolean): Promise<Target> {
  const root = await mkdtemp(path.join(tmpdir(), 'crash-embedded-'));
  const dataDir = path.join(root, 'pglite');
  return {
    label: 'embedded PGlite',
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    async open() {
      // The same files the killed server used, opened the way the server opens them (recovery runs here).
      const db = await openEmbeddedPglite(dataDir);
      return {
        query: async (sql, params) =>
          (await db.query<Record<string, unknown>>(sql, params as unknown[])).rows,
        close: () => db.close(),
      };
    },
    async dispose() {
      if (keep) return console.info(`kept the embedded database in ${dataDir}`);
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Kills the server `kills` times, each at a random moment of its share of the burst, and restarts
 * it; each restart's downtime is added to the burst, so the writers get `seconds` of a running server.
 */
async function killer(api: ApiProcess, clock: { until: number }): Promise<number> {
  const start = performance.now();
  const share = (clock.until - start) / (kills + 1);
  let downtime = 0;
  for (let i = 0; i < kills; i++) {
    const at = start + downtime + share * (i + 0.6 + Math.random() * 0.8);
    await sleep(Math.max(0, at - performance.now()));
    const down = performance.now();
    await api.kill();
    await api.restart();
    downtime += performance.now() - down;
    clock.until += performance.now() - down;
  }
  return kills;
}

function report(target: Target, verdict: Verdict, run: Record<string, number | string | boolean>): void {
  const list = (title: string, items: string[]) => {
    if (!items.length) return;
    console.info(`\n${title} (${items.length}):`);
    for (const item of items.slice(0, 20)) console.info(`  - ${item}`);
    if (items.length > 20) console.info(`  … and ${items.length - 20} more`);
  };
  list('LOST', verdict.lost);
  list('DUPLICATED', verdict.duplicated);
  list('HALF-WRITTEN', verdict.halfWritten);
  const ops = Object.entries(verdict.byOperation)
    .map(([op, n]) => `${op} ${n.ack}${n.inDoubt ? ` (+${n.inDoubt} in doubt)` : ''}`)
    .join(', ');
  console.info(
    `\n${target.label}: ${run.writers} writers, ${run.seconds} s, ${run.kills} SIGKILLs (restarts ${run.restarts})`,
  );
  console.info(`acknowledged by operation: ${ops}`);
  console.info(
    `durability settings: ${run.settings}; idempotency keys: ${run.idempotent ? 'yes (in-doubt writes retried)' : 'no (in-doubt writes left)'}`,
  );
  console.info(
    '\n| database | writes acknowledged | refused (4xx) | 5xx | in doubt (applied) | retried with key | lost | duplicated | half-written |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  console.info(
    `| ${target.label} | ${verdict.acknowledged} | ${verdict.refused} | ${verdict.errors} | ${verdict.inDoubt} (${verdict.inDoubtApplied}) | ${verdict.retried} | ${verdict.lost.length} | ${verdict.duplicated.length} | ${verdict.halfWritten.length} |`,
  );
  // Refusals are allowed outcomes (a retry meeting its first attempt's live claim, a step another
  // approver closed…); their codes say which, so a new kind of refusal shows in the report.
  console.info(`refused (4xx) by status and code: ${formatByCode(verdict.refusedByCode)}`);
  if (verdict.errors) console.info(`5xx by status and code: ${formatByCode(verdict.errorsByCode)}`);
  console.info(
    `requisition numbers left unused by cut-off creates (allowed, docs/decisions.md): ${verdict.requisitionNumberGaps}`,
  );
}

/** The latest modification time of the files under `folder`. */
function newestSource(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) => Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

async function main(): Promise<number> {
  const began = performance.now();
  const phase = (name: string) =>
    console.info(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${name}`);
  const built = path.join(apiRoot, 'dist', 'start.js');
  if (!existsSync(built) || newestSource(path.join(apiRoot, 'src')) > statSync(built).mtimeMs) {
    console.info('api/dist is missing or older than api/src: npm run build:api');
    execFileSync('npm', ['run', 'build:api', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  }
  // Retries with an Idempotency-Key only when the contract declares the header (or --idempotency on:
  // against a server that ignores the header, the diff must then find the retries' duplicates).
  const declared = /Idempotency-Key/i.test(readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8'));
  const idempotent = args.idempotency === 'auto' ? declared : args.idempotency === 'on';
  const target = args.embedded
    ? await embeddedTarget(args.keep)
    : await postgresTarget(args.database!, args.keep);
  phase(`${target.label} ready`);
  const logFile = path.join(tmpdir(), `crash-api-${port}.log`);
  writeFileSync(logFile, '');
  const api = new ApiProcess({
    apiRoot,
    port,
    logFile,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Fixed for the run, so that the writers' access tokens stay valid across restarts.
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
  });
  try {
    console.info(
      `starting the API on ${target.label} (first start migrates${args.embedded ? ' and seeds' : ''})…`,
    );
    await api.start();
    phase('the API answers');
    const runTag = `crash-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const load = new Load({ api, writers, runTag, idempotent, password: DEMO_PASSWORD });
    await load.prepare();
    const clock = { until: performance.now() + seconds * 1000 };
    const [result, killed] = await Promise.all([load.run(clock), killer(api, clock)]);
    phase(`burst over: ${result.writes.length} writes logged`);
    // The last kill: whatever was acknowledged must survive it too (the diff reads the files it left).
    await api.close();
    const db = await target.open();
    let verdict: Verdict;
    let settings: string;
    try {
      verdict = await verify(db.query, result.writes, runTag);
      const shown = await db.query(
        `SELECT name, setting FROM pg_settings WHERE name = ANY($1) ORDER BY name`,
        [SETTINGS],
      );
      settings = shown.map((row) => `${row.name}=${row.setting}`).join(', ');
    } finally {
      await db.close();
    }
    const run = {
      database: target.label,
      writers,
      seconds,
      kills: killed,
      restarts: api.restartMs.map((ms) => `${Math.round(ms)} ms`).join(', ') || 'none',
      settings,
      idempotent,
      chains: result.chains,
      notSent: result.notSent,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    };
    report(target, verdict, run);
    if (args.json) writeFileSync(args.json, `${JSON.stringify({ run, verdict }, null, 2)}\n`);
    const failed = verdict.lost.length + verdict.duplicated.length + verdict.halfWritten.length;
    if (verdict.acknowledged === 0) {
      console.error('nothing was acknowledged: nothing was measured');
      return 1;
    }
    return failed ? 1 : 0;
  } finally {
    await api.close().catch(() => undefined);
    await target.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
