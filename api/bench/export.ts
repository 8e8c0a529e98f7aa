/**
 * Export benchmark (issue 16, item 5): the API as its own process in production mode streams
 * `GET /api/requisitions/export` (every requisition, CSV) to a client on loopback that reads it as it
 * comes. Prints the rows, bytes, seconds, rows per second and the API process's resident memory
 * (start and peak, read from /proc every 200 ms): a streamed export keeps the peak flat however many
 * rows there are.
 *
 *   npm run bench:export -w api -- --database purchasing_scale   # the scale generator's database
 *                                                                 # (1M requisitions: bench:scale)
 *   npm run bench:export -w api -- --rows 1000000                 # a fresh seeded database with that
 *                                                                 # many more requisitions (copies)
 *   [--port 4630]
 *
 * Exits 1 when the answer is not 200 or holds fewer lines than rows.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { withBenchApi } from './harness.js';
import { type ScaleUsers, scaleUsersFile } from './scale/accounts.js';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    port: { type: 'string', default: '4630' },
  },
});

/** The resident memory of process `pid` in bytes (Linux), or 0 when it cannot be read. */
async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Copies the newest requisition of the demo organisation `rows` times (a fresh database only). */
async function addRows(databaseUrl: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = (
      await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'requisitions' AND table_schema = current_schema() AND is_generated = 'NEVER'
            AND column_name NOT IN ('id', 'requisition_number', 'created_at', 'search_text')`,
      )
    ).rows.map((row) => `"${row.column_name}"`);
    await client.query(
      `INSERT INTO requisitions (id, requisition_number, created_at, ${columns.join(', ')})
       SELECT gen_random_uuid(), 'REQ-2026-7' || lpad(g::text, 7, '0'), now() - g * interval '1 second',
              ${columns.map((column) => `t.${column}`).join(', ')}
         FROM (SELECT * FROM requisitions ORDER BY created_at DESC LIMIT 1) t, generate_series(1, $1::int) g`,
      [rows],
    );
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const port = Number(args.port);
  const database = args.database;
  const email = database
    ? (JSON.parse(await readFile(scaleUsersFile(database), 'utf8')) as ScaleUsers).users.admin.email
    : 'admin@acme.test';
  const password = database
    ? (JSON.parse(await readFile(scaleUsersFile(database), 'utf8')) as ScaleUsers).password
    : undefined;
  await withBenchApi({ name: 'export', port, database }, async ({ base, pid, databaseUrl, signIn }) => {
    if (!database) await addRows(databaseUrl, Number(args.rows));
    const { token, organizationId } = await signIn(email, password);
    const startRss = await rss(pid);
    let peakRss = startRss;
    const sampler = setInterval(() => {
      void rss(pid).then((value) => {
        peakRss = Math.max(peakRss, value);
      });
    }, 200);
    const started = performance.now();
    const response = await fetch(`${base}/api/requisitions/export`, {
      headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId },
    });
    let bytes = 0;
    let lines = 0;
    const reader = response.body?.getReader();
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
      bytes += next.value.length;
      for (const byte of next.value) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    process.stdout.write(
      `${[
        `status ${response.status}`,
        `${lines - 1} rows`,
        mb(bytes),
        `${seconds.toFixed(1)} s`,
        `${Math.round((lines - 1) / seconds)} rows/s`,
        `API RSS ${mb(startRss)} at start, peak ${mb(peakRss)}`,
      ].join(' | ')}\n`,
    );
    if (response.status !== 200 || lines < 2) process.exitCode = 1;
  });
}

await main();
