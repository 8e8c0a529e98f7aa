import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Out of office (issue 15 item 4, docs/decisions.md "Out of office"): `user_absences`, a member's
 * period away with the delegate who approves for them meanwhile, and on `approval_steps` the absence a
 * step was handed over for (`absence_id`: set on the delegate's open step, so that it comes back when
 * the absence ends and the queue can say whose it was). `started_at` / `ended_at` record when the
 * periodic job (api/src/features/absences/absence-job.ts) moved the steps at the start and the end:
 * each move runs once.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const ABSENCE_TABLES = ['user_absences'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE TABLE user_absences (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       delegate_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
       starts_at timestamptz NOT NULL,
       ends_at timestamptz NOT NULL,
       note text CHECK (note IS NULL OR length(note) <= 500),
       started_at timestamptz,
       ended_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT user_absences_pkey PRIMARY KEY (organization_id, id),
       CONSTRAINT user_absences_period_check CHECK (ends_at > starts_at),
       CONSTRAINT user_absences_delegate_check CHECK (delegate_id <> user_id)
     );
     CREATE INDEX user_absences_user_idx ON user_absences (organization_id, user_id, ends_at);
     CREATE INDEX user_absences_to_start_idx ON user_absences (starts_at) WHERE started_at IS NULL;
     CREATE INDEX user_absences_to_end_idx ON user_absences (ends_at) WHERE ended_at IS NULL;
     CREATE INDEX user_absences_delegate_idx ON user_absences (delegate_id);
     ALTER TABLE user_absences ENABLE ROW LEVEL SECURITY;
     ALTER TABLE user_absences FORCE ROW LEVEL SECURITY;
     CREATE POLICY organization_isolation ON user_absences USING ${RULE} WITH CHECK ${RULE};

     ALTER TABLE approval_steps ADD COLUMN absence_id uuid;
     ALTER TABLE approval_steps ADD CONSTRAINT approval_steps_absence_fkey FOREIGN KEY (organization_id, absence_id)
       REFERENCES user_absences (organization_id, id) ON DELETE SET NULL (absence_id);
     CREATE INDEX approval_steps_absence_idx ON approval_steps (absence_id) WHERE absence_id IS NOT NULL;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE approval_steps DROP COLUMN absence_id;
     DROP TABLE user_absences;`,
  );
}
