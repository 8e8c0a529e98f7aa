/**
 * Scale benchmark (issue 12): the API as its own process in production mode on a generated database
 * (generate.ts), connected as the plain role `purchasing_app` (row-level security applies), each hot
 * path driven by autocannon on loopback, and beside each read its SQL floor: the same statements
 * replayed by pgbench at the same concurrency (floor.ts).
 *
 *   npm run bench:scale:run -w api -- --database purchasing_scale [--seconds 5] [--connections 10]
 *        [--writers 50] [--only word,word] [--no-writes] [--no-floor] [--strict] [--port 4620]
 *
 * Prints one markdown table with the date, the machine's load and the row counts; exits 1 when any
 * answer was not 2xx, and (with --strict) when a target of the issue is missed: reads ≥ 1,000 req/s,
 * p99 ≤ 50 ms and at least half their SQL floor; writes p95 ≤ 50 ms.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminUrl, apiRoot, withBenchApi } from '../harness.js';
import { type ScaleUsers, scaleUsersFile } from './accounts.js';
import { type FloorResult, pgbenchFloor, startCapture } from './floor.js';
import {
  cursorForPage,
  cursorParameter,
  type ReadScenario,
  readScenarioData,
  readScenarios,
  type ScenarioData,
} from './scenarios.js';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'purchasing_scale' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    writers: { type: 'string', default: '50' },
    port: { type: 'string', default: '4620' },
    only: { type: 'string', default: '' },
    'no-writes': { type: 'boolean', default: false },
    'no-floor': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  },
  strict: true,
});
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const writers = Number(args.writers);
const only = args.only.split(',').filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

interface Row {
  name: string;
  kind: 'read' | 'write';
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx. */
  non2xx: number;
  /** Requests without an answer (timeouts, connection errors): their latency is not in the percentiles. */
  errors: number;
  floor: FloorResult | null;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/** Runs autocannon and measures every response's latency itself (autocannon reports no p95). */
function cannon(options: autocannon.Options): Promise<Omit<Row, 'name' | 'kind' | 'floor'>> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      latencies.sort((x, y) => x - y);
      resolve({
        rps: result.requests.total / result.duration,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
    });
  });
}

/**
 * Waits until no statement of the application role is running: autocannon stops at its deadline,
 * but PostgreSQL finishes the queries of requests it abandoned, and they would weigh on the next
 * measurement.
 */
