/**
 * Query plans of the hot lists: makes a fresh PostgreSQL database, migrates and seeds the demo data,
 * optionally multiplies the demo requisitions (`--scale N` copies each one N times, with its lines
 * and approval steps), then serves the requisition list and the approval queue in memory, captures the
 * exact SQL the API sends and prints `EXPLAIN (ANALYZE)` of each statement that reads requisitions or
 * approval steps. Figures and findings are kept in docs/query-plans.md.
 *
 *   npm run explain -w api               # the demo data as seeded
 *   npm run explain -w api -- --scale 2000
 *   npm run explain -w api -- --no-seqscan
 */
import { randomBytes } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import pg from 'pg';
import { QueryTypes, Sequelize } from 'sequelize';
import { loadConfig } from '../src/config.js';
import { initModels, migrateUp, seedDemoData } from '../src/db/index.js';
import { usePreparedStatements } from '../src/db-query.js';
import { createServer } from '../src/server.js';

const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scaleIndex = process.argv.indexOf('--scale');
const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : 0;
/** `--no-seqscan`: plan with sequential scans discouraged, to show which indexes the tiny demo tables would use. */
const noSeqScan = process.argv.includes('--no-seqscan');

interface Captured {
  sql: string;
  bind: unknown[];
}

/** Copies every requisition `times` times (new ids and numbers), with lines and approval steps. */
async function multiply(sequelize: Sequelize, times: number): Promise<void> {
  await sequelize.query(`
    CREATE TEMP TABLE copies AS
      SELECT r.id AS source_id, gen_random_uuid() AS id, g AS n, r.organization_id
        FROM requisitions r CROSS JOIN generate_series(1, ${times}) AS g;
    INSERT INTO requisitions (id, organization_id, requisition_number, status, category, justification,
        delivery_date, shipping_address, notes, total_amount, currency, requestor_id, cost_center_id,
        gl_account_id, department_id, submitted_at, approved_at, rejected_at, cancelled_at, created_at, updated_at)
      SELECT c.id, r.organization_id,
             'REQ-2025-' || lpad((row_number() OVER (PARTITION BY r.organization_id ORDER BY c.n, r.id))::text, 6, '0'),
             r.status, r.category, r.justification || ' #' || c.n, r.delivery_date, r.shipping_address, r.notes,
             r.total_amount, r.currency, r.requestor_id, r.cost_center_id, r.gl_account_id, r.department_id,
             r.submitted_at - make_interval(mins => c.n), r.approved_at, r.rejected_at, r.cancelled_at,
             r.created_at - make_interval(mins => c.n), r.updated_at
        FROM copies c JOIN requisitions r ON r.id = c.source_id;
    INSERT INTO requisition_line_items (requisition_id, product_id, description, quantity,
        unit_price, unit_of_measure, notes, currency, tax_amount, total_amount, position)
      SELECT c.id, l.product_id, l.description, l.quantity, l.unit_price, l.unit_of_measure,
             l.notes, l.currency, l.tax_amount, l.total_amount, l.position
        FROM copies c JOIN requisition_line_items l ON l.requisition_id = c.source_id;
    INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title, approver_id,
        approver_role_name, action, comments, actioned_at, actioned_by_id, delegated_from_id, pass_reason, created_at,
        due_at)
      SELECT s.organization_id, c.id, s.round, s.approval_level, s.level_title, s.approver_id, s.approver_role_name,
             s.action, s.comments, s.actioned_at, s.actioned_by_id, s.delegated_from_id, s.pass_reason,
             s.created_at - make_interval(mins => c.n),
             -- Every other open copy is due three days after it opened, so "Due soonest" has both kinds.
             CASE WHEN s.action IS NULL AND c.n % 2 = 0
                  THEN s.created_at - make_interval(mins => c.n) + interval '3 days' ELSE s.due_at END
        FROM copies c JOIN approval_steps s ON s.requisition_id = c.source_id;
    ANALYZE;
  `);
}

