import { type MigrationContext, runSql } from '../migrator.js';

/** Sessions (refresh-token families), refresh tokens, password tokens and sign-in throttling. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE auth_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      user_agent text,
      ip_address text,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IS NULL OR length(revoked_reason) <= 100),
      CONSTRAINT auth_sessions_revoked_reason_needs_revoked_at CHECK (revoked_reason IS NULL OR revoked_at IS NOT NULL)
    );
    CREATE INDEX auth_sessions_user_id_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      token_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      replaced_by_id uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
      revoked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT refresh_tokens_token_hash_key UNIQUE (token_hash)
    );
    CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

    CREATE TABLE password_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'invite')),
      token_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT password_tokens_token_hash_key UNIQUE (token_hash)
    );
    CREATE INDEX password_tokens_user_id_idx ON password_tokens (user_id);

    CREATE TABLE login_throttles (
      key text PRIMARY KEY CHECK (length(key) <= 400),
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      window_started_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz
    );
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TABLE login_throttles;
    DROP TABLE password_tokens;
    DROP TABLE refresh_tokens;
    DROP TABLE auth_sessions;
    `,
  );
}
