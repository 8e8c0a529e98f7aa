/**
 * Scale benchmark (issue 12): the API as its own process in production mode on a generated database
 * (generate.ts), connected as the plain role `purchasing_app` (row-level security applies), each hot
 * path driven by autocannon on loopback, and beside each read its SQL floor: the same statements
 * replayed by pgbench at the same concurrency (floor.ts).
 *
 *   npm run bench:scale:run -w api -- --database purchasing_scale [--seconds 5] [--connections 10]
 *        [--writers 50] [--write-rate 100] [--only word,word] [--no-writes] [--no-floor] [--strict]
 *        [--port 4620]
 *
 * Each write runs twice: with `--writers` connections as fast as they go (each writer sends its next
 * request as soon as the last is answered: the API's write throughput, where latency is the queue
 * Little's law gives, writers ÷ throughput), and paced: `--write-rate` requests a second in all,
 * evenly spaced and each sent on its own (people acting independently: the latency each one sees).
 *
 * Prints one markdown table with the date, the machine's load and the row counts (report.ts); exits
 * 1 when any answer was not 2xx, and with --strict also when a target of the issue is missed.
 *
 * A request slower than autocannon's 10 s timeout counts as unanswered; statements still running
 * when a measurement ends are cancelled, so a slow endpoint costs the benchmark seconds, not hours.
 */
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminUrl, apiRoot, withBenchApi } from '../harness.js';
import { type ScaleUsers, scaleUsersFile } from './accounts.js';
import { FLOOR_APPLICATION, pgbenchFloor, startCapture } from './floor.js';
import { formatRow, misses, printReport, type Row } from './report.js';
import {
  cursorForPage,
  cursorParameter,
  type ReadScenario,
  readScenarioData,
  readScenarios,
  type ScenarioData,
} from './scenarios.js';
import { JUSTIFICATION_OBJECTS, JUSTIFICATION_OPENINGS, JUSTIFICATION_REASONS } from './vocabulary.js';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'purchasing_scale' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    writers: { type: 'string', default: '50' },
    'write-rate': { type: 'string', default: '100' },
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
/** Writes per second the paced runs offer in all (0: no paced runs). */
const writeRate = Number(args['write-rate']);
/** How long a request or a floor transaction may run past its deadline before it is cancelled. */
const GRACE_SECONDS = 10;
const only = args.only.split(',').filter(Boolean);
const wanted = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

type User = keyof ScaleUsers['users'];
type Measured = Omit<Row, 'name' | 'kind' | 'floor'>;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

/** Runs autocannon and measures every response's latency itself (autocannon reports no p95). */
function cannon(options: autocannon.Options): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ timeout: GRACE_SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((x, y) => x - y);
      resolve({
        rps: result.requests.total / result.duration,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        non2xx: result.non2xx,
        unanswered: result.errors,
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
    });
  });
}

/**
 * Sends `total` requests evenly spaced at `rate` a second (each on its own, not waiting for the
 * others: an open workload, as many people acting independently), and measures each one's latency.
 */
async function paced(rate: number, total: number, send: () => Promise<Response>): Promise<Measured> {
  const latencies: number[] = [];
  let non2xx = 0;
  let unanswered = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now();
    pending.push(
      send()
        .then(async (response) => {
          await response.clone().arrayBuffer();
          latencies.push(performance.now() - at);
          if (response.status < 200 || response.status > 299) {
            non2xx++;
            if (non2xx <= 3)
              console.warn(`[bench] ${response.status}: ${(await response.clone().text()).slice(0, 200)}`);
          }
        })
        .catch(() => {
          unanswered++;
        }),
    );
  }
  await Promise.all(pending);
  latencies.sort((x, y) => x - y);
  return {
    rps: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    unanswered,
  };
}

/** The administrator's view of the database: running statements of the application role. */
class Activity {
  constructor(
    private readonly db: pg.Client,
    private readonly database: string,
  ) {}

  /** Cancels the running statements of `purchasing_app` (of the floor's pgbench only, if asked). */
  async cancel(floorOnly = false): Promise<number> {
    const { rows } = await this.db.query<{ cancelled: number }>(
      `SELECT count(pg_cancel_backend(pid))::int AS cancelled FROM pg_stat_activity
        WHERE datname = $1 AND usename = 'purchasing_app' AND state = 'active'
          AND ($2::text IS NULL OR application_name = $2)`,
      [this.database, floorOnly ? FLOOR_APPLICATION : null],
    );
    return rows[0]?.cancelled ?? 0;
  }

