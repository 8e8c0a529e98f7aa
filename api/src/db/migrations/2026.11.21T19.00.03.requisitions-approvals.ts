import { type MigrationContext, runSql } from '../migrator.js';

/** Number sequences, requisitions, their line items and approval steps. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    -- One row per organisation, kind and year; taken with SELECT … FOR UPDATE (or an upsert) so
    -- numbers stay unique and gap-free under concurrency.
    CREATE TABLE number_sequences (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('REQ', 'PO')),
      year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
      last_value integer NOT NULL DEFAULT 0 CHECK (last_value >= 0),
      PRIMARY KEY (organization_id, kind, year)
    );

    CREATE TABLE requisitions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      requisition_number text NOT NULL CHECK (requisition_number ~ '^REQ-[0-9]{4}-[0-9]{5,}$'),
      status text NOT NULL DEFAULT 'draft' CHECK (status IN
        ('draft', 'submitted', 'under_review', 'info_requested', 'approved', 'rejected', 'cancelled', 'po_created')),
      category text NOT NULL DEFAULT 'standard'
        CHECK (category IN ('standard', 'freight', 'maintenance', 'utilities', 'services', 'capital')),
      justification text,
      delivery_date date,
      shipping_address text,
      notes text,
      total_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      requestor_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
      cost_center_id uuid NOT NULL,
      gl_account_id uuid NOT NULL,
      department_id uuid,
      submitted_at timestamptz,
      approved_at timestamptz,
      rejected_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT requisitions_organization_number_key UNIQUE (organization_id, requisition_number),
      CONSTRAINT requisitions_organization_id_id_key UNIQUE (organization_id, id),
      -- Cost centre, GL account and department belong to the requisition's organisation.
      CONSTRAINT requisitions_cost_center_fkey FOREIGN KEY (organization_id, cost_center_id)
        REFERENCES cost_centers (organization_id, id) ON DELETE RESTRICT,
      CONSTRAINT requisitions_gl_account_fkey FOREIGN KEY (organization_id, gl_account_id)
        REFERENCES gl_accounts (organization_id, id) ON DELETE RESTRICT,
      CONSTRAINT requisitions_department_fkey FOREIGN KEY (organization_id, department_id)
        REFERENCES departments (organization_id, id) ON DELETE SET NULL (department_id),
      CONSTRAINT requisitions_submitted_at_check CHECK (status = 'draft' OR submitted_at IS NOT NULL),
      CONSTRAINT requisitions_approved_at_check CHECK (status NOT IN ('approved', 'po_created') OR approved_at IS NOT NULL),
      CONSTRAINT requisitions_rejected_at_check CHECK (status <> 'rejected' OR rejected_at IS NOT NULL),
      CONSTRAINT requisitions_cancelled_at_check CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL)
    );
    CREATE INDEX requisitions_organization_status_idx ON requisitions (organization_id, status, created_at DESC);
    CREATE INDEX requisitions_organization_requestor_idx ON requisitions (organization_id, requestor_id, created_at DESC);
    CREATE INDEX requisitions_organization_cost_center_idx ON requisitions (organization_id, cost_center_id, created_at DESC);
    CREATE INDEX requisitions_organization_created_at_idx ON requisitions (organization_id, created_at DESC, id);
    CREATE INDEX requisitions_requestor_id_idx ON requisitions (requestor_id);
    CREATE INDEX requisitions_gl_account_id_idx ON requisitions (gl_account_id);
    CREATE INDEX requisitions_number_trgm_idx ON requisitions USING gin (requisition_number gin_trgm_ops);
    CREATE INDEX requisitions_justification_trgm_idx ON requisitions USING gin (justification gin_trgm_ops);

    CREATE TABLE requisition_line_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      requisition_id uuid NOT NULL REFERENCES requisitions (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      product_id uuid REFERENCES products (id) ON DELETE SET NULL,
      description text NOT NULL CHECK (btrim(description) <> ''),
      quantity integer NOT NULL CHECK (quantity >= 1),
      unit_price numeric(14, 2) NOT NULL CHECK (unit_price >= 0),
      unit_of_measure text NOT NULL DEFAULT 'each'
        CHECK (unit_of_measure IN ('each', 'box', 'case', 'dozen', 'kg', 'lbs', 'meter', 'liter', 'hours', 'days')),
      notes text,
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      tax_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
      total_amount numeric(14, 2) NOT NULL CHECK (total_amount >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- Prices are stored to the cent, so the product is exact: no rounding can hide a wrong total.
      CONSTRAINT requisition_line_items_total_check CHECK (total_amount = quantity * unit_price + tax_amount),
      CONSTRAINT requisition_line_items_position_key UNIQUE (requisition_id, position) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX requisition_line_items_product_id_idx ON requisition_line_items (product_id);

    CREATE TABLE approval_steps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      requisition_id uuid NOT NULL,
      round integer NOT NULL DEFAULT 1 CHECK (round >= 1),
      approval_level integer NOT NULL CHECK (approval_level >= 1),
      level_title text NOT NULL CHECK (btrim(level_title) <> ''),
      approver_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      approver_role_name text,
      action text CHECK (action IN ('approve', 'auto_approve', 'reject', 'request_info', 'delegate')),
      comments text,
      actioned_at timestamptz,
      actioned_by_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      delegated_from_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      pass_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT approval_steps_requisition_fkey FOREIGN KEY (organization_id, requisition_id)
        REFERENCES requisitions (organization_id, id) ON DELETE CASCADE,
      CONSTRAINT approval_steps_actioned_check CHECK ((action IS NULL) = (actioned_at IS NULL)),
      CONSTRAINT approval_steps_open_has_approver_check
        CHECK (action IS NOT NULL OR approver_id IS NOT NULL OR approver_role_name IS NOT NULL),
      CONSTRAINT approval_steps_comment_required_check
        CHECK (action NOT IN ('reject', 'request_info') OR btrim(coalesce(comments, '')) <> '')
    );
    -- Levels run one at a time: a requisition has at most one open step.
    CREATE UNIQUE INDEX approval_steps_one_open_per_requisition ON approval_steps (requisition_id) WHERE action IS NULL;
    CREATE INDEX approval_steps_requisition_idx ON approval_steps (requisition_id, round, approval_level, created_at);
    CREATE INDEX approval_steps_open_approver_idx ON approval_steps (approver_id) WHERE action IS NULL;
    CREATE INDEX approval_steps_open_group_idx ON approval_steps (organization_id, approver_role_name)
      WHERE action IS NULL AND approver_id IS NULL;
    CREATE INDEX approval_steps_approver_id_idx ON approval_steps (approver_id, actioned_at DESC);
    CREATE INDEX approval_steps_actioned_by_idx ON approval_steps (actioned_by_id, actioned_at DESC);
    CREATE INDEX approval_steps_delegated_from_idx ON approval_steps (delegated_from_id);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TABLE approval_steps;
    DROP TABLE requisition_line_items;
    DROP TABLE requisitions;
    DROP TABLE number_sequences;
    `,
  );
}
