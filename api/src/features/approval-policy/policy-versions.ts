import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { DEFAULT_APPROVAL_POLICY } from '../../db/defaults.js';
import { execute, select, selectOne } from '../../db-query.js';
import type { ApprovalPolicy } from '../../domain/approval-routing.js';
import type { Db } from '../../http/context.js';

type PolicyDocument = components['schemas']['ApprovalPolicyDocument'];

/**
 * The approval policy's versions (`approval_policy_versions`): each save is a new immutable row; the
 * highest version is the current policy, also kept in `organizations.settings.approval_policy` for
 * the code that reads the settings. A requisition is pinned to the current version at its first
 * submission (`requisitions.approval_policy_version`) and routed by it from then on.
 */

interface VersionRow {
  version: number;
  policy: ApprovalPolicy;
  created_at: Date | string;
  saved_by_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

const VERSION_COLUMNS = `v.version, v.policy, v.created_at, u.id::text AS saved_by_id, u.first_name, u.last_name
    FROM approval_policy_versions v LEFT JOIN users u ON u.id = v.created_by_id`;

/** A version as the contract shows it. */
export function presentVersion(row: VersionRow): PolicyDocument {
  return {
    version: row.version,
    policy: row.policy as PolicyDocument['policy'],
    saved_at: new Date(row.created_at).toISOString(),
    saved_by:
      row.saved_by_id === null
        ? null
        : { id: row.saved_by_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' },
  };
}

/**
 * Makes sure the organisation has a version 1 (its policy as it stands, or the default): an
 * organisation created after the migration gets it when its policy is first read, saved or used.
 * Concurrent callers insert it once.
 */
export async function ensureFirstVersion(
  db: Db,
  organizationId: string,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO approval_policy_versions (organization_id, version, policy)
     SELECT o.id, 1, COALESCE(o.settings -> 'approval_policy', $2::jsonb) FROM organizations o
      WHERE o.id = $1 AND NOT EXISTS (SELECT 1 FROM approval_policy_versions v WHERE v.organization_id = $1)
     ON CONFLICT DO NOTHING`,
    [organizationId, JSON.stringify(DEFAULT_APPROVAL_POLICY)],
    transaction,
  );
}

/** The current (highest) version. */
export async function currentVersion(
  db: Db,
  organizationId: string,
  transaction: Transaction,
): Promise<PolicyDocument> {
  await ensureFirstVersion(db, organizationId, transaction);
  const row = await selectOne<VersionRow>(
    db,
    `SELECT ${VERSION_COLUMNS} WHERE v.organization_id = $1 ORDER BY v.version DESC LIMIT 1`,
    [organizationId],
    transaction,
  );
  return presentVersion(row!);
}

/** The versions, newest first, at most 100. */
export async function listVersions(
  db: Db,
  organizationId: string,
  transaction: Transaction,
): Promise<PolicyDocument[]> {
  await ensureFirstVersion(db, organizationId, transaction);
  const rows = await select<VersionRow>(
    db,
    `SELECT ${VERSION_COLUMNS} WHERE v.organization_id = $1 ORDER BY v.version DESC LIMIT 100`,
    [organizationId],
    transaction,
  );
  return rows.map(presentVersion);
}

/** Records `policy` as version `version` by `userId` and makes it the organisation's current policy. */
export async function insertVersion(
  db: Db,
  input: { organizationId: string; version: number; policy: ApprovalPolicy; userId: string },
  transaction: Transaction,
): Promise<void> {
  const json = JSON.stringify(input.policy);
  await execute(
    db,
    `INSERT INTO approval_policy_versions (organization_id, version, policy, created_by_id)
     VALUES ($1, $2, $3::jsonb, $4)`,
    [input.organizationId, input.version, json, input.userId],
    transaction,
  );
  await execute(
    db,
    `UPDATE organizations SET settings = jsonb_set(settings, '{approval_policy}', $2::jsonb), updated_at = now()
      WHERE id = $1`,
    [input.organizationId, json],
    transaction,
  );
}

/**
 * Pins a requisition being submitted to the current policy version, unless it already has one (a
 * resubmission keeps the version of its first submission).
 */
export async function pinPolicyVersion(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<void> {
  await ensureFirstVersion(db, organizationId, transaction);
  await execute(
    db,
    `UPDATE requisitions
        SET approval_policy_version = (SELECT max(v.version) FROM approval_policy_versions v WHERE v.organization_id = $2)
      WHERE id = $1 AND organization_id = $2 AND approval_policy_version IS NULL`,
    [requisitionId, organizationId],
    transaction,
  );
}
