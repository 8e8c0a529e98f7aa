import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Row-level security as a second line behind the services' own `organization_id = $n` filters
 * (issue 11, docs/adr/004-row-level-security.md).
 *
 * The organisation of the current request is the session setting `app.organization_id`, set on
 * every connection the application acquires (api/src/db/tenant-context.ts). When it is set, a row
 * of another organisation is invisible and cannot be written; when it is unset or empty (sign-in,
 * /auth/me, the mail dispatcher, migrations, the seed, the command line) the policies let every
 * row through, because those calls legitimately span organisations.
 *
 * RLS is enabled and FORCED, so it also holds for the tables' owner (a managed server's migration
 * user). Superusers and BYPASSRLS roles still skip it: run the application as a plain role
 * (`npm run db:app-role -w api`).
 */

/** Tables that carry `organization_id` (and `organizations` itself, by `id`). */
export const ORGANIZATION_TABLES = [
  'roles',
  'departments',
  'user_organizations',
  'cost_centers',
  'gl_accounts',
  'budgets',
  'vendors',
  'products',
  'number_sequences',
  'requisitions',
  'approval_steps',
  'purchase_orders',
  'attachments',
  'audit_logs',
] as const;

/** Child tables without `organization_id`: visible when their parent row is. */
export const CHILD_TABLES = [
  { table: 'requisition_line_items', parent: 'requisitions', key: 'requisition_id' },
  { table: 'po_line_items', parent: 'purchase_orders', key: 'purchase_order_id' },
  { table: 'role_permissions', parent: 'roles', key: 'role_id' },
] as const;

/** The current organisation, or NULL when none is set. Inlined by the planner (SQL, STABLE). */
const CURRENT = '(SELECT app_current_organization_id())';

const policy = (table: string, condition: string) => `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
  CREATE POLICY organization_isolation ON ${table}
    USING (${CURRENT} IS NULL OR ${condition})
    WITH CHECK (${CURRENT} IS NULL OR ${condition});`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE FUNCTION app_current_organization_id() RETURNS uuid
      LANGUAGE sql STABLE PARALLEL SAFE
      AS $$ SELECT NULLIF(current_setting('app.organization_id', true), '')::uuid $$;
    COMMENT ON FUNCTION app_current_organization_id() IS
      'The organisation of the current request (setting app.organization_id), NULL when none is set: row-level security policies organization_isolation.';
    ${policy('organizations', `id = ${CURRENT}`)}
    ${ORGANIZATION_TABLES.map((table) => policy(table, `organization_id = ${CURRENT}`)).join('\n')}
    ${CHILD_TABLES.map(({ table, parent, key }) =>
      // The parent's own policy applies inside the subquery; the explicit organisation condition
      // keeps the check correct even for a role that bypasses the parent's RLS.
      policy(
        table,
        `EXISTS (SELECT 1 FROM ${parent} p WHERE p.id = ${table}.${key} AND p.organization_id = ${CURRENT})`,
      ),
    ).join('\n')}
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  const tables = ['organizations', ...ORGANIZATION_TABLES, ...CHILD_TABLES.map(({ table }) => table)];
  await runSql(
    ctx,
    `
    ${tables
      .map(
        (table) => `
      DROP POLICY organization_isolation ON ${table};
      ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY;
      ALTER TABLE ${table} DISABLE ROW LEVEL SECURITY;`,
      )
      .join('\n')}
    DROP FUNCTION app_current_organization_id();
    `,
  );
}
