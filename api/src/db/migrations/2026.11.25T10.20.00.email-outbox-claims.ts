import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Mail sent once by several API instances (issue 13, item 5). A dispatcher claims one mail at a time
 * in a committed statement: status `sending`, a fresh `lease_token`, and `next_attempt_at` moved to
 * the end of the lease. It marks the mail done only while it still carries its token. A dispatcher
 * that died mid-send leaves the mail `sending`; once the lease has run out, another claims it.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ALTER TABLE email_outbox ADD COLUMN lease_token uuid;
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'logged'));
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_sending_leased
      CHECK ((status = 'sending') = (lease_token IS NOT NULL));
    DROP INDEX email_outbox_due_idx;
    CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
    `,
  );
}

/** Back to leases without a token: a mail being sent is pending again, due at the end of its lease. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP INDEX email_outbox_due_idx;
    CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
    UPDATE email_outbox SET status = 'pending' WHERE status = 'sending';
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_sending_leased;
    ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check;
    ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
      CHECK (status IN ('pending', 'sent', 'failed', 'logged'));
    ALTER TABLE email_outbox DROP COLUMN lease_token;
    `,
  );
}
