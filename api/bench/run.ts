/**
 * API benchmark: makes a fresh PostgreSQL database (BENCH_PG_ADMIN_URL, default the local server),
 * migrates and seeds the demo data, starts the API as its own process in production mode, signs in a
 * demo user and drives the hot read endpoints with autocannon on loopback. Prints requests/s and
 * latency percentiles against the goals below; exits 1 when a goal is missed.
 *
 *   npm run bench                # all scenarios, 10 s each
 *   BENCH_SECONDS=3 npm run bench
 *   BENCH_DB_ROLE=purchasing_app npm run bench   # the API connects as that plain role (created and
 *                                                # granted here), so row-level security applies
 *   BENCH_ONLY=requisitions npm run bench        # only the scenarios whose name contains a listed word
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4610);
const dbRole = process.env.BENCH_DB_ROLE || null;
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

/** Goals on the 2-core reference machine: p99 latency in ms at `connections` concurrent clients. */
const goals: Record<string, number> = {
  'GET /api/health': 20,
  'GET /api/auth/me': 40,
  'GET /api/organizations': 40,
  'GET /api/organizations/{id}/summary': 60,
  'GET /api/products': 40,
  'GET /api/requisitions': 60,
  'GET /api/approvals/pending': 60,
};

async function run(name: string, url: string, headers: Record<string, string>) {
  if (only.length && !only.some((word) => name.includes(word))) return null;
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const non2xx = result.non2xx + result.errors;
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
    goal: goals[name] ?? Number.POSITIVE_INFINITY,
  };
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error('API exited during start');
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('API did not become healthy');
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', ...args], {
      cwd: apiRoot,
      env,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`db ${args.join(' ')} failed`))));
  });
}

async function main(): Promise<void> {
  const dbName = `purchasing_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    NODE_ENV: 'production',
    PORT: String(port),
    // Required in production on DATABASE_URL (mail links come from configuration only).
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STATIC_DIR: '',
  };
  let server: ChildProcess | null = null;
  try {
    await runCli(['migrate'], env);
    await runCli(['seed'], env);
    let serverEnv = env;
    if (dbRole) {
      // The superuser (and the tables' owner) skip row-level security; a plain role does not.
      await runCli(['app-role', dbRole, '--login'], env);
      const roleUrl = new URL(databaseUrl);
      roleUrl.username = dbRole;
      roleUrl.password = '';
      serverEnv = { ...env, DATABASE_URL: roleUrl.toString() };
    }
    server = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: apiRoot,
      env: serverEnv,
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: 'Password123!' }),
    });
    const { session, user } = (await login.json()) as {
      session: { access_token: string };
      user: { user_organizations: { organization: { id: string } }[] };
    };
    const organizationId = user.user_organizations[0]!.organization.id;
    const auth = { authorization: `Bearer ${session.access_token}` };
    const scoped = { ...auth, 'x-organization-id': organizationId };

    const all = [
      await run('GET /api/health', `${base}/api/health`, {}),
      await run('GET /api/auth/me', `${base}/api/auth/me`, auth),
      await run('GET /api/organizations', `${base}/api/organizations`, auth),
      await run(
        'GET /api/organizations/{id}/summary',
        `${base}/api/organizations/${organizationId}/summary`,
        auth,
      ),
      await run('GET /api/products', `${base}/api/products`, scoped),
      await run('GET /api/requisitions', `${base}/api/requisitions?limit=10&offset=0`, scoped),
      await run('GET /api/approvals/pending', `${base}/api/approvals/pending?status=Pending`, scoped),
    ];
    const results = all.filter((r) => r !== null);
    console.info(
      `\n${connections} connections, ${seconds} s each, API in its own process, PostgreSQL on loopback, API connected as ${dbRole ?? 'the superuser (row-level security skipped)'}\n`,
    );
    console.info(
      '| endpoint | req/s | p50 ms | p99 ms | non-2xx | goal p99 ms |\n| --- | --- | --- | --- | --- | --- |',
    );
    for (const r of results) {
      console.info(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.goal} |`);
    }
    const missed = results.filter((r) => r.p99 > r.goal || r.non2xx > 0);
    if (missed.length) {
      console.error(`Missed: ${missed.map((r) => r.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
