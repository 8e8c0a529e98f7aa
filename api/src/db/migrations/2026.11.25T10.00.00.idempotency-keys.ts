import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The `Idempotency-Key`s of writes (issue 13, docs/decisions.md "Idempotent writes"): one row per
 * organisation, user and key, claimed before the operation runs and holding its stored answer after.
 *
 * - `request_hash`: SHA-256 of the canonical request (operation, path, query, body; files by content);
 *   the same key with another request answers 422.
 * - `owner` / `lease_until`: the request running the operation and how long its claim holds without a
 *   heartbeat; a claim whose lease ran out belongs to a request that died.
 * - `committed`: set inside the operation's own transactions, so it commits exactly with the effect;
 *   a dead claim with it set is never run again.
 * - `response_*`: the answer, replayed for the same key and request until `expires_at` (24 h).
 */
export const IDEMPOTENCY_TABLES = ['idempotency_keys'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE idempotency_keys (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key varchar(255) NOT NULL,
      operation_id varchar(100) NOT NULL,
      request_hash char(64) NOT NULL,
      owner uuid NOT NULL,
      lease_until timestamptz NOT NULL,
      committed boolean NOT NULL DEFAULT false,
      response_status smallint,
      response_headers jsonb,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, user_id, key)
    );
    CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
    ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
    ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON idempotency_keys USING ${RULE} WITH CHECK ${RULE};
    `,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP TABLE idempotency_keys;');
}
