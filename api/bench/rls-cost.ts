/**
 * The cost of row-level security on the requisition list, without HTTP in the way: the queries of
 * GET /requisitions (session check and membership outside the organisation, then the page of 10 and
 * the count inside it, view_all) as the superuser (RLS skipped) and as the plain role
 * `purchasing_app` (RLS applied), alternating blocks; both with the tenant-context hook.
 *
 *   node --import tsx bench/rls-cost.ts            # demo data
 *   RLS_SCALE=2000 node --import tsx bench/rls-cost.ts   # plus 2000 requisitions of 5 lines in Acme
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { DEFAULT_APP_ROLE, grantAppRole } from '../src/db/app-role.js';
import { migrateUp } from '../src/db/migrator.js';
import { initModels } from '../src/db/models/index.js';
import { seedDemoData } from '../src/db/seed.js';
import { createSequelize } from '../src/db/sequelize.js';
import { inOrganization } from '../src/db/tenant-context.js';
import { resolveScope } from '../src/features/organizations/scope.service.js';
import { listRequisitions } from '../src/features/requisitions/requisition-list.js';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.RLS_SCALE ?? 0);
const blocks = Number(process.env.RLS_BLOCKS ?? 10);
const perBlock = Number(process.env.RLS_PER_BLOCK ?? 200);

const name = `purchasing_rlscost_${Date.now()}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const appUrl = new URL(url);
appUrl.username = DEFAULT_APP_ROLE;
const owner = createSequelize(url.toString(), { poolMax: 4 });
const plain = createSequelize(appUrl.toString(), { poolMax: 4 });
try {
  await migrateUp(owner);
  await seedDemoData(owner, initModels(owner));
  await grantAppRole(owner, DEFAULT_APP_ROLE, { login: true }).catch(() =>
    grantAppRole(owner, DEFAULT_APP_ROLE, { create: false }),
  );
  const [who] = await owner.query<{ user_id: string; organization_id: string }>(
    `SELECT u.id AS user_id, o.id AS organization_id FROM users u, organizations o
      WHERE u.email = 'admin@acme.test' AND o.code = 'ACME'`,
    { type: QueryTypes.SELECT },
  );
  const { user_id: userId, organization_id: organizationId } = who!;
  if (scale > 0) {
    await owner.query(
      `WITH r AS (
         INSERT INTO requisitions (organization_id, requisition_number, status, justification, shipping_address,
                                   total_amount, currency, requestor_id, cost_center_id, gl_account_id, submitted_at)
         SELECT t.organization_id, 'REQ-BENCH-' || g, 'submitted', 'Bench ' || g, t.shipping_address,
                500, t.currency, t.requestor_id, t.cost_center_id, t.gl_account_id, now()
           FROM generate_series(1, $1) g,
                (SELECT * FROM requisitions WHERE organization_id = $2 LIMIT 1) t
         RETURNING id, currency)
       INSERT INTO requisition_line_items (requisition_id, position, description, quantity, unit_price,
                                           unit_of_measure, currency, tax_amount, total_amount)
       SELECT r.id, p, 'Line ' || p, 1, 100, 'each', r.currency, 0, 100 FROM r, generate_series(0, 4) p`,
      { bind: [scale, organizationId] },
    );
    await owner.query('ANALYZE');
  }
  const filter = { limit: 10, offset: 0 };
  // As a request does it: the session check and the membership (outside the organisation), then
  // the handler's list inside it.
  const request = async (sequelize: typeof owner) => {
    await sequelize.query('SELECT 1 FROM auth_sessions WHERE id = $1', {
      bind: ['00000000-0000-0000-0000-000000000000'],
      type: QueryTypes.SELECT,
    });
    const db = inOrganization({ sequelize }, organizationId);
    const scoped = (await resolveScope(db, userId, organizationId))!;
    return listRequisitions(db, { userId, scope: scoped }, filter);
  };
  const variants = {
    'superuser (RLS skipped)': () => request(owner),
    'purchasing_app (RLS applied)': () => request(plain),
  };
  const totals: Record<string, number[]> = {};
  for (const [label, fn] of Object.entries(variants)) {
    const first = await fn();
    console.info(`${label}: ${first.pagination.total} requisitions visible`);
    totals[label] = [];
  }
  for (let block = 0; block < blocks; block++) {
    for (const [label, fn] of Object.entries(variants)) {
      const start = process.hrtime.bigint();
      // 4 concurrent callers, as a small pool would see them.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = 0; i < perBlock / 4; i++) await fn();
        }),
      );
      totals[label]!.push(Number(process.hrtime.bigint() - start) / 1e6 / perBlock);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [base, rls] = Object.values(totals).map(median);
  console.info(`\nscale ${scale}, ${blocks} alternating blocks of ${perBlock} calls, 4 concurrent`);
  for (const [label, values] of Object.entries(totals)) {
    console.info(`| ${label} | ${median(values).toFixed(3)} ms per call (median of blocks) |`);
  }
  console.info(`RLS / superuser: ${(rls! / base!).toFixed(3)}`);
} finally {
  await plain.close();
  await owner.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
