import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The bell (issue 15 item 1, docs/decisions.md "The bell"): `notifications`, one row per recipient
 * and event, written in the transaction of the event; `notification_preferences`, a member's choice per
 * kind (in the app, by email) and of the daily digest, absent until they change it (everything on, no
 * digest). `digest_sent_on` is the UTC day the digest job last handled the member: it runs once a day.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const NOTIFICATION_TABLES = ['notifications', 'notification_preferences'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE TABLE notifications (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       id uuid NOT NULL DEFAULT gen_random_uuid(),
       user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       kind text NOT NULL,
       message text NOT NULL,
       subject_type text NOT NULL CHECK (subject_type IN ('requisition', 'purchase_order')),
       subject_id uuid NOT NULL,
       requisition_id uuid NOT NULL,
       read_at timestamptz,
       created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
       CONSTRAINT notifications_pkey PRIMARY KEY (organization_id, id)
     );
     CREATE INDEX notifications_user_idx ON notifications (organization_id, user_id, created_at DESC, id DESC);
     CREATE INDEX notifications_unread_idx ON notifications (organization_id, user_id) WHERE read_at IS NULL;
     ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
     ALTER TABLE notifications FORCE ROW LEVEL SECURITY;
     CREATE POLICY organization_isolation ON notifications USING ${RULE} WITH CHECK ${RULE};

     CREATE TABLE notification_preferences (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
       kinds jsonb NOT NULL DEFAULT '{}'::jsonb,
       daily_digest boolean NOT NULL DEFAULT false,
       digest_sent_on date,
       updated_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT notification_preferences_pkey PRIMARY KEY (organization_id, user_id)
     );
     CREATE INDEX notification_preferences_digest_idx ON notification_preferences (digest_sent_on) WHERE daily_digest;
     ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
     ALTER TABLE notification_preferences FORCE ROW LEVEL SECURITY;
     CREATE POLICY organization_isolation ON notification_preferences USING ${RULE} WITH CHECK ${RULE};`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP TABLE notification_preferences; DROP TABLE notifications;');
}
