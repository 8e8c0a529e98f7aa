import { QueryTypes } from 'sequelize';
import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Every tenant table keyed by `organization_id` (issue 13, item 5; docs/adr/006-instances-and-sharding.md),
 * so that a distributed PostgreSQL (Citus, distribution column `organization_id`) can shard the schema
 * as it stands: Citus enforces a primary key, a unique key or a foreign key only when it holds the
 * distribution column. Checked by api/test/tenant-keys.test.ts.
 *
 * - Primary keys `(id)` become `(organization_id, id)`; the `UNIQUE (organization_id, id)` constraints
 *   that composite foreign keys referenced are folded into them. A plain (non-unique) index on `id`
 *   keeps the lookups by id alone (Sequelize's `UPDATE … WHERE id`, the child tables' triggers, a row
 *   fetched before its organisation is known) on an index scan: row-level security's
 *   `organization_id = COALESCE(current, organization_id)` cannot use the leading column.
 * - Foreign keys between tenant tables on one column become composite, `(organization_id, x_id)`;
 *   the single-column ones that merely doubled an existing composite key are dropped.
 * - Unique keys gain `organization_id` where the rule stays the same (the other columns already
 *   determine the organisation): budgets per cost centre and year, line positions, one open step and
 *   one live order per requisition, an attachment's storage key, a role's permissions.
 */

/** Tables whose primary key `(id)` becomes `(organization_id, id)`; `true`: also had `UNIQUE (organization_id, id)`. */
const REKEYED: Record<string, boolean> = {
  roles: true,
  departments: true,
  cost_centers: true,
  gl_accounts: true,
  vendors: true,
  products: true,
  requisitions: true,
  purchase_orders: true,
  user_organizations: false,
  budgets: false,
  requisition_line_items: false,
  approval_steps: false,
  po_line_items: false,
  attachments: false,
  audit_logs: false,
};

/** Append-only and never read by id alone: no index on `id`. */
const NO_ID_INDEX = new Set(['audit_logs']);

/** The single-column foreign keys between tenant tables before this migration (restored by `down`). */
const SINGLE_COLUMN_KEYS = [
  ['role_permissions', 'role_permissions_role_id_fkey', 'role_id', 'roles', 'CASCADE'],
  [
    'requisition_line_items',
    'requisition_line_items_requisition_id_fkey',
    'requisition_id',
    'requisitions',
    'CASCADE',
  ],
  ['requisition_line_items', 'requisition_line_items_product_id_fkey', 'product_id', 'products', 'SET NULL'],
  [
    'po_line_items',
    'po_line_items_purchase_order_id_fkey',
    'purchase_order_id',
    'purchase_orders',
    'CASCADE',
  ],
  ['po_line_items', 'po_line_items_product_id_fkey', 'product_id', 'products', 'SET NULL'],
  [
    'po_line_items',
    'po_line_items_requisition_line_item_id_fkey',
    'requisition_line_item_id',
    'requisition_line_items',
    'SET NULL',
  ],
] as const;

/** Unique keys widened with `organization_id`: [table, name, before, after]. */
const WIDENED = [
  [
    'budgets',
    'budgets_cost_center_fiscal_year_key',
    'UNIQUE (cost_center_id, fiscal_year)',
    'UNIQUE (organization_id, cost_center_id, fiscal_year)',
  ],
  [
    'requisition_line_items',
    'requisition_line_items_position_key',
    'UNIQUE (requisition_id, position) DEFERRABLE INITIALLY DEFERRED',
    'UNIQUE (organization_id, requisition_id, position) DEFERRABLE INITIALLY DEFERRED',
  ],
  [
    'po_line_items',
    'po_line_items_position_key',
    'UNIQUE (purchase_order_id, position) DEFERRABLE INITIALLY DEFERRED',
    'UNIQUE (organization_id, purchase_order_id, position) DEFERRABLE INITIALLY DEFERRED',
  ],
  [
    'attachments',
    'attachments_storage_key_key',
    'UNIQUE (storage_key)',
    'UNIQUE (organization_id, storage_key)',
  ],
  [
    'role_permissions',
    'role_permissions_pkey',
    'PRIMARY KEY (role_id, permission_id)',
    'PRIMARY KEY (organization_id, role_id, permission_id)',
  ],
] as const;

