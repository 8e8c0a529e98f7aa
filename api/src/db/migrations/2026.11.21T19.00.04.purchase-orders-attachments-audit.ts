import { type MigrationContext, runSql } from '../migrator.js';

/** Purchase orders and their lines, attachments (metadata and bytes) and the audit log. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE purchase_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      po_number text NOT NULL CHECK (po_number ~ '^PO-[0-9]{4}-[0-9]{5,}$'),
      requisition_id uuid,
      vendor_id uuid,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'received', 'cancelled')),
      total_amount numeric(14, 2) NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
      currency char(3) NOT NULL DEFAULT 'AUD' CHECK (currency ~ '^[A-Z]{3}$'),
      delivery_date date,
      payment_terms text NOT NULL DEFAULT 'Net 30'
        CHECK (payment_terms IN ('Net 15', 'Net 30', 'Net 45', 'Net 60', 'Due on Receipt', 'COD')),
      notes text,
      shipping_address text,
      billing_address text,
      sent_at timestamptz,
      received_at timestamptz,
      received_date date,
      received_notes text,
      cancelled_at timestamptz,
      cancel_reason text,
      created_by_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT purchase_orders_organization_number_key UNIQUE (organization_id, po_number),
      CONSTRAINT purchase_orders_organization_id_id_key UNIQUE (organization_id, id),
      -- Requisition and vendor belong to the order's organisation.
      CONSTRAINT purchase_orders_requisition_fkey FOREIGN KEY (organization_id, requisition_id)
        REFERENCES requisitions (organization_id, id) ON DELETE RESTRICT,
      CONSTRAINT purchase_orders_vendor_fkey FOREIGN KEY (organization_id, vendor_id)
        REFERENCES vendors (organization_id, id) ON DELETE RESTRICT,
      CONSTRAINT purchase_orders_sent_at_check CHECK (status NOT IN ('sent', 'received') OR sent_at IS NOT NULL),
      CONSTRAINT purchase_orders_received_check
        CHECK (status <> 'received' OR (received_at IS NOT NULL AND received_date IS NOT NULL)),
      CONSTRAINT purchase_orders_cancelled_at_check CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL)
    );
    -- A requisition has at most one order that is not cancelled.
    CREATE UNIQUE INDEX purchase_orders_one_live_per_requisition ON purchase_orders (requisition_id)
      WHERE status <> 'cancelled';
    CREATE INDEX purchase_orders_organization_status_idx ON purchase_orders (organization_id, status, created_at DESC);
    CREATE INDEX purchase_orders_organization_created_at_idx ON purchase_orders (organization_id, created_at DESC, id);
    CREATE INDEX purchase_orders_organization_vendor_idx ON purchase_orders (organization_id, vendor_id, created_at DESC);
    CREATE INDEX purchase_orders_organization_sent_at_idx ON purchase_orders (organization_id, sent_at)
      WHERE sent_at IS NOT NULL;
    CREATE INDEX purchase_orders_created_by_id_idx ON purchase_orders (created_by_id);
    CREATE INDEX purchase_orders_number_trgm_idx ON purchase_orders USING gin (po_number gin_trgm_ops);

    CREATE TABLE po_line_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      requisition_line_item_id uuid REFERENCES requisition_line_items (id) ON DELETE SET NULL,
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
      CONSTRAINT po_line_items_total_check CHECK (total_amount = quantity * unit_price + tax_amount),
      CONSTRAINT po_line_items_position_key UNIQUE (purchase_order_id, position) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX po_line_items_product_id_idx ON po_line_items (product_id);
    CREATE INDEX po_line_items_requisition_line_item_id_idx ON po_line_items (requisition_line_item_id);

    -- Bytes of stored files, behind the storage interface (an object store can replace this table).
    CREATE TABLE attachment_blobs (
      storage_key text PRIMARY KEY CHECK (length(storage_key) BETWEEN 1 AND 200),
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE attachments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      entity_type text NOT NULL CHECK (entity_type IN ('requisition', 'purchase_order')),
      entity_id uuid NOT NULL,
      file_name text NOT NULL CHECK (btrim(file_name) <> '' AND length(file_name) <= 255),
      file_size bigint NOT NULL CHECK (file_size >= 0),
      content_type text NOT NULL CHECK (btrim(content_type) <> ''),
      storage_key text NOT NULL,
      uploaded_by_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT attachments_storage_key_key UNIQUE (storage_key)
    );
    CREATE INDEX attachments_entity_idx ON attachments (organization_id, entity_type, entity_id, uploaded_at);
    CREATE INDEX attachments_uploaded_by_id_idx ON attachments (uploaded_by_id);

    CREATE TABLE audit_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      entity_type text NOT NULL CHECK (entity_type IN
        ('requisition', 'purchase_order', 'approval_step', 'attachment', 'user', 'role', 'department',
         'vendor', 'product', 'organization', 'cost_center', 'gl_account', 'budget')),
      entity_id uuid NOT NULL,
      action text NOT NULL CHECK (btrim(action) <> '' AND length(action) <= 64),
      from_status text,
      to_status text,
      actor_id uuid REFERENCES users (id) ON DELETE RESTRICT,
      comment text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(metadata) = 'object'),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_entity_idx ON audit_logs (entity_type, entity_id, created_at);
    CREATE INDEX audit_logs_organization_created_at_idx ON audit_logs (organization_id, created_at DESC);
    CREATE INDEX audit_logs_actor_id_idx ON audit_logs (actor_id);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TABLE audit_logs;
    DROP TABLE attachments;
    DROP TABLE attachment_blobs;
    DROP TABLE po_line_items;
    DROP TABLE purchase_orders;
    `,
  );
}
