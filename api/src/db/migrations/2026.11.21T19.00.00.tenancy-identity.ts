import { type MigrationContext, runSql } from '../migrator.js';

/** Frozen at the time of this migration: later permissions arrive with later migrations. */
const permissions: [string, string][] = [
  ['requisition.create', 'Create, edit and submit own requisitions'],
  ['requisition.view_all', 'View every requisition of the organisation'],
  ['approval.act', 'Approve, reject, request information on and delegate requisitions'],
  ['purchase_order.view', 'View purchase orders'],
  ['purchase_order.manage', 'Create, edit, send and cancel purchase orders'],
  ['purchase_order.receive', 'Record receipt of purchase orders'],
  ['user.create', 'Create users and send invitations'],
  ['user.edit', 'Edit users, their roles, departments and managers'],
  ['user.delete', 'Deactivate users'],
  ['org.settings', 'Manage organisation settings and departments'],
  ['role.manage', 'Create, edit and delete roles and their permissions'],
  ['vendor.manage', 'Manage vendors'],
  ['product.manage', 'Manage products'],
  ['budget.view', 'View budgets and budget checks'],
  ['report.view', 'View reports'],
];

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Organisations, users, permissions, roles, departments and memberships. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{0,31}$'),
      address text,
      phone text,
      website text,
      fiscal_year_start smallint NOT NULL DEFAULT 1 CHECK (fiscal_year_start BETWEEN 1 AND 12),
      fiscal_year_end smallint NOT NULL DEFAULT 12 CHECK (fiscal_year_end BETWEEN 1 AND 12),
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organizations_code_key UNIQUE (code)
    );

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = btrim(email) AND length(email) <= 254 AND email ~ '^[^@\\s]+@[^@\\s]+$'),
      password_hash text,
      first_name text NOT NULL CHECK (btrim(first_name) <> ''),
      last_name text NOT NULL CHECK (btrim(last_name) <> ''),
      phone text,
      avatar_url text,
      is_active boolean NOT NULL DEFAULT true,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Email is unique whatever its case; sign-in looks users up by lower(email).
    CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

    CREATE TABLE permissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (name ~ '^[a-z_]+\\.[a-z_]+$'),
      description text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT permissions_name_key UNIQUE (name)
    );
    INSERT INTO permissions (name, description) VALUES
      ${permissions.map(([name, description]) => `(${sqlString(name)}, ${sqlString(description)})`).join(',\n      ')};

    CREATE TABLE roles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 100),
      description text,
      is_system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT roles_organization_name_key UNIQUE (organization_id, name),
      CONSTRAINT roles_organization_id_id_key UNIQUE (organization_id, id)
    );

    CREATE TABLE role_permissions (
      role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
      permission_id uuid NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (role_id, permission_id)
    );
    CREATE INDEX role_permissions_permission_id_idx ON role_permissions (permission_id);

    CREATE TABLE departments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      code text NOT NULL CHECK (btrim(code) <> '' AND code = upper(code) AND length(code) <= 32),
      description text,
      department_head_id uuid REFERENCES users (id) ON DELETE SET NULL,
      parent_department_id uuid,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT departments_organization_code_key UNIQUE (organization_id, code),
      CONSTRAINT departments_organization_id_id_key UNIQUE (organization_id, id),
      CONSTRAINT departments_not_own_parent CHECK (parent_department_id IS NULL OR parent_department_id <> id),
      -- The parent belongs to the same organisation.
      CONSTRAINT departments_parent_fkey FOREIGN KEY (organization_id, parent_department_id)
        REFERENCES departments (organization_id, id) ON DELETE SET NULL (parent_department_id)
    );
    CREATE INDEX departments_department_head_id_idx ON departments (department_head_id);
    CREATE INDEX departments_parent_department_id_idx ON departments (parent_department_id);

    CREATE TABLE user_organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      role_id uuid NOT NULL,
      department_id uuid,
      manager_id uuid REFERENCES users (id) ON DELETE SET NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT user_organizations_user_organization_key UNIQUE (user_id, organization_id),
      CONSTRAINT user_organizations_not_own_manager CHECK (manager_id IS NULL OR manager_id <> user_id),
      -- Role and department belong to the membership's organisation.
      CONSTRAINT user_organizations_role_fkey FOREIGN KEY (organization_id, role_id)
        REFERENCES roles (organization_id, id) ON DELETE RESTRICT,
      CONSTRAINT user_organizations_department_fkey FOREIGN KEY (organization_id, department_id)
        REFERENCES departments (organization_id, id) ON DELETE SET NULL (department_id)
    );
    CREATE INDEX user_organizations_organization_id_idx ON user_organizations (organization_id, is_active);
    CREATE INDEX user_organizations_role_id_idx ON user_organizations (role_id);
    CREATE INDEX user_organizations_department_id_idx ON user_organizations (department_id);
    CREATE INDEX user_organizations_manager_id_idx ON user_organizations (manager_id);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TABLE user_organizations;
    DROP TABLE departments;
    DROP TABLE role_permissions;
    DROP TABLE roles;
    DROP TABLE permissions;
    DROP TABLE users;
    DROP TABLE organizations;
    DROP EXTENSION IF EXISTS pg_trgm;
    `,
  );
}