  /**
   * After a measurement: autocannon has stopped, but PostgreSQL still runs the statements of the
   * requests it abandoned; they would weigh on the next measurement, so they are cancelled.
   */
  async settle(): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await this.cancel()) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Runs `work`, cancelling the role's statements every `GRACE_SECONDS` until it ends. */
  async bounded<T>(work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => void this.cancel(), GRACE_SECONDS * 1000);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }
}

async function main(): Promise<void> {
  const file = scaleUsersFile(args.database);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new Error(
      `${file} not found: generate the database first (npm run bench:scale -- --database ${args.database})`,
    );
  });
  const users = JSON.parse(text) as ScaleUsers;
  const adminDbUrl = new URL(adminUrl);
  adminDbUrl.pathname = `/${args.database}`;
  const db = new pg.Client({ connectionString: adminDbUrl.toString() });
  await db.connect();
  const activity = new Activity(db, args.database);
  const data = await readScenarioData(db, users);
  const loadBefore = loadavg();
  const rows: Row[] = [];
  const env = { ACCESS_TOKEN_TTL_SECONDS: '7200' };
  const options = {
    name: 'scale',
    port: Number(args.port),
    role: 'purchasing_app',
    database: args.database,
    env,
  };
  await withBenchApi(options, async ({ base, databaseUrl, signIn }) => {
    const sessions = new Map<User, { token: string; organizationId: string }>();
    for (const [user, account] of Object.entries(users.users)) {
      sessions.set(user as User, await signIn(account.email, users.password));
    }
    const headersOf = (user: User) => ({
      authorization: `Bearer ${sessions.get(user)!.token}`,
      'x-organization-id': sessions.get(user)!.organizationId,
      'content-type': 'application/json',
    });
    const scenarios = await withCursorScenario(readScenarios(users, data), base, headersOf('admin'));

    // A fresh process compiles its hot paths during its first requests, and each pooled connection
    // plans each statement on its first executions: warm up every read for a second, unmeasured
    // (with the health check only, the first scenario measured ran at half the speed of the same
    // read later in the run).
    await cannon({ url: `${base}/api/health`, connections, duration: 2 });
    for (const scenario of scenarios.filter((candidate) => wanted(candidate.name))) {
      await cannon({
        url: `${base}${scenario.path}`,
        connections,
        duration: 1,
        headers: headersOf(scenario.user),
      });
    }
    const capture = args['no-floor'] ? null : await startCapture(databaseUrl, users.password);
    try {
      for (const scenario of scenarios.filter((s) => wanted(s.name))) {
        await activity.bounded(async () => {
          const first = await fetch(`${base}${scenario.path}`, { headers: headersOf(scenario.user) }).catch(
            (error: Error) => ({ ok: false, status: error.message, arrayBuffer: async () => null }),
          );
          await first.arrayBuffer();
          if (!first.ok) console.warn(`[bench] ${scenario.name}: a first request answered ${first.status}`);
        });
        await activity.settle();
        const measured = await cannon({
          url: `${base}${scenario.path}`,
          connections,
          duration: seconds,
          headers: headersOf(scenario.user),
        });
        await activity.settle();
        let floor = null;
        if (capture) {
          const request = {
            name: scenario.name,
            email: users.users[scenario.user].email,
            path: scenario.path,
          };
          const captured = await activity.bounded(() => capture.capture(request, (GRACE_SECONDS * 1000) / 2));
          await activity.settle();
          if (captured.status >= 300 && captured.steady) {
            console.warn(`[floor] ${scenario.name}: the captured request answered ${captured.status}`);
          }
          floor = await pgbenchFloor(captured.statements, {
            databaseUrl,
            clients: connections,
            seconds,
            graceSeconds: GRACE_SECONDS,
            name: scenario.name,
            steady: captured.steady,
            cancel: () => activity.cancel(true),
          });
          await activity.settle();
        }
        rows.push({ name: scenario.name, kind: 'read', ...measured, floor });
        console.info(`[bench] ${scenario.name}: ${formatRow(rows.at(-1)!)}`);
      }
    } finally {
      await capture?.stop();
    }

    if (args['no-writes']) return;
    for (const write of await writeScenarios(db, users, data)) {
      if (!wanted(write.name)) continue;
      for (const rate of writeRate > 0 ? [0, writeRate] : [0]) {
        // Requests the previous run abandoned may still be queued in the API: let them finish before
        // choosing records, or a paced submit could pick a draft one of them is submitting (409).
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const ids = write.ids ? await write.ids() : null;
        let next = 0;
        const bodyOf = () => (write.bodyFor ? write.bodyFor() : write.body);
        const pathOf = () => write.path(ids ? ids[next++ % ids.length]! : '');
        const measured =
          rate > 0
            ? await paced(rate, Math.min(rate * seconds, ids?.length ?? Number.POSITIVE_INFINITY), () =>
                fetch(`${base}${pathOf()}`, {
                  method: 'POST',
                  headers: headersOf(write.user),
                  ...(bodyOf() ? { body: bodyOf() } : {}),
                }),
              )
            : await cannon({
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
                    setupRequest: (request) => ({
                      ...request,
                      ...(ids ? { path: pathOf() } : {}),
                      ...(write.bodyFor ? { body: write.bodyFor() } : {}),
                    }),
                  },
                ],
              });
        await activity.settle();
        const name =
          rate > 0 ? `${write.name.replace(/ \(\d+ writers\)/, '')}, paced at ${rate}/s` : write.name;
        rows.push({ name, kind: 'write', ...measured, floor: null });
        console.info(`[bench] ${name}: ${formatRow(rows.at(-1)!)}${ids ? ` (${ids.length} ids)` : ''}`);
      }
    }
  });
  await db.end();
  printReport(rows, {
    database: users.database,
    apiRoot,
    connections,
    writers,
    seconds,
    graceSeconds: GRACE_SECONDS,
    loadBefore,
    counts: data.counts,
  });
  if (rows.some((row) => row.non2xx > 0)) {
    console.error(`Non-2xx answers: ${rows.filter((row) => row.non2xx > 0).map((row) => row.name)}`);
    process.exitCode = 1;
  }
  if (args.strict && rows.some((row) => misses(row).length > 0)) process.exitCode = 1;
}

