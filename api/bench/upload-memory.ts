/**
 * Upload memory benchmark: makes a fresh PostgreSQL database (BENCH_PG_ADMIN_URL, default the local
 * server), migrates and seeds the demo data, starts the API as its own process in production mode,
 * and uploads ten files of 9.5 MB in one multipart request to a draft requisition. Prints the API
 * process's peak resident memory (VmHWM) before and after, so the cost of an upload can be compared
 * across versions (BENCH_API_ROOT points at another checkout's `api/` folder).
 *
 *   npm run bench:upload -w api
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiRoot =
  process.env.BENCH_API_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = Number(process.env.BENCH_PORT ?? 4611);
const FILES = 10;
const FILE_BYTES = 9.5 * 1024 * 1024;

const peakKb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

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

/** A PDF-looking file of `bytes` (a valid header, padding after it: the type check reads the header). */
function pdfOf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  file.write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n', 0, 'latin1');
  file.write('\n%%EOF\n', bytes - 7, 'latin1');
  return file;
}

async function main(): Promise<void> {
  const dbName = `purchasing_upload_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    STATIC_DIR: '',
  };
  let server: ChildProcess | null = null;
  try {
    await runCli(['migrate'], env);
    await runCli(['seed'], env);
    server = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: apiRoot,
      env,
      stdio: 'ignore',
    });
    for (let attempt = 0; ; attempt++) {
      if (attempt > 100) throw new Error('API did not become healthy');
      if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'user@acme.test', password: 'Password123!' }),
    });
    const { session, user } = (await login.json()) as {
      session: { access_token: string };
      user: { user_organizations: { organization: { id: string } }[] };
    };
    const headers = {
      authorization: `Bearer ${session.access_token}`,
      'x-organization-id': user.user_organizations[0]!.organization.id,
    };
    const centers = (await (
      await fetch(`${base}/api/organizations/${headers['x-organization-id']}/cost-centers`, { headers })
    ).json()) as { cost_centers: { id: string }[] };
    const accounts = (await (
      await fetch(`${base}/api/organizations/${headers['x-organization-id']}/gl-accounts`, { headers })
    ).json()) as { gl_accounts: { id: string }[] };
    const created = await fetch(`${base}/api/requisitions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        cost_center_id: centers.cost_centers[0]!.id,
        gl_account_id: accounts.gl_accounts[0]!.id,
        line_items: [
          { description: 'Upload benchmark', quantity: 1, unit_price: 10, unit_of_measure: 'each' },
        ],
      }),
    });
    const { requisition } = (await created.json()) as { requisition: { id: string } };

    const before = peakKb(server.pid!);
    const form = new FormData();
    form.set('entity_type', 'requisition');
    form.set('entity_id', requisition.id);
    for (let i = 0; i < FILES; i++)
      form.append('files', new Blob([new Uint8Array(pdfOf(FILE_BYTES))]), `quote-${i}.pdf`);
    const started = performance.now();
    const upload = await fetch(`${base}/api/attachments/upload`, { method: 'POST', headers, body: form });
    const ms = Math.round(performance.now() - started);
    const after = peakKb(server.pid!);
    console.info(
      `upload of ${FILES} × ${(FILE_BYTES / 1048576).toFixed(1)} MB: ${upload.status} in ${ms} ms; ` +
        `API peak RSS ${Math.round(before / 1024)} MB before, ${Math.round(after / 1024)} MB after ` +
        `(+${Math.round((after - before) / 1024)} MB)`,
    );
    if (upload.status !== 201) process.exitCode = 1;
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
