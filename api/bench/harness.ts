/**
 * What the benchmarks that drive the API as its own process share: a scratch PostgreSQL database
 * (BENCH_PG_ADMIN_URL, default the local server) migrated and seeded with the demo data — or an
 * existing database, such as the scale generator's — the API started on it in production mode, and
 * a user signed in.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The administrator's connection (creates and drops the scratch databases). */
export const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The `api/` folder whose server is measured (BENCH_API_ROOT: another checkout's). */
export const apiRoot =
  process.env.BENCH_API_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error('API exited during start');
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('API did not become healthy');
}

/** A running API on a seeded scratch database (or the existing one it was given). */
export interface BenchApi {
  base: string;
  pid: number;
  /** The URL the API connects with (as the plain role when one was given). */
  databaseUrl: string;
  /** Signs a user in (`Password123!` unless given): their access token and first organisation. */
  signIn(email: string, password?: string): Promise<{ token: string; organizationId: string }>;
}

/** Options of {@link withBenchApi}. */
export interface BenchApiOptions {
  name: string;
  port: number;
  /** Connect the API as this plain role (created if absent and granted), so row-level security applies. */
  role?: string | null;
  /**
   * Run on this existing database instead of a fresh seeded one: it is migrated (pending migrations
   * only), never seeded, and kept afterwards.
   */
  database?: string | undefined;
  /** Extra environment of the API process. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `fn` against the API on a fresh, seeded database, then stops the API and drops the
 * database (or on `options.database`, kept). `role`: connect the API as this plain role so that
 * row-level security applies, as in a safe deployment.
 */
export async function withBenchApi<T>(
  options: BenchApiOptions,
  fn: (api: BenchApi) => Promise<T>,
): Promise<T> {
  const existing = options.database;
  const dbName = existing ?? `purchasing_${options.name}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!existing) await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const base = `http://127.0.0.1:${options.port}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    // Required in production on DATABASE_URL (mail links come from configuration only).
    PUBLIC_URL: base,
    STATIC_DIR: '',
    ...options.env,
  };
  let server: ChildProcess | null = null;
  try {
    await runCli(['migrate'], env);
    if (!existing) await runCli(['seed'], env);
    let serverEnv = env;
    if (options.role) {
      // The superuser (and the tables' owner) skip row-level security; a plain role does not.
      await runCli(['app-role', options.role, '--login'], env);
      const roleUrl = new URL(databaseUrl);
      roleUrl.username = options.role;
      roleUrl.password = '';
      serverEnv = { ...env, DATABASE_URL: roleUrl.toString() };
    }
    server = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: apiRoot,
      env: serverEnv,
      stdio: 'ignore',
    });
    await waitForHealth(base, server);
    const signIn = async (email: string, password = 'Password123!') => {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!login.ok) throw new Error(`sign-in of ${email} answered ${login.status}`);
      const { session, user } = (await login.json()) as {
        session: { access_token: string };
        user: { user_organizations: { organization: { id: string } }[] };
      };
      return { token: session.access_token, organizationId: user.user_organizations[0]!.organization.id };
    };
    return await fn({ base, pid: server.pid!, databaseUrl: serverEnv.DATABASE_URL!, signIn });
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!existing) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
