import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { select, selectOne } from '../../db-query.js';
import { checkApprovalPolicy, type PolicyContext, samePolicy } from '../../domain/approval-policy.js';
import { type ApprovalPolicy, DEFAULT_FALLBACK_APPROVER_ROLES } from '../../domain/approval-routing.js';
import { Conflict, NotFound, ValidationFailed } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration } from '../roles/access.js';
import { previewChain } from './policy-preview.js';
import { currentVersion, insertVersion, listVersions } from './policy-versions.js';

type PolicyDocument = components['schemas']['ApprovalPolicyDocument'];
type PolicyResponse = components['schemas']['ApprovalPolicyResponse'];
type Choices = components['schemas']['ApprovalPolicyChoices'];
type PolicyChange = components['schemas']['ApprovalPolicyChange'];
type PreviewRequest = components['schemas']['ApprovalPolicyPreviewRequest'];
type Preview = components['schemas']['ApprovalPolicyPreview'];

/** Approving members and the roles of an organisation, as a policy is checked against them. */
interface ContextRow {
  roles: { name: string; approves: boolean }[] | null;
  approvers: string[] | null;
}

/** What the organisation holds that a policy names (roles, approving members). */
export async function loadPolicyContext(
  db: Db,
  organizationId: string,
  transaction: Transaction,
): Promise<PolicyContext> {
  const row = await selectOne<ContextRow>(
    db,
    `WITH approving AS (
       SELECT ro.id FROM roles ro
        WHERE ro.organization_id = $1
          AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                       WHERE rp.organization_id = $1 AND rp.role_id = ro.id AND p.name = 'approval.act'))
     SELECT (SELECT json_agg(json_build_object('name', ro.name, 'approves', ro.id IN (SELECT id FROM approving)))
               FROM roles ro WHERE ro.organization_id = $1) AS roles,
            (SELECT array_agg(m.user_id::text) FROM user_organizations m
               JOIN users u ON u.id = m.user_id AND u.is_active
              WHERE m.organization_id = $1 AND m.is_active AND m.role_id IN (SELECT id FROM approving)) AS approvers`,
    [organizationId],
    transaction,
  );
  return {
    roles: new Map((row?.roles ?? []).map((role) => [role.name, { approves: role.approves }])),
    approvers: new Set(row?.approvers ?? []),
  };
}

/** The policy a preview or routing uses: the stored one, with the default fallback roles when absent. */
function withFallback(policy: ApprovalPolicy): ApprovalPolicy {
  return {
    ...policy,
    fallback_approver_roles: policy.fallback_approver_roles ?? [...DEFAULT_FALLBACK_APPROVER_ROLES],
  };
}

/** What a policy may name: the roles (whether each approves) and the approving members, by name. */
async function choicesOf(db: Db, organizationId: string, transaction: Transaction): Promise<Choices> {
  const context = await loadPolicyContext(db, organizationId, transaction);
  const approvers = await select<Choices['approvers'][number]>(
    db,
    `SELECT id::text AS id, first_name, last_name FROM users WHERE id = ANY($1::uuid[])
      ORDER BY lower(last_name), lower(first_name), id`,
    [[...context.approvers]],
    transaction,
  );
  const roles = [...context.roles.entries()]
    .map(([name, role]) => ({ name, approves: role.approves }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const members = await select<Choices['members'][number]>(
    db,
    `SELECT u.id::text AS id, u.first_name, u.last_name FROM user_organizations m
       JOIN users u ON u.id = m.user_id AND u.is_active
      WHERE m.organization_id = $1 AND m.is_active
      ORDER BY lower(u.last_name), lower(u.first_name), u.id LIMIT 500`,
    [organizationId],
    transaction,
  );
  return { roles, approvers, members };
}

/** The current policy and its version, with what it may name. */
export function getApprovalPolicy(db: Db, organizationId: string): Promise<PolicyResponse> {
  return db.sequelize.transaction(async (transaction) => ({
    approval_policy: await currentVersion(db, organizationId, transaction),
    choices: await choicesOf(db, organizationId, transaction),
  }));
}

/** Every version, newest first. */
export function listApprovalPolicyVersions(db: Db, organizationId: string): Promise<PolicyDocument[]> {
  return db.sequelize.transaction((transaction) => listVersions(db, organizationId, transaction));
}

/**
 * Saves a new version, under a lock on the organisation: a change from an older `version` is refused
 * (409 naming `version`); the policy is checked whole (400 naming each field); the same policy again
 * writes nothing. Audited with the old and new version.
 */
export async function updateApprovalPolicy(
  db: Db,
  actor: AdminActor,
  change: PolicyChange,
): Promise<PolicyResponse> {
  const organizationId = actor.scope.organizationId;
  const saved = await db.sequelize.transaction(async (transaction) => {
    const locked = await selectOne<{ id: string }>(
      db,
      'SELECT id FROM organizations WHERE id = $1 FOR UPDATE',
      [organizationId],
      transaction,
    );
    if (!locked) throw new NotFound('Organization');
    const current = await currentVersion(db, organizationId, transaction);
    if (change.version !== current.version) {
      const message =
        'Someone else changed the approval policy since you opened it. Reload to see their changes.';
      throw new Conflict(message, 'CONFLICT', [{ field: 'version', message }]);
    }
    const context = await loadPolicyContext(db, organizationId, transaction);
    const policy = checkApprovalPolicy(change.policy as ApprovalPolicy, context);
    if (samePolicy(policy, current.policy as ApprovalPolicy)) return current;
    const version = current.version + 1;
    await insertVersion(db, { organizationId, version, policy, userId: actor.userId }, transaction);
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'organization',
        entityId: organizationId,
        action: 'update_approval_policy',
        actorId: actor.userId,
        metadata: { from_version: current.version, to_version: version },
      },
      transaction,
    );
    return currentVersion(db, organizationId, transaction);
  });
  return {
    approval_policy: saved,
    choices: await db.sequelize.transaction((t) => choicesOf(db, organizationId, t)),
  };
}

/**
 * The chain a sample amount would go through (see {@link previewChain}); an unsaved policy is checked
 * like a save. The requestor must be a member of the organisation (400 naming `requestor_id`).
 * Reads only.
 */
export async function previewApprovalPolicy(
  db: Db,
  actor: AdminActor,
  request: PreviewRequest,
): Promise<Preview> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    let policy: ApprovalPolicy;
    if (request.policy) {
      const context = await loadPolicyContext(db, organizationId, transaction);
      policy = checkApprovalPolicy(request.policy as ApprovalPolicy, context);
    } else {
      const row = await selectOne<{ policy: ApprovalPolicy | null }>(
        db,
        `SELECT COALESCE((SELECT v.policy FROM approval_policy_versions v WHERE v.organization_id = $1
                           ORDER BY v.version DESC LIMIT 1), o.settings -> 'approval_policy') AS policy
           FROM organizations o WHERE o.id = $1`,
        [organizationId],
        transaction,
      );
      if (!row?.policy) throw new NotFound('Organization');
      policy = row.policy;
    }
    const requestorId = request.requestor_id ?? actor.userId;
    const member = await select<{ user_id: string }>(
      db,
      'SELECT user_id::text AS user_id FROM user_organizations WHERE organization_id = $1 AND user_id = $2',
      [organizationId, requestorId],
      transaction,
    );
    if (member.length === 0) {
      const message = 'Choose a member of this organisation';
      throw new ValidationFailed(message, [{ field: 'requestor_id', message }]);
    }
    return previewChain(db, organizationId, withFallback(policy), request.amount, requestorId, transaction);
  });
}
