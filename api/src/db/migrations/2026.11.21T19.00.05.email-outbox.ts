import { type MigrationContext, runSql } from '../migrator.js';

/** Outgoing mail: kept here (and logged) when no SMTP server is configured, or until sent. */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL CHECK (to_address ~ '^[^@\\s]+@[^@\\s]+$'),
      subject text NOT NULL CHECK (btrim(subject) <> ''),
      text_body text NOT NULL,
      html_body text,
      attachments jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array'),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'logged')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      CONSTRAINT email_outbox_sent_at_check CHECK (status <> 'sent' OR sent_at IS NOT NULL)
    );
    CREATE INDEX email_outbox_pending_idx ON email_outbox (created_at) WHERE status = 'pending';
    CREATE INDEX email_outbox_to_address_idx ON email_outbox (lower(to_address), created_at DESC);
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP TABLE email_outbox;');
}
