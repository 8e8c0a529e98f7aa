import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Who owns an account, and secrets at rest (issue 11, items 2, 8 and 10).
 *
 * - `users.email_verified_at`: when the account proved it controls its mailbox (an invitation
 *   accepted or a reset link used). Accounts that already used a link count as proved.
 * - `user_organizations.accepted_at`: when the membership was accepted. NULL: pending, an existing
 *   account added by an organisation and not yet accepted through the emailed link (kept inactive).
 *   Existing memberships count as accepted; the default keeps direct inserts (seed, tests) accepted.
 * - `user_organizations.invited_profile`: the names the adding organisation typed, shown to it while
 *   the membership is pending instead of the account's own profile.
 * - `password_tokens.organization_id`: the organisation whose administrator issued the link (NULL:
 *   the user's own forgot-password request). A link is replaced only by a newer one of the same
 *   organisation and purpose.
 * - `email_outbox.secret_expires_at` marks a mail that carries a secret (a single-use link) and when
 *   that secret expires; `redacted_at` when its body was blanked. Mails with a link already in the
 *   outbox are marked from their content.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
    UPDATE users u SET email_verified_at = t.first_used
      FROM (SELECT user_id, min(used_at) AS first_used FROM password_tokens
             WHERE used_at IS NOT NULL GROUP BY user_id) t
     WHERE t.user_id = u.id;

    ALTER TABLE user_organizations ADD COLUMN accepted_at timestamptz DEFAULT now();
    UPDATE user_organizations SET accepted_at = created_at;
    ALTER TABLE user_organizations ADD COLUMN invited_profile jsonb;
    ALTER TABLE user_organizations ADD CONSTRAINT user_organizations_pending_inactive
      CHECK (accepted_at IS NOT NULL OR NOT is_active);

    ALTER TABLE password_tokens ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE;

    ALTER TABLE email_outbox ADD COLUMN secret_expires_at timestamptz;
    ALTER TABLE email_outbox ADD COLUMN redacted_at timestamptz;
    UPDATE email_outbox SET secret_expires_at = created_at + interval '7 days'
     WHERE text_body LIKE '%token=%';
    CREATE INDEX email_outbox_secret_idx ON email_outbox (secret_expires_at)
     WHERE secret_expires_at IS NOT NULL AND redacted_at IS NULL;
    `,
  );
}

/** Removes what {@link up} added (redacted bodies stay redacted). */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP INDEX email_outbox_secret_idx;
    ALTER TABLE email_outbox DROP COLUMN redacted_at;
    ALTER TABLE email_outbox DROP COLUMN secret_expires_at;
    ALTER TABLE password_tokens DROP COLUMN organization_id;
    DELETE FROM user_organizations WHERE accepted_at IS NULL;
    ALTER TABLE user_organizations DROP CONSTRAINT user_organizations_pending_inactive;
    ALTER TABLE user_organizations DROP COLUMN invited_profile;
    ALTER TABLE user_organizations DROP COLUMN accepted_at;
    ALTER TABLE users DROP COLUMN email_verified_at;
    `,
  );
}
