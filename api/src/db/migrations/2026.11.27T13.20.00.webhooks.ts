import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Webhooks (issue 16 item 6; docs/decisions.md "Webhooks").
 *
 * - `webhook_endpoints`: where an organisation wants its events (an http(s) URL checked against
 *   private addresses), which events, and the signing secret (answered by the API only when it is
 *   made: at creation and rotation).
 * - `webhook_deliveries`: the outbox, one row per event and endpoint, written in the transaction of
 *   the business change; the dispatcher claims due rows `FOR UPDATE SKIP LOCKED` under a lease (like
 *   `email_outbox`), retries with back-off and ends `delivered` or `failed`.
 * - `webhook_attempts`: every HTTP attempt of a delivery (status code, duration, error).
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const WEBHOOK_TABLES = ['webhook_endpoints', 'webhook_deliveries', 'webhook_attempts'] as const;

const ENTITY_TYPES = `'requisition', 'purchase_order', 'approval_step', 'attachment', 'user', 'role', 'department',
         'vendor', 'product', 'organization', 'cost_center', 'gl_account', 'budget'`;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE TABLE webhook_endpoints (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       url text NOT NULL CHECK (length(url) <= 2000),
       description text CHECK (description IS NULL OR length(description) <= 200),
       events text[] NOT NULL CHECK (cardinality(events) > 0),
       secret text NOT NULL,
       is_active boolean NOT NULL DEFAULT true,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (organization_id, id)
     );
     CREATE INDEX webhook_endpoints_events_idx ON webhook_endpoints USING gin (events);

     CREATE TABLE webhook_deliveries (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       endpoint_id uuid NOT NULL,
       event_id uuid NOT NULL,
       event_type text NOT NULL,
       payload jsonb NOT NULL,
       status text NOT NULL DEFAULT 'pending'
         CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
       attempts integer NOT NULL DEFAULT 0,
       next_attempt_at timestamptz NOT NULL DEFAULT now(),
       lease_token uuid,
       response_status integer,
       duration_ms integer,
       last_error text,
       delivered_at timestamptz,
       redelivery_of uuid,
       created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
       CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (organization_id, id),
       CONSTRAINT webhook_deliveries_endpoint_fkey FOREIGN KEY (organization_id, endpoint_id)
         REFERENCES webhook_endpoints (organization_id, id) ON DELETE CASCADE
     );
     CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
       WHERE status IN ('pending', 'sending');
     CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

     CREATE TABLE webhook_attempts (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       delivery_id uuid NOT NULL,
       attempt integer NOT NULL,
       response_status integer,
       duration_ms integer NOT NULL,
       error text,
       created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
       CONSTRAINT webhook_attempts_pkey PRIMARY KEY (organization_id, id),
       CONSTRAINT webhook_attempts_delivery_fkey FOREIGN KEY (organization_id, delivery_id)
         REFERENCES webhook_deliveries (organization_id, id) ON DELETE CASCADE
     );
     CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt);`,
  );
  // Endpoint changes are audited like other administration (entity_type 'webhook').
  await runSql(
    ctx,
    `ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_entity_type_check;
     ALTER TABLE audit_logs ADD CONSTRAINT audit_logs_entity_type_check CHECK (entity_type IN
       (${ENTITY_TYPES}, 'webhook'));`,
  );
  for (const table of WEBHOOK_TABLES) {
    await runSql(
      ctx,
      `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
       ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
       CREATE POLICY organization_isolation ON ${table} USING ${RULE} WITH CHECK ${RULE};`,
    );
  }
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `DROP TABLE webhook_attempts; DROP TABLE webhook_deliveries; DROP TABLE webhook_endpoints;
     DELETE FROM audit_logs WHERE entity_type = 'webhook';
     ALTER TABLE audit_logs DROP CONSTRAINT audit_logs_entity_type_check;
     ALTER TABLE audit_logs ADD CONSTRAINT audit_logs_entity_type_check CHECK (entity_type IN (${ENTITY_TYPES}));`,
  );
}
