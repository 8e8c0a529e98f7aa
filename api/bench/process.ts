/**
 * The server as a production process: time from spawn to a healthy `/api/health`, and resident memory
 * (VmRSS from /proc) idle and under load, for the server run through the TypeScript loader
 * (`node --import tsx src/start.ts`, how `npm start` ran before issue 12) and compiled
 * (`node dist/start.js`, how it runs now), on the embedded PGlite database (the `npm start` path, demo
 * data) and on PostgreSQL (a scratch database made, migrated and seeded here, then dropped).
 *
 *   npm run bench:process -w api                 # builds api/dist, then both databases, both runtimes
 *   BENCH_DATABASES=pglite BENCH_RUNTIMES=compiled BENCH_SECONDS=5 npm run bench:process -w api
 *
 * Load: autocannon, BENCH_CONNECTIONS (10) connections for BENCH_SECONDS (10) on
 * GET /api/requisitions (first page) as admin@acme.test. Starts: BENCH_STARTS (3) restarts per runtime,
 * the runtimes taking turns; the median wall-clock time and the CPU time the process used to get there.
 * BENCH_PORT (4687): where the measured server listens. Linux only (reads /proc/<pid>/status and stat).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 4687);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const starts = Number(process.env.BENCH_STARTS ?? 3);
const list = (value: string | undefined, all: string[]) => (value ? value.split(',') : all);
const databases = list(process.env.BENCH_DATABASES, ['pglite', 'postgres']);
const runtimeNames = list(process.env.BENCH_RUNTIMES, ['tsx', 'compiled']);
const base = `http://127.0.0.1:${port}`;

/** How each runtime starts the server (arguments to `node`, from `api/`). */
const RUNTIMES: Record<string, string[]> = {
  tsx: ['--import', 'tsx', 'src/start.ts'],
  compiled: ['dist/start.js'],
};

/** One line of /proc/<pid>/status in MB (VmRSS: resident now; VmHWM: the peak so far). */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * CPU time (user + system, ms) the process has used: unlike the wall-clock start time, it hardly
 * moves when other processes compete for the cores.
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A started server: its process, the wall-clock and CPU milliseconds from spawn to the first healthy answer. */
interface Started {
  child: ChildProcess;
  startMs: number;
  startCpuMs: number;
}

