/**
 * The hot paths the scale benchmark measures, built from the generated database: which user asks,
 * for what, and with which ids (a cost centre, a requisition, drafts to submit, pending steps to
 * approve). Read with the administrator's connection; the API itself runs as the plain role.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { parse } from 'yaml';
import type { ScaleUsers } from './accounts.js';

/** One read: a GET as one of the bench users. */
export interface ReadScenario {
  name: string;
  user: keyof ScaleUsers['users'];
  path: string;
}

/** Ids the scenarios need, read from the database. */
export interface ScenarioData {
  costCenterId: string;
  glAccountId: string;
  product: { id: string; name: string; unit_price: string; unit_of_measure: string };
  detailId: string;
  number: string;
  counts: Record<string, string>;
}

export async function readScenarioData(client: pg.Client, users: ScaleUsers): Promise<ScenarioData> {
  const org = users.organization.id;
  const one = async <T extends object>(sql: string, values: unknown[] = []) => {
    const { rows } = await client.query<T & pg.QueryResultRow>(sql, values);
    if (!rows[0]) throw new Error(`nothing found: ${sql}`);
    return rows[0];
  };
  const cc = await one<{ id: string }>(
    `SELECT cost_center_id AS id FROM requisitions WHERE organization_id = $1
      GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    [org],
  );
  const gl = await one<{ id: string }>(
    'SELECT id FROM gl_accounts WHERE organization_id = $1 ORDER BY code LIMIT 1',
    [org],
  );
  const product = await one<ScenarioData['product']>(
    `SELECT id, name, unit_price::text, unit_of_measure FROM products
      WHERE organization_id = $1 AND is_active ORDER BY sku LIMIT 1`,
    [org],
  );
  // A typical record of the middle of the table: ordered, three lines, several approval levels.
  const detail = await one<{ id: string; requisition_number: string }>(
    `SELECT r.id, r.requisition_number FROM requisitions r
      WHERE r.organization_id = $1 AND r.status = 'po_created'
        AND (SELECT count(*) FROM requisition_line_items l WHERE l.requisition_id = r.id) >= 2
        AND r.created_at < now() - interval '2 years'
      ORDER BY r.created_at DESC LIMIT 1`,
    [org],
  );
  const counts = await one<Record<string, string>>(
    `SELECT (SELECT count(*) FROM requisitions) AS requisitions,
            (SELECT count(*) FROM requisitions WHERE organization_id = $1) AS requisitions_in_org,
            (SELECT count(*) FROM requisition_line_items) AS lines,
            (SELECT count(*) FROM approval_steps) AS approval_steps,
            (SELECT count(*) FROM purchase_orders) AS purchase_orders,
            (SELECT count(*) FROM users) AS users,
            (SELECT count(*) FROM approval_steps WHERE action IS NULL AND approver_id = $2) AS manager_pending`,
    [org, users.users.manager.id],
  );
  return {
    costCenterId: cc.id,
    glAccountId: gl.id,
    product,
    detailId: detail.id,
    number: detail.requisition_number,
    counts,
  };
}

/** The reads of the issue, in the order of its table. */
export function readScenarios(users: ScaleUsers, data: ScenarioData, today = new Date()): ReadScenario[] {
  const day = (daysAgo: number) =>
    new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const list = '/api/requisitions?limit=10';
  return [
    { name: 'GET /api/health', user: 'admin', path: '/api/health' },
    { name: 'requisition list, page 1', user: 'admin', path: `${list}&offset=0` },
    { name: 'list, page 5,000 (offset 49,990)', user: 'admin', path: `${list}&offset=49990` },
    { name: 'list, status=approved', user: 'admin', path: `${list}&status=approved` },
    { name: 'list, category=capital', user: 'admin', path: `${list}&category=capital` },
    { name: 'list, cost_center_id', user: 'admin', path: `${list}&cost_center_id=${data.costCenterId}` },
    {
      name: 'list, one month a year ago',
      user: 'admin',
      path: `${list}&date_from=${day(395)}&date_to=${day(365)}`,
    },
    { name: 'list, search=Uma', user: 'admin', path: `${list}&search=Uma` },
    { name: `list, search=${data.number}`, user: 'admin', path: `${list}&search=${data.number}` },
    { name: 'list as a plain User', user: 'user', path: `${list}&offset=0` },
    {
      name: 'approval queue, Pending (busy manager)',
      user: 'manager',
      path: '/api/approvals/pending?status=Pending',
    },
    {
      name: 'approval queue, Completed (busy manager)',
      user: 'manager',
      path: '/api/approvals/pending?status=Completed',
    },
    { name: 'requisition detail', user: 'admin', path: `/api/requisitions/${data.detailId}` },
    {
      name: 'dashboard summary (busy manager)',
      user: 'manager',
      path: `/api/organizations/${users.organization.id}/summary`,
    },
    { name: 'purchase order list', user: 'admin', path: '/api/purchase-orders?limit=10&offset=0' },
    // The reports (issue 16 item 4), each over its default period (the last twelve months).
    { name: 'report: spend by month', user: 'admin', path: '/api/reports/spend?group_by=month' },
    { name: 'report: spend by cost centre', user: 'admin', path: '/api/reports/spend?group_by=cost_center' },
    { name: 'report: spend by vendor', user: 'admin', path: '/api/reports/spend?group_by=vendor' },
    { name: 'report: spend by category', user: 'admin', path: '/api/reports/spend?group_by=category' },
    { name: 'report: budget against actual', user: 'admin', path: '/api/reports/budget-vs-actual' },
    {
      name: 'report: approval cycle time by level',
      user: 'admin',
      path: '/api/reports/approval-cycle-time?group_by=level',
    },
    {
      name: 'report: approval cycle time by approver',
      user: 'admin',
      path: '/api/reports/approval-cycle-time?group_by=approver',
    },
    { name: 'report: open commitments', user: 'admin', path: '/api/reports/open-commitments' },
  ];
}

/**
 * The query parameter that takes a list cursor, if the contract has one: a parameter of
 * `listRequisitions` whose name contains "cursor".
 */
export async function cursorParameter(openapiPath: string): Promise<string | null> {
  const doc = parse(await readFile(openapiPath, 'utf8')) as {
    paths: Record<
      string,
      Record<string, { operationId?: string; parameters?: { $ref?: string; name?: string }[] }>
    >;
    components: { parameters: Record<string, { name: string }> };
  };
  for (const item of Object.values(doc.paths)) {
    const operation = Object.values(item).find((op) => op?.operationId === 'listRequisitions');
    if (!operation) continue;
    for (const parameter of operation.parameters ?? []) {
      const name = parameter.$ref
        ? doc.components.parameters[path.basename(parameter.$ref)]?.name
        : parameter.name;
      if (name && /cursor/i.test(name)) return name;
    }
  }
  return null;
}

/** A string field of `pagination` named like a cursor, preferring the one to the next page. */
export function cursorIn(pagination: Record<string, unknown> | undefined): string | null {
  const fields = Object.entries(pagination ?? {}).filter(
    ([name, value]) => /cursor/i.test(name) && typeof value === 'string' && value !== '',
  );
  const next = fields.find(([name]) => /next|after/i.test(name)) ?? fields[0];
  return next ? (next[1] as string) : null;
}

/**
 * The cursor that leads to page `page` of the first-page list: the cursor the answer for page
 * `page - 1` (asked by offset) carries; failing that, found by walking from page 1 with cursors.
 * Null when the API answers no cursor.
 */
export async function cursorForPage(
  get: (path: string) => Promise<{ pagination?: Record<string, unknown> }>,
  parameter: string,
  page: number,
): Promise<{ cursor: string; walked: number; ms: number } | null> {
  const started = Date.now();
  const previous = await get(`/api/requisitions?limit=10&offset=${(page - 2) * 10}`);
  const direct = cursorIn(previous.pagination);
  if (direct) return { cursor: direct, walked: 0, ms: Date.now() - started };
  let cursor = cursorIn((await get('/api/requisitions?limit=10&offset=0')).pagination);
  let walked = 1;
  while (cursor && walked < page - 1) {
    cursor = cursorIn(
      (await get(`/api/requisitions?limit=10&${parameter}=${encodeURIComponent(cursor)}`)).pagination,
    );
    walked += 1;
  }
  return cursor ? { cursor, walked, ms: Date.now() - started } : null;
}
