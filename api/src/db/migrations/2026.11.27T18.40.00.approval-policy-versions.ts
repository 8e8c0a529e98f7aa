import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The approval policy editor (issue 15 item 8, docs/decisions.md "Approval policy editor"):
 * `approval_policy_versions`, every saved policy of an organisation as an immutable version (the
 * current one is the highest, and is also kept in `organizations.settings.approval_policy`), and
 * `requisitions.approval_policy_version`, the version a requisition was routed with at its first
 * submission (its later steps use it, not the newest). Every organisation gets its current policy as
 * version 1; an organisation created later gets it when its policy is first read or used.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const APPROVAL_POLICY_TABLES = ['approval_policy_versions'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `CREATE TABLE approval_policy_versions (
       organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
       version integer NOT NULL CHECK (version >= 1),
       policy jsonb NOT NULL,
       created_by_id uuid REFERENCES users (id) ON DELETE SET NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       CONSTRAINT approval_policy_versions_pkey PRIMARY KEY (organization_id, version)
     );
     ALTER TABLE approval_policy_versions ENABLE ROW LEVEL SECURITY;
     ALTER TABLE approval_policy_versions FORCE ROW LEVEL SECURITY;
     CREATE POLICY organization_isolation ON approval_policy_versions USING ${RULE} WITH CHECK ${RULE};

     INSERT INTO approval_policy_versions (organization_id, version, policy, created_at)
     SELECT o.id, 1, o.settings -> 'approval_policy', o.created_at
       FROM organizations o WHERE o.settings ? 'approval_policy';

     ALTER TABLE requisitions ADD COLUMN approval_policy_version integer;
     ALTER TABLE requisitions ADD CONSTRAINT requisitions_approval_policy_version_fkey
       FOREIGN KEY (organization_id, approval_policy_version)
       REFERENCES approval_policy_versions (organization_id, version) ON DELETE RESTRICT;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `ALTER TABLE requisitions DROP COLUMN approval_policy_version;
     DROP TABLE approval_policy_versions;`,
  );
}