async function startServer(runtime: string, env: NodeJS.ProcessEnv): Promise<Started> {
  // Another server on the port would answer for ours (and ours would fail to listen).
  if (await fetch(`${base}/api/health`).catch(() => null)) {
    throw new Error(`${base} already answers: choose another BENCH_PORT`);
  }
  const started = performance.now();
  const child = spawn(process.execPath, RUNTIMES[runtime]!, { cwd: apiRoot, env, stdio: 'ignore' });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${runtime} server exited during start`);
    const response = await fetch(`${base}/api/health`).catch(() => null);
    if (response?.ok) return { child, startMs: performance.now() - started, startCpuMs: cpuMs(child.pid!) };
    if (performance.now() - started > 120_000) throw new Error(`${runtime} server did not become healthy`);
    await sleep(25);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(email: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Password123!' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const { session, user } = (await response.json()) as {
    session: { access_token: string };
    user: { user_organizations: { organization: { id: string } }[] };
  };
  return {
    authorization: `Bearer ${session.access_token}`,
    'x-organization-id': user.user_organizations[0]!.organization.id,
  };
}

/** One row of the table. */
interface Row {
  database: string;
  runtime: string;
  firstStartMs: number | null;
  startMs: number;
  startCpuMs: number;
  idleMb: number;
  loadMeanMb: number;
  loadMaxMb: number;
  peakMb: number;
  rps: number;
  p99: number;
  non2xx: number;
}

/** Wall-clock and CPU milliseconds of each start of one runtime. */
interface Starts {
  wall: number[];
  cpu: number[];
}

/**
 * Starts (and stops) the server `starts` times per runtime, the runtimes taking turns, so that a
 * burst of load from other processes on the machine falls on both alike.
 */
async function restarts(runtimes: string[], envOf: (runtime: string) => NodeJS.ProcessEnv) {
  const byRuntime = new Map<string, Starts>(runtimes.map((runtime) => [runtime, { wall: [], cpu: [] }]));
  for (let i = 0; i < starts; i++) {
    for (const runtime of runtimes) {
      const { child, startMs, startCpuMs } = await startServer(runtime, envOf(runtime));
      byRuntime.get(runtime)!.wall.push(startMs);
      byRuntime.get(runtime)!.cpu.push(startCpuMs);
      await stopServer(child);
    }
  }
  return byRuntime;
}

/** Starts the server once more and measures it idle, then under load. */
async function measure(
  database: string,
  runtime: string,
  env: NodeJS.ProcessEnv,
  firstStartMs: number | null,
  times: Starts,
): Promise<Row> {
  const { child } = await startServer(runtime, env);
  try {
    const pid = child.pid!;
    await sleep(3000); // let start-up garbage settle before calling the process idle
    const idleMb = memoryMb(pid, 'VmRSS');
    const headers = await signIn('admin@acme.test');
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(memoryMb(pid, 'VmRSS')), 250);
    const result = await autocannon({
      url: `${base}/api/requisitions?limit=10&offset=0`,
      connections,
      duration: seconds,
      headers,
    });
    clearInterval(sampler);
    return {
      database,
      runtime,
      firstStartMs,
      startMs: median(times.wall),
      startCpuMs: median(times.cpu),
      idleMb,
      loadMeanMb: samples.reduce((sum, value) => sum + value, 0) / samples.length,
      loadMaxMb: Math.max(...samples),
      peakMb: memoryMb(pid, 'VmHWM'),
      rps: Math.round(result.requests.average),
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
    };
  } finally {
    await stopServer(child);
  }
}

const serverEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  JWT_SECRET: randomBytes(32).toString('hex'),
  ...extra,
});

/** On PGlite each runtime gets a fresh folder: its first start migrates and seeds, as `npm start` does. */
async function onPglite(runtimes: string[]): Promise<Row[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-process-'));
  try {
    const envOf = (runtime: string) => serverEnv({ DATABASE_URL: '', DATA_DIR: path.join(root, runtime) });
    const first = new Map<string, number>();
    for (const runtime of runtimes) {
      const started = await startServer(runtime, envOf(runtime));
      first.set(runtime, started.startMs);
      await stopServer(started.child);
    }
    const times = await restarts(runtimes, envOf);
    const rows: Row[] = [];
    for (const runtime of runtimes) {
      rows.push(
        await measure('PGlite (embedded)', runtime, envOf(runtime), first.get(runtime)!, times.get(runtime)!),
      );
    }
    return rows;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', ...args], {
      cwd: apiRoot,
      env,
      stdio: 'ignore',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`db ${args.join(' ')} failed`))));
  });
}

/** On PostgreSQL one scratch database, migrated and seeded once, serves every runtime. */
async function onPostgres(runtimes: string[]): Promise<Row[]> {
  const name = `purchasing_process_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = serverEnv({ DATABASE_URL: url.toString(), PUBLIC_URL: base });
    await runCli(['migrate'], env);
    await runCli(['seed'], env);
    const times = await restarts(runtimes, () => env);
    const rows: Row[] = [];
    for (const runtime of runtimes)
      rows.push(await measure('PostgreSQL', runtime, env, null, times.get(runtime)!));
    return rows;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  if (runtimeNames.includes('compiled') && !existsSync(path.join(apiRoot, 'dist', 'start.js'))) {
    throw new Error('api/dist/start.js is missing: run `npm run build -w api` first');
  }
  const rows: Row[] = [];
  if (databases.includes('pglite')) rows.push(...(await onPglite(runtimeNames)));
  if (databases.includes('postgres')) rows.push(...(await onPostgres(runtimeNames)));

  const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
  const mb = (value: number) => `${Math.round(value)} MB`;
  console.info(
    `\nStart: spawn to the first 200 of /api/health (first start: empty PGlite folder, migrated and seeded; restart: median of ${starts}, the runtimes taking turns; wall clock and the CPU time the process used).`,
  );
  console.info(
    `Memory: VmRSS of the server process; idle 3 s after start; under load while autocannon runs ${connections} connections for ${seconds} s on GET /api/requisitions (page 1, admin@acme.test); peak: VmHWM at the end.\n`,
  );
  console.info(
    '| database | runtime | first start | restart (CPU) | RSS idle | RSS under load (mean / max) | peak RSS | req/s | p99 | non-2xx |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.info(
      `| ${r.database} | ${r.runtime} | ${ms(r.firstStartMs)} | ${ms(r.startMs)} (${ms(r.startCpuMs)}) | ${mb(r.idleMb)} | ${mb(r.loadMeanMb)} / ${mb(r.loadMaxMb)} | ${mb(r.peakMb)} | ${r.rps} | ${r.p99} ms | ${r.non2xx} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
