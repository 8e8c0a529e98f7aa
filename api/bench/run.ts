/**
 * API benchmark: on a fresh, seeded database with the API as its own process in production mode
 * (bench/harness.ts; BENCH_PG_ADMIN_URL, BENCH_API_ROOT), signs in a demo user and drives the hot read endpoints with autocannon on loopback. Prints requests/s and
 * latency percentiles against the goals below; exits 1 when a goal is missed.
 *
 *   npm run bench                # all scenarios, 10 s each
 *   BENCH_SECONDS=3 npm run bench
 *   BENCH_DB_ROLE=purchasing_app npm run bench   # the API connects as that plain role (created and
 *                                                # granted here), so row-level security applies
 *   BENCH_ONLY=requisitions npm run bench        # only the scenarios whose name contains a listed word
 */
import autocannon from 'autocannon';
import { withBenchApi } from './harness.js';

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

async function main(): Promise<void> {
  await withBenchApi({ name: 'bench', port, role: dbRole }, async ({ base, signIn }) => {
    const { token, organizationId } = await signIn('admin@acme.test');
    const auth = { authorization: `Bearer ${token}` };
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
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