async function main(): Promise<void> {
  // The services send named prepared statements straight to the driver, past Sequelize's logging:
  // through Sequelize, every statement is captured below (the plans are the same).
  usePreparedStatements(false);
  const dbName = `purchasing_explain_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  let capturing = false;
  const captured: Captured[] = [];
  const sequelize = new Sequelize(url.toString(), {
    dialect: 'postgres',
    dialectModule: pg,
    define: { underscored: true },
    // Sequelize passes the query options (with `bind`) as the second argument; its type says a timing.
    logging: ((sql: string, options?: { bind?: unknown[] }) => {
      if (capturing)
        captured.push({ sql: sql.replace(/^Executing \([^)]*\): /, ''), bind: options?.bind ?? [] });
    }) as (sql: string) => void,
  });
  try {
    await migrateUp(sequelize);
    await seedDemoData(sequelize, initModels(sequelize));
    if (scale > 0) await multiply(sequelize, scale);
    else await sequelize.query('ANALYZE');
    const counts = await sequelize.query<{ requisitions: string; steps: string }>(
      'SELECT (SELECT count(*) FROM requisitions) AS requisitions, (SELECT count(*) FROM approval_steps) AS steps',
      { type: QueryTypes.SELECT },
    );
    console.info(`# ${counts[0]?.requisitions} requisitions, ${counts[0]?.steps} approval steps\n`);

    const config = {
      ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex') }),
      staticDir: null,
    };
    const server = await createServer(config, { sequelize });
    const login = async (email: string) => {
      const response = await server.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Password123!' },
      });
      const body = JSON.parse(response.payload) as {
        session: { access_token: string };
        user: { user_organizations: { organization: { id: string; name: string } }[] };
      };
      const acme = body.user.user_organizations.find((m) => m.organization.name.startsWith('Acme'));
      return { token: body.session.access_token, organizationId: acme?.organization.id ?? '' };
    };

    const scenarios: [string, string, string][] = [
      [
        'List, requisition.view_all (admin), first page',
        'admin@acme.test',
        '/api/requisitions?limit=10&offset=0',
      ],
      [
        'List, view_all, status filter',
        'admin@acme.test',
        '/api/requisitions?status=under_review&status=approved&limit=10',
      ],
      [
        'List, view_all, search by number fragment',
        'admin@acme.test',
        '/api/requisitions?search=00012&limit=10',
      ],
      ['List, own and approval steps only (user)', 'user@acme.test', '/api/requisitions?limit=10&offset=0'],
      ['Approval queue, Pending (manager)', 'manager@acme.test', '/api/approvals/pending?status=Pending'],
      ['Approval queue, Pending (finance, group steps)', 'finance@acme.test', '/api/approvals/pending'],
      [
        'Approval queue, Pending, due soonest (manager)',
        'manager@acme.test',
        '/api/approvals/pending?sort=due&limit=12',
      ],
      [
        'Approval queue, Pending, due soonest (finance, group steps)',
        'finance@acme.test',
        '/api/approvals/pending?sort=due',
      ],
      ['Approval queue, Completed (manager)', 'manager@acme.test', '/api/approvals/pending?status=Completed'],
    ];
    for (const [title, email, path] of scenarios) {
      const { token, organizationId } = await login(email);
      captured.length = 0;
      capturing = true;
      const response: ServerInjectResponse = await server.inject({
        method: 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId },
      });
      capturing = false;
      console.info(`## ${title}\n\n\`GET ${path}\` as ${email}: HTTP ${response.statusCode}\n`);
      const reads = captured.filter(
        (q) => /^\s*(WITH|SELECT)/i.test(q.sql) && /requisitions|approval_steps/.test(q.sql),
      );
      for (const query of reads) {
        const plan = await sequelize
          .transaction(async (transaction) => {
            if (noSeqScan) await sequelize.query('SET LOCAL enable_seqscan = off', { transaction });
            return sequelize.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${query.sql}`,
              { bind: query.bind, type: QueryTypes.SELECT, transaction },
            );
          })
          // A statement logged with another one's bind values (Sequelize's log is not always exact).
          .catch((error: Error) => [{ 'QUERY PLAN': `(not explained: ${error.message})` }]);
        console.info('```');
        console.info(plan.map((row) => row['QUERY PLAN']).join('\n'));
        console.info('```\n');
      }
    }
    await server.stop();
  } finally {
    await sequelize.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