/**
 * Adds "page 5,000 by cursor" after "page 5,000 by offset" when the contract has a list cursor and
 * the API answers one (the lead's keyset paging); nothing otherwise.
 */
async function withCursorScenario(
  scenarios: ReadScenario[],
  base: string,
  headers: Record<string, string>,
): Promise<ReadScenario[]> {
  const parameter = await cursorParameter(path.resolve(apiRoot, '..', 'openapi.yaml'));
  const get = async (p: string) =>
    (await fetch(`${base}${p}`, { headers, signal: AbortSignal.timeout(GRACE_SECONDS * 1000) })).json();
  const cursor = parameter ? await cursorForPage(get, parameter, 5000).catch(() => null) : null;
  if (!parameter || !cursor) {
    console.info('[bench] no list cursor in the contract or the answer: page 5,000 by offset only');
    return scenarios;
  }
  console.info(`[bench] cursor of page 5,000 found in ${cursor.ms} ms (${cursor.walked} pages walked)`);
  const at = scenarios.findIndex((s) => s.name.startsWith('list, page 5,000')) + 1;
  const path5000 = `/api/requisitions?limit=10&${parameter}=${encodeURIComponent(cursor.cursor)}`;
  return [
    ...scenarios.slice(0, at),
    { name: 'list, page 5,000 by cursor', user: 'admin', path: path5000 },
    ...scenarios.slice(at),
  ];
}

interface WriteScenario {
  name: string;
  user: User;
  path: (id: string) => string;
  body?: string;
  /** A body of its own for each request (overrides `body`). */
  bodyFor?: () => string;
  ids?: () => Promise<string[]>;
}

/** A justification as the generator writes them (vocabulary.ts), so new rows read like the old. */
const justification = () =>
  [JUSTIFICATION_OPENINGS, JUSTIFICATION_OBJECTS, JUSTIFICATION_REASONS]
    .map((words) => words[Math.floor(Math.random() * words.length)]!)
    .join(' ');

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
      // Varied like the generated ones: a thousand identical new rows would make every search term
      // but "toner" look rare among the newest (requisition-search.ts).
      bodyFor: () => JSON.stringify({ ...body, justification: justification() }),
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