/** Partial unique indexes widened with `organization_id`: [name, table, columns before, predicate]. */
const WIDENED_INDEXES = [
  ['approval_steps_one_open_per_requisition', 'approval_steps', 'requisition_id', 'action IS NULL'],
  ['purchase_orders_one_live_per_requisition', 'purchase_orders', 'requisition_id', "status <> 'cancelled'"],
] as const;

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** Every foreign key that references one of `tables` (whatever migration made it). */
async function foreignKeysTo(ctx: MigrationContext, tables: string[]): Promise<ForeignKey[]> {
  return ctx.sequelize.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY(ARRAY[:tables]::text[])
      ORDER BY c.conname`,
    { replacements: { tables }, type: QueryTypes.SELECT, transaction: ctx.transaction },
  );
}

const drop = (keys: ForeignKey[]) =>
  keys.map(({ table, name }) => `ALTER TABLE ${table} DROP CONSTRAINT ${name};`).join('\n');
const add = (keys: ForeignKey[]) =>
  keys
    .map(({ table, name, definition }) => `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${definition};`)
    .join('\n');

const SINGLE = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\(id\)(?: ON DELETE (CASCADE|SET NULL|RESTRICT))?$/;

/**
 * A single-column key between tenant tables as a composite one, or null when a composite key on the
 * same columns already exists (the single one only doubled it).
 */
function composite(key: ForeignKey, all: ForeignKey[]): ForeignKey | null {
  const match = SINGLE.exec(key.definition);
  if (!match) return key;
  const [, column, parent, action] = match;
  const doubled = all.some(
    (other) =>
      other.table === key.table &&
      other.definition.startsWith(
        `FOREIGN KEY (organization_id, ${column}) REFERENCES ${parent}(organization_id, id)`,
      ),
  );
  if (doubled) return null;
  const onDelete =
    action === 'SET NULL' ? ` ON DELETE SET NULL (${column})` : action ? ` ON DELETE ${action}` : '';
  return {
    ...key,
    definition: `FOREIGN KEY (organization_id, ${column}) REFERENCES ${parent} (organization_id, id)${onDelete}`,
  };
}

export async function up(ctx: MigrationContext): Promise<void> {
  const tables = Object.keys(REKEYED);
  const keys = await foreignKeysTo(ctx, [...tables, 'role_permissions']);
  const rebuilt = keys.map((key) => composite(key, keys)).filter((key): key is ForeignKey => key !== null);
  await runSql(
    ctx,
    `
    ${drop(keys)}
    ${tables
      .map(
        (table) => `
    ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey;
    ${REKEYED[table] ? `ALTER TABLE ${table} DROP CONSTRAINT ${table}_organization_id_id_key;` : ''}
    ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (organization_id, id);
    ${NO_ID_INDEX.has(table) ? '' : `CREATE INDEX ${table}_id_idx ON ${table} (id);`}`,
      )
      .join('\n')}
    ${WIDENED.map(
      ([table, name, , after]) => `
    ALTER TABLE ${table} DROP CONSTRAINT ${name};
    ALTER TABLE ${table} ADD CONSTRAINT ${name} ${after};`,
    ).join('\n')}
    -- A role's permissions are read by role.
    CREATE INDEX role_permissions_role_id_idx ON role_permissions (role_id);
    ${WIDENED_INDEXES.map(
      ([name, table, columns, predicate]) => `
    DROP INDEX ${name};
    CREATE UNIQUE INDEX ${name} ON ${table} (organization_id, ${columns}) WHERE ${predicate};`,
    ).join('\n')}
    ${add(rebuilt)}
    `,
  );
}

/** Back to primary keys on `id` and the single-column keys. */
export async function down(ctx: MigrationContext): Promise<void> {
  const tables = Object.keys(REKEYED);
  const keys = await foreignKeysTo(ctx, [...tables, 'role_permissions']);
  const singleNames = new Set<string>(SINGLE_COLUMN_KEYS.map(([, name]) => name));
  const kept = keys.filter((key) => !singleNames.has(key.name));
  const singles: ForeignKey[] = SINGLE_COLUMN_KEYS.map(([table, name, column, parent, action]) => ({
    table,
    name,
    definition: `FOREIGN KEY (${column}) REFERENCES ${parent} (id) ON DELETE ${action}`,
  }));
  await runSql(
    ctx,
    `
    ${drop(keys)}
    ${WIDENED_INDEXES.map(
      ([name, table, columns, predicate]) => `
    DROP INDEX ${name};
    CREATE UNIQUE INDEX ${name} ON ${table} (${columns}) WHERE ${predicate};`,
    ).join('\n')}
    DROP INDEX role_permissions_role_id_idx;
    ${WIDENED.map(
      ([table, name, before]) => `
    ALTER TABLE ${table} DROP CONSTRAINT ${name};
    ALTER TABLE ${table} ADD CONSTRAINT ${name} ${before};`,
    ).join('\n')}
    ${tables
      .map(
        (table) => `
    ${NO_ID_INDEX.has(table) ? '' : `DROP INDEX ${table}_id_idx;`}
    ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey;
    ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id);
    ${REKEYED[table] ? `ALTER TABLE ${table} ADD CONSTRAINT ${table}_organization_id_id_key UNIQUE (organization_id, id);` : ''}`,
      )
      .join('\n')}
    ${add(kept)}
    ${add(singles)}
    `,
  );
}
