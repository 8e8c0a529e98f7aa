import { type MigrationContext, runSql } from '../migrator.js';

/** Cost centres, GL accounts, budgets, vendors and products. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE cost_centers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (btrim(code) <> '' AND length(code) <= 32),
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      description text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT cost_centers_organization_code_key UNIQUE (organization_id, code),
      CONSTRAINT cost_centers_organization_id_id_key UNIQUE (organization_id, id)
    );

    CREATE TABLE gl_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (btrim(code) <> '' AND length(code) <= 32),
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      description text,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT gl_accounts_organization_code_key UNIQUE (organization_id, code),
      CONSTRAINT gl_accounts_organization_id_id_key UNIQUE (organization_id, id)
    );

    CREATE TABLE budgets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      cost_center_id uuid NOT NULL,
      fiscal_year integer NOT NULL CHECK (fiscal_year BETWEEN 2000 AND 2200),
      allocated_amount numeric(14, 2) NOT NULL CHECK (allocated_amount >= 0),
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT budgets_cost_center_fiscal_year_key UNIQUE (cost_center_id, fiscal_year),
      CONSTRAINT budgets_cost_center_fkey FOREIGN KEY (organization_id, cost_center_id)
        REFERENCES cost_centers (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX budgets_organization_fiscal_year_idx ON budgets (organization_id, fiscal_year);

    CREATE TABLE vendors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      contact_name text,
      email text CHECK (email IS NULL OR email ~ '^[^@\\s]+@[^@\\s]+$'),
      phone text,
      website text,
      address text,
      city text,
      state_province text,
      postal_code text,
      country text,
      payment_terms text CHECK (payment_terms IN ('Net 15', 'Net 30', 'Net 45', 'Net 60', 'Due on Receipt', 'COD')),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT vendors_organization_id_id_key UNIQUE (organization_id, id)
    );
    CREATE INDEX vendors_organization_name_idx ON vendors (organization_id, lower(name));
    CREATE INDEX vendors_name_trgm_idx ON vendors USING gin (name gin_trgm_ops);

    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      vendor_id uuid,
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 200),
      description text,
      sku text CHECK (sku IS NULL OR (btrim(sku) <> '' AND length(sku) <= 64)),
      unit_price numeric(14, 2) NOT NULL DEFAULT 0 CHECK (unit_price >= 0),
      unit_of_measure text NOT NULL DEFAULT 'each'
        CHECK (unit_of_measure IN ('each', 'box', 'case', 'dozen', 'kg', 'lbs', 'meter', 'liter', 'hours', 'days')),
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT products_organization_id_id_key UNIQUE (organization_id, id),
      -- The vendor belongs to the product's organisation.
      CONSTRAINT products_vendor_fkey FOREIGN KEY (organization_id, vendor_id)
        REFERENCES vendors (organization_id, id) ON DELETE SET NULL (vendor_id)
    );
    CREATE UNIQUE INDEX products_organization_sku_key ON products (organization_id, sku) WHERE sku IS NOT NULL;
    CREATE INDEX products_organization_name_idx ON products (organization_id, name);
    CREATE INDEX products_vendor_id_idx ON products (vendor_id);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TABLE products;
    DROP TABLE vendors;
    DROP TABLE budgets;
    DROP TABLE gl_accounts;
    DROP TABLE cost_centers;
    `,
  );
}
