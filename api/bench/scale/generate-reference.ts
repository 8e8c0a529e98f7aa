/**
 * Writes the layout (layout.ts) into the project's tables — organisations with the default roles and
 * approval policy, departments, people and their memberships, cost centres, GL accounts, vendors,
 * products — and into the work tables (`scale_work.*`) the set-based SQL joins on. Arrays travel as
 * bind parameters through `unnest`, one statement per table.
 */
import type pg from 'pg';
import {
  DEFAULT_ROLES,
  defaultOrganizationSettings,
  PERMISSION_DESCRIPTIONS,
} from '../../src/db/defaults.js';
import type { Layout } from './layout.js';

const FIVE_YEARS_AGO = "now() - interval '5 years' - interval '30 days'";

/** Inserts the layout into the application's tables, every password hash being `passwordHash`. */
export async function insertReference(
  client: pg.Client,
  layout: Layout,
  passwordHash: string,
): Promise<void> {
  const { orgs, users, departments } = layout;
  const permissions = Object.entries(PERMISSION_DESCRIPTIONS);
  await client.query(
    `INSERT INTO permissions (name, description) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (name) DO NOTHING`,
    [permissions.map(([name]) => name), permissions.map(([, description]) => description)],
  );
  await client.query(
    `INSERT INTO organizations (id, name, code, address, phone, website, currency, settings, created_at, updated_at)
     SELECT id, name, code, address, '+61 2 9' || lpad((1000000 + i * 7919 % 999999)::text, 7, '0'),
            'https://www.' || domain, 'AUD', $6::jsonb, ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
            AS t(id, name, code, address, domain, i)`,
    [
      orgs.map((o) => o.id),
      orgs.map((o) => o.name),
      orgs.map((o) => o.code),
      orgs.map((o) => o.address),
      orgs.map((o) => o.domain),
      JSON.stringify(defaultOrganizationSettings()),
    ],
  );
  const orgIds = orgs.map((o) => o.id);
  await client.query(
    `INSERT INTO roles (organization_id, name, description, is_system, created_at, updated_at)
     SELECT o.id, r.name, r.description, true, ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[]) AS o(id) CROSS JOIN unnest($2::text[], $3::text[]) AS r(name, description)`,
    [orgIds, DEFAULT_ROLES.map((r) => r.name), DEFAULT_ROLES.map((r) => r.description)],
  );
  const grants = DEFAULT_ROLES.flatMap((role) => role.permissions.map((name) => [role.name, name] as const));
  await client.query(
    `INSERT INTO role_permissions (role_id, permission_id)
     SELECT ro.id, p.id
       FROM unnest($2::text[], $3::text[]) AS g(role_name, permission)
       JOIN roles ro ON ro.name = g.role_name AND ro.organization_id = ANY($1::uuid[])
       JOIN permissions p ON p.name = g.permission`,
    [orgIds, grants.map(([role]) => role), grants.map(([, permission]) => permission)],
  );
  await client.query(
    `INSERT INTO departments (id, organization_id, name, code, description, created_at, updated_at)
     SELECT id, org, name, code, name || ' department', ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS t(id, org, name, code)`,
    [
      departments.map((d) => d.id),
      departments.map((d) => orgs[d.orgIdx]!.id),
      departments.map((d) => d.name),
      departments.map((d) => d.code),
    ],
  );
  await client.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, is_active, email_verified_at,
                        created_at, updated_at)
     SELECT id, email, $5, first_name, last_name, '04' || lpad((i * 7477 % 100000000)::text, 8, '0'), true,
            ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY
            AS t(id, email, first_name, last_name, i)`,
    [
      users.map((u) => u.id),
      users.map((u) => u.email),
      users.map((u) => u.firstName),
      users.map((u) => u.lastName),
      passwordHash,
    ],
  );
  const deptId = (orgIdx: number, idx: number) =>
    departments.find((d) => d.orgIdx === orgIdx && d.idx === idx)!.id;
  await client.query(
    `INSERT INTO user_organizations (user_id, organization_id, role_id, department_id, manager_id, is_active,
                                     accepted_at, created_at, updated_at)
     SELECT t.user_id, t.org, ro.id, t.department_id, t.manager_id, true,
            ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[])
            AS t(user_id, org, role_name, department_id, manager_id)
       JOIN roles ro ON ro.organization_id = t.org AND ro.name = t.role_name`,
    [
      users.map((u) => u.id),
      users.map((u) => orgs[u.orgIdx]!.id),
      users.map((u) => u.role),
      users.map((u) => deptId(u.orgIdx, u.deptIdx)),
      users.map((u) => u.managerId),
    ],
  );
  await client.query(
    `UPDATE departments d SET department_head_id = t.head FROM unnest($1::uuid[], $2::uuid[]) AS t(id, head)
      WHERE d.id = t.id`,
    [departments.map((d) => d.id), departments.map((d) => d.headId)],
  );
  for (const [table, rows] of [
    ['cost_centers', layout.costCenters],
    ['gl_accounts', layout.glAccounts],
  ] as const) {
    await client.query(
      `INSERT INTO ${table} (id, organization_id, code, name, created_at, updated_at)
       SELECT id, org, code, name, ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS t(id, org, code, name)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => orgs[r.orgIdx]!.id),
        rows.map((r) => r.code),
        rows.map((r) => r.name),
      ],
    );
  }
  await client.query(
    `INSERT INTO vendors (id, organization_id, name, contact_name, email, phone, city, country, payment_terms,
                          created_at, updated_at)
     SELECT id, org, name, 'Accounts team', 'orders@' || lower(regexp_replace(name, '[^A-Za-z]+', '', 'g')) || '.example',
            '1300 ' || lpad((i * 613 % 1000000)::text, 6, '0'), 'Sydney', 'Australia',
            (ARRAY['Net 30', 'Net 15', 'Net 45', 'Net 60'])[1 + i % 4], ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS t(id, org, name, i)`,
    [
      layout.vendors.map((v) => v.id),
      layout.vendors.map((v) => orgs[v.orgIdx]!.id),
      layout.vendors.map((v) => v.name),
    ],
  );
  const products = layout.products;
  await client.query(
    `INSERT INTO products (id, organization_id, vendor_id, name, sku, unit_price, unit_of_measure, currency,
                           created_at, updated_at)
     SELECT id, org, vendor, name, sku, cents / 100.0, unit, 'AUD', ${FIVE_YEARS_AGO}, ${FIVE_YEARS_AGO}
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::text[])
            AS t(id, org, vendor, name, sku, cents, unit)`,
    [
      products.map((p) => p.id),
      products.map((p) => orgs[p.orgIdx]!.id),
      products.map((p) => p.vendorId),
      products.map((p) => p.name),
      products.map((p) => p.sku),
      products.map((p) => p.priceCents),
      products.map((p) => p.unit),
    ],
  );
}