async function untilIdle(db: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt++) {
    const { rows } = await db.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = $1 AND usename = 'purchasing_app' AND state = 'active'`,
      [database],
    );
    if (rows[0]?.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const users = JSON.parse(await readFile(scaleUsersFile(args.database), 'utf8')) as ScaleUsers;
  const adminDbUrl = new URL(adminUrl);
  adminDbUrl.pathname = `/${args.database}`;
  const db = new pg.Client({ connectionString: adminDbUrl.toString() });
  await db.connect();
  const data = await readScenarioData(db, users);
  const loadBefore = loadavg();
  const rows: Row[] = [];

  await withBenchApi(
    {
      name: 'scale',
      port: Number(args.port),
      role: 'purchasing_app',
      database: args.database,
      env: { ACCESS_TOKEN_TTL_SECONDS: '7200' },
    },
    async ({ base, databaseUrl, signIn }) => {
      const sessions = Object.fromEntries(
        await Promise.all(
          Object.entries(users.users).map(async ([role, user]) => [
            role,
            await signIn(user.email, users.password),
          ]),
        ),
      ) as Record<keyof ScaleUsers['users'], { token: string; organizationId: string }>;
      const headersOf = (user: keyof ScaleUsers['users']) => ({
        authorization: `Bearer ${sessions[user].token}`,
        'x-organization-id': sessions[user].organizationId,
        'content-type': 'application/json',
      });
      const scenarios: ReadScenario[] = readScenarios(users, data);
      const parameter = await cursorParameter(path.resolve(apiRoot, '..', 'openapi.yaml'));
      const getJson = async (p: string) =>
        (await fetch(`${base}${p}`, { headers: headersOf('admin') })).json();
      const cursor = parameter ? await cursorForPage(getJson, parameter, 5000) : null;
      if (cursor) {
        console.info(`[bench] cursor of page 5,000 found in ${cursor.ms} ms (${cursor.walked} pages walked)`);
        scenarios.splice(3, 0, {
          name: 'list, page 5,000 by cursor',
          user: 'admin',
          path: `/api/requisitions?limit=10&${parameter}=${encodeURIComponent(cursor.cursor)}`,
        });
      } else console.info('[bench] no list cursor in the contract or the answer: page 5,000 by offset only');

      // A fresh process compiles its hot paths during its first requests: warm it up, unmeasured.
      await cannon({ url: `${base}/api/health`, connections, duration: 2 });
      const capture = args['no-floor'] ? null : await startCapture(databaseUrl, users.password);
      try {
        for (const scenario of scenarios.filter((s) => wanted(s.name))) {
          const first = await fetch(`${base}${scenario.path}`, { headers: headersOf(scenario.user) });
          await first.arrayBuffer();
          if (!first.ok) console.warn(`[bench] ${scenario.name}: a first request answered ${first.status}`);
          const measured = await cannon({
            url: `${base}${scenario.path}`,
            connections,
            duration: seconds,
            headers: headersOf(scenario.user),
          });
          await untilIdle(db, args.database);
          let floor: FloorResult | null = null;
          if (capture) {
            const { status, statements } = await capture.capture({
              name: scenario.name,
              email: users.users[scenario.user].email,
              path: scenario.path,
            });
            if (status >= 300)
              console.warn(`[floor] ${scenario.name}: the captured request answered ${status}`);
            floor = await pgbenchFloor(statements, {
              databaseUrl,
              clients: connections,
              seconds,
              name: scenario.name,
            });
          }
          rows.push({ name: scenario.name, kind: 'read', ...measured, floor });
          console.info(`[bench] ${scenario.name}: ${format(rows.at(-1)!)}`);
        }
      } finally {
        await capture?.stop();
      }

      if (!args['no-writes']) {
        for (const write of await writeScenarios(db, users, data)) {
          if (!wanted(write.name)) continue;
          const ids = write.ids ? await write.ids() : null;
          let next = 0;
          const measured = await cannon({
            url: base,
            connections: writers,
            duration: seconds,
            headers: headersOf(write.user),
            ...(ids ? { maxOverallRequests: Math.max(ids.length, writers) } : {}),
            requests: [
              {
                method: 'POST',
                path: write.path(''),
                ...(write.body ? { body: write.body } : {}),
                // Each request takes the next id: no two writers act on the same record.
                setupRequest: (request) =>
                  ids ? { ...request, path: write.path(ids[next++ % ids.length]!) } : request,
              },
            ],
          });
          await untilIdle(db, args.database);
          rows.push({ name: write.name, kind: 'write', ...measured, floor: null });
          console.info(`[bench] ${write.name}: ${format(rows.at(-1)!)}${ids ? ` (${ids.length} ids)` : ''}`);
        }
      }
    },
  );
  await db.end();
  report(rows, data, users, loadBefore);
}

interface WriteScenario {
  name: string;
  user: keyof ScaleUsers['users'];
  path: (id: string) => string;
  body?: string;
  ids?: () => Promise<string[]>;
}

/** Create, submit and approve; the last two each act on a distinct record per request. */
async function writeScenarios(
  db: pg.Client,
  users: ScaleUsers,
  data: ScenarioData,
): Promise<WriteScenario[]> {
  const cents = Math.round(Number(data.product.unit_price) * 100);
  const body = {
    cost_center_id: data.costCenterId,
    gl_account_id: data.glAccountId,
    category: 'standard',
    justification: 'Quarterly restock of printer toner for the print room.',
    line_items: [
      {
        product_id: data.product.id,
        description: data.product.name,
        quantity: 2,
        unit_price: cents / 100,
        unit_of_measure: data.product.unit_of_measure,
        tax_amount: Math.floor((2 * cents + 5) / 10) / 100,
      },
    ],
    submit: false,
  };
  const list = async (sql: string, values: unknown[]) =>
    (await db.query<{ id: string }>(sql, values)).rows.map((row) => row.id);
  return [
    {
      name: `create requisition (${writers} writers)`,
      user: 'submitter',
      path: () => '/api/requisitions',
      body: JSON.stringify(body),
    },
    {
      name: `submit (${writers} writers)`,
      user: 'submitter',
      path: (id) => `/api/requisitions/${id}/submit`,
      ids: () =>
        list(
          `SELECT id FROM requisitions WHERE organization_id = $1 AND requestor_id = $2 AND status = 'draft'
            ORDER BY created_at DESC LIMIT 20000`,
          [users.organization.id, users.users.submitter.id],
        ),
    },
    {
      name: `approve (${writers} writers)`,
      user: 'manager',
      path: (id) => `/api/approvals/${id}/approve`,
      body: JSON.stringify({ action: 'approve', comments: 'Within budget.' }),
      ids: () =>
        list(
          `SELECT s.requisition_id AS id FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
            WHERE s.organization_id = $1 AND s.action IS NULL AND s.approver_id = $2 AND r.status = 'under_review'
            ORDER BY s.created_at LIMIT 20000`,
          [users.organization.id, users.users.manager.id],
        ),
    },
  ];
}

const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-AU', { maximumFractionDigits: digits }) : '–';

function format(row: Row): string {
  const floor = row.floor ? `, floor ${fixed(row.floor.tps)} tps` : '';
  const errors = row.errors ? `, ${row.errors} unanswered` : '';
  return `${fixed(row.rps)} req/s, p50 ${fixed(row.p50, 1)} ms, p95 ${fixed(row.p95, 1)} ms, p99 ${fixed(row.p99, 1)} ms, non-2xx ${row.non2xx}${errors}${floor}`;
}

/** Which targets of the issue a row misses. */
function misses(row: Row): string[] {
  const missed: string[] = row.errors ? [`${row.errors} unanswered`] : [];
  if (row.kind === 'write') return row.p95 > 50 ? [...missed, 'p95 > 50 ms'] : missed;
  if (row.rps < 1000) missed.push('< 1,000 req/s');
  if (!(row.p99 <= 50)) missed.push('p99 > 50 ms');
  if (row.floor && !(row.rps / row.floor.tps >= 0.5)) missed.push('< 0.5× floor');
  return missed;
}

function report(rows: Row[], data: ScenarioData, users: ScaleUsers, loadBefore: number[]): void {
  const commit = (() => {
    try {
      const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: apiRoot }).toString().trim();
      const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: apiRoot })
        .toString()
        .trim();
      return `${head}${dirty ? ' (with uncommitted changes in api/src)' : ''}`;
    } catch {
      return 'unknown';
    }
  })();
  const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  console.info(`\n### ${users.database}: ${new Date().toISOString()}, commit ${commit}\n`);
  console.info(
    `${connections} connections for reads, ${writers} for writes, ${seconds} s each; API in production mode as purchasing_app; SQL floor: pgbench -n -M extended -c ${connections} -j 2 -T ${seconds} as purchasing_app.`,
  );
  console.info(
    `Load average before ${load(loadBefore)}, after ${load(loadavg())} (${availableParallelism()} cores).`,
  );
  console.info(
    `Rows: ${Object.entries(data.counts)
      .map(([k, v]) => `${k} ${Number(v).toLocaleString('en-AU')}`)
      .join(', ')}.\n`,
  );
  console.info(
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | SQL floor tps | floor avg ms | API/floor | target |',
  );
  console.info('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |');
  for (const row of rows) {
    const missed = misses(row);
    const floor = row.floor;
    const ratio =
      floor && Number.isFinite(floor.tps) && floor.tps > 0 ? `${(row.rps / floor.tps).toFixed(2)}×` : '–';
    console.info(
      `| ${row.name} | ${fixed(row.rps)} | ${fixed(row.p50, 1)} | ${fixed(row.p95, 1)} | ${fixed(row.p99, 1)} | ${row.non2xx} | ${floor ? fixed(floor.tps) : '–'} | ${floor ? fixed(floor.latencyMs, 1) : '–'} | ${ratio} | ${missed.length ? `FAIL (${missed.join(', ')})` : 'PASS'} |`,
    );
  }
  if (rows.some((row) => row.non2xx > 0)) {
    console.error(
      `Non-2xx answers: ${rows
        .filter((row) => row.non2xx > 0)
        .map((row) => row.name)
        .join(', ')}`,
    );
    process.exitCode = 1;
  }
  if (args.strict && rows.some((row) => misses(row).length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
