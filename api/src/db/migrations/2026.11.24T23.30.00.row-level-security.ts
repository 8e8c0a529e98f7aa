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
  // Links issued by an organisation's administrator carry it; the user's own forgot-password links
  // have none (NULL): visible only outside any organisation, where the public flows run.
  'password_tokens',
] as const;

/**
 * Child tables that had no `organization_id`: they get the column (filled from the parent by a
 * trigger, so inserts need not name it, and tied to the parent by a composite foreign key), then the
 * same policy as every other table. A policy probing the parent row (EXISTS) cost 0.1 ms of planning
 * and execution per query that touches the child, a third of the whole overhead of RLS on the list.
 */
export const CHILD_TABLES = [
  { table: 'requisition_line_items', parent: 'requisitions', key: 'requisition_id' },
  { table: 'po_line_items', parent: 'purchase_orders', key: 'purchase_order_id' },
  { table: 'role_permissions', parent: 'roles', key: 'role_id' },
] as const;

/**
 * The current organisation, or NULL when none is set. Written out rather than as a SQL function:
 * inlining a function re-parses its body at every planning, which doubled the policies' planning cost.
 */
const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";

/**
 * One comparison per row, `column = COALESCE(current, column)`: with no organisation set it compares
 * the column with itself (true for every row, the column being NOT NULL), else with the current one.
 * Cheaper to plan and run than `current IS NULL OR column = current` (measured with pgbench on the
 * requisition list's statements). A nullable column (password_tokens: the user's own links have none)
 * keeps the OR form, so that its NULL rows stay visible outside any organisation.
 */
const policy = (table: string, column = 'organization_id', nullable = false) => {
  const rule = nullable
    ? `(${CURRENT} IS NULL OR ${column} = ${CURRENT})`
    : `(${column} = COALESCE(${CURRENT}, ${column}))`;
  return `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
  CREATE POLICY organization_isolation ON ${table} USING ${rule} WITH CHECK ${rule};`;
};

/** Organisation-scoped tables whose `organization_id` may be NULL (see {@link policy}). */
const NULLABLE: ReadonlySet<string> = new Set(['password_tokens']);

const denormalise = ({ table, parent, key }: (typeof CHILD_TABLES)[number]) => `
  ALTER TABLE ${table} ADD COLUMN organization_id uuid;
  UPDATE ${table} c SET organization_id = p.organization_id FROM ${parent} p WHERE p.id = c.${key};
  ALTER TABLE ${table} ALTER COLUMN organization_id SET NOT NULL;
  ALTER TABLE ${table} ADD CONSTRAINT ${table}_organization_fkey FOREIGN KEY (organization_id, ${key})
    REFERENCES ${parent} (organization_id, id) ON DELETE CASCADE;
  CREATE FUNCTION ${table}_set_organization() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- The parent as the current role sees it: another organisation's parent is not found.
      SELECT organization_id INTO NEW.organization_id FROM ${parent} WHERE id = NEW.${key};
      RETURN NEW;
    END $$;
  CREATE TRIGGER ${table}_set_organization BEFORE INSERT OR UPDATE OF ${key} ON ${table}
    FOR EACH ROW EXECUTE FUNCTION ${table}_set_organization();`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ${CHILD_TABLES.map(denormalise).join('\n')}
    ${policy('organizations', 'id')}
    ${[...ORGANIZATION_TABLES, ...CHILD_TABLES.map(({ table }) => table)]
      .map((table) => policy(table, 'organization_id', NULLABLE.has(table)))
      .join('\n')}
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
    ${CHILD_TABLES.map(
      ({ table }) => `
      DROP TRIGGER ${table}_set_organization ON ${table};
      DROP FUNCTION ${table}_set_organization();
      ALTER TABLE ${table} DROP COLUMN organization_id;`,
    ).join('\n')}
    `,
  );
}
