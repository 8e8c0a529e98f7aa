import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Sign-in throttling counts per account and per account + client address (issue 11 §9); the
 * per-address counters (`address:<ip>`) that locked every account out of one address are dropped.
 * Counters of unknown emails are cleaned up by age, hence the index on the window's start.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DELETE FROM login_throttles WHERE key LIKE 'address:%';
    CREATE INDEX login_throttles_window_started_at_idx ON login_throttles (window_started_at);
    COMMENT ON TABLE login_throttles IS
      'Throttle counters: account:<email>, account-address:<email>|<client address> (sign-in), forgot:account:<email>, forgot:address:<client address> (password reset requests)';
    `,
  );
}

/** Drops the index and the comment; the dropped per-address counters were transient and stay gone. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    COMMENT ON TABLE login_throttles IS NULL;
    DROP INDEX login_throttles_window_started_at_idx;
    `,
  );
}
