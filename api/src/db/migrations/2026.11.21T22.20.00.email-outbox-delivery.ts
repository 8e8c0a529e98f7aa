import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Delivery scheduling of the outbox: `next_attempt_at` is when a pending mail is next due. The
 * dispatcher leases a batch by moving it into the future (so a second instance skips it while it is
 * being sent) and backs off failed attempts the same way.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ALTER TABLE email_outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
    `,
  );
}

/** Removes what {@link up} added. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP INDEX email_outbox_due_idx;
    ALTER TABLE email_outbox DROP COLUMN next_attempt_at;
    `,
  );
}
