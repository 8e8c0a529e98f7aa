import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Decide from the email (issue 15, item 2; docs/decisions.md "Decide from the email").
 *
 * `email_decision_tokens`: the Approve and Reject links of an "awaiting your decision" mail. Each
 * holds the SHA-256 of a random 256-bit token (never the token), the step and the approver it was
 * sent for, its action, its expiry and, once it decided, `used_at`.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const EMAIL_DECISION_TABLES = ['email_decision_tokens'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE email_decision_tokens (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      token_hash text NOT NULL,
      requisition_id uuid NOT NULL,
      step_id uuid NOT NULL,
      approver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      action text NOT NULL CHECK (action IN ('approve', 'reject')),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT email_decision_tokens_pkey PRIMARY KEY (organization_id, id),
      CONSTRAINT email_decision_tokens_hash_key UNIQUE (organization_id, token_hash),
      CONSTRAINT email_decision_tokens_requisition_fkey FOREIGN KEY (organization_id, requisition_id)
        REFERENCES requisitions (organization_id, id) ON DELETE CASCADE,
      CONSTRAINT email_decision_tokens_step_fkey FOREIGN KEY (organization_id, step_id)
        REFERENCES approval_steps (organization_id, id) ON DELETE CASCADE
    );
    -- The public link finds its row by hash alone, before any organisation is known.
    CREATE INDEX email_decision_tokens_hash_idx ON email_decision_tokens (token_hash);
    CREATE INDEX email_decision_tokens_step_idx ON email_decision_tokens (organization_id, step_id);
    CREATE INDEX email_decision_tokens_requisition_idx ON email_decision_tokens (organization_id, requisition_id);
    CREATE INDEX email_decision_tokens_approver_idx ON email_decision_tokens (approver_id);

    ${EMAIL_DECISION_TABLES.map(
      (table) => `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
    ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON ${table} USING ${RULE} WITH CHECK ${RULE};`,
    ).join('\n    ')}
    `,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, 'DROP TABLE email_decision_tokens;');
}