/** Creates the work tables the set-based SQL joins on: dense indexes (`k`) per organisation. */
export async function insertWorkTables(client: pg.Client, layout: Layout): Promise<void> {
  const { orgs, users } = layout;
  const usersOf = (orgIdx: number) => users.filter((u) => u.orgIdx === orgIdx);
  await client.query(`
    CREATE UNLOGGED TABLE scale_work.org (org_idx int PRIMARY KEY, id uuid, name text, address text, n_req int,
      n_requestors int, n_busy int, n_other int, n_stock int, n_cc int, n_gl int, n_vendor int, n_product int, n_fm int, gm_id uuid);
    CREATE UNLOGGED TABLE scale_work.req_user (org_idx int, pool text, k int, user_id uuid, manager_id uuid,
      head_id uuid, dept_id uuid, PRIMARY KEY (org_idx, pool, k));
    CREATE UNLOGGED TABLE scale_work.ref (kind text, org_idx int, k int, id uuid, PRIMARY KEY (kind, org_idx, k));
    CREATE UNLOGGED TABLE scale_work.product (org_idx int, k int, id uuid, name text, unit text, price_cents bigint,
      PRIMARY KEY (org_idx, k));
    CREATE UNLOGGED TABLE scale_work.fm (org_idx int, k int, user_id uuid, PRIMARY KEY (org_idx, k));`);
  const orgRows = orgs.map((o) => {
    const members = usersOf(o.idx);
    const requestors = members.filter((u) => u.requestor);
    const busy = requestors.filter((u) => u.busyTeam).length;
    return [
      o.idx,
      o.id,
      o.name,
      o.address,
      o.shape.requisitions,
      requestors.length,
      busy,
      requestors.length - busy,
      requestors.some((u) => u.submitter) ? o.shape.submitterDrafts : 0,
      o.shape.costCenters,
      o.shape.glAccounts,
      o.shape.vendors,
      o.shape.products,
      members.filter((u) => u.role === 'Finance Manager').length,
      members.find((u) => u.role === 'General Manager')!.id,
    ];
  });
  const column = (rows: unknown[][], i: number) => rows.map((row) => row[i]);
  await client.query(
    `INSERT INTO scale_work.org SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::int[],
       $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::int[],
       $15::uuid[])`,
    orgRows[0]!.map((_, i) => column(orgRows, i)),
  );
  const headOf = new Map(layout.departments.map((d) => [`${d.orgIdx}:${d.idx}`, d]));
  const userRows: unknown[][] = [];
  for (const org of orgs) {
    const requestors = usersOf(org.idx).filter((u) => u.requestor);
    const pools = {
      all: requestors,
      busy: requestors.filter((u) => u.busyTeam),
      other: requestors.filter((u) => !u.busyTeam),
      stock: requestors.filter((u) => u.submitter),
    };
    for (const [pool, members] of Object.entries(pools)) {
      members.forEach((u, k) => {
        const dept = headOf.get(`${u.orgIdx}:${u.deptIdx}`)!;
        userRows.push([org.idx, pool, k, u.id, u.managerId, dept.headId, dept.id]);
      });
    }
  }
  await client.query(
    `INSERT INTO scale_work.req_user SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::uuid[], $5::uuid[],
       $6::uuid[], $7::uuid[])`,
    userRows[0]!.map((_, i) => column(userRows, i)),
  );
  const refs = [
    ...layout.costCenters.map((r) => ['cc', r.orgIdx, r.idx, r.id]),
    ...layout.glAccounts.map((r) => ['gl', r.orgIdx, r.idx, r.id]),
    ...layout.vendors.map((r) => ['vendor', r.orgIdx, r.idx, r.id]),
  ];
  await client.query(
    'INSERT INTO scale_work.ref SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::uuid[])',
    [0, 1, 2, 3].map((i) => column(refs, i)),
  );
  const products = layout.products.map((p) => [p.orgIdx, p.idx, p.id, p.name, p.unit, p.priceCents]);
  await client.query(
    `INSERT INTO scale_work.product SELECT * FROM unnest($1::int[], $2::int[], $3::uuid[], $4::text[], $5::text[],
       $6::bigint[])`,
    [0, 1, 2, 3, 4, 5].map((i) => column(products, i)),
  );
  const fms = orgs.flatMap((o) =>
    usersOf(o.idx)
      .filter((u) => u.role === 'Finance Manager')
      .map((u, k) => [o.idx, k, u.id]),
  );
  await client.query(
    'INSERT INTO scale_work.fm SELECT * FROM unnest($1::int[], $2::int[], $3::uuid[])',
    [0, 1, 2].map((i) => column(fms, i)),
  );
  await client.query(
    'ANALYZE scale_work.org, scale_work.req_user, scale_work.ref, scale_work.product, scale_work.fm',
  );
}
