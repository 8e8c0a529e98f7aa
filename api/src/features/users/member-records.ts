/**
 * What the users service's operations share: the actor, the messages, and the lookups and locks of
 * members, roles, departments and managers of the actor's organisation, with the audit row and the
 * invitation mail. The operations are in users.service.ts and member-create.ts.
 */
import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { type DomainError, NotFound, ValidationFailed } from '../../domain/errors.js';
import type { Db, OrganizationScope } from '../../http/context.js';
import { issuePasswordToken, PASSWORD_TOKEN_TTL_MINUTES, passwordTokenLink } from '../auth/password-flows.js';
import { enqueueMail } from '../mail/mailer.js';
import { invitationMail } from '../mail/templates.js';
import { type MemberFacts, SUPER_ADMIN } from './membership-rules.js';
import { selectMembers } from './users.presenter.js';

export type UserCreateInput = components['schemas']['UserCreateInput'];
export type UserUpdateInput = components['schemas']['UserUpdateInput'];
export type RoleAssignmentInput = components['schemas']['RoleAssignmentInput'];

/** Who acts: the verified user, their membership of the organisation, and where links point. */
export interface Actor {
  userId: string;
  scope: OrganizationScope;
  /** Base URL of links in emails (PUBLIC_URL or the request's origin). */
  linkBase: string;
}

/** Messages for ids of the body that are not of the organisation (400 naming the field). */
export const USER_MESSAGES = {
  role: 'Role not found in this organization',
  department: 'Department not found in this organization',
  manager: 'Manager must be an active member of this organization',
  ownManager: 'A user cannot be their own manager',
  alreadyMember: 'A user with this email is already a member of this organization',
  alreadyMemberInactive:
    'A user with this email is already a member of this organization (inactive): activate them instead',
  alreadyMemberPending:
    'A user with this email has already been invited to this organization and has not accepted yet: send the invitation again instead',
} as const;

export interface RoleRow {
  id: string;
  name: string;
  is_system: boolean;
  permissions: string[];
}

export interface LockedMember extends MemberFacts {
  membershipId: string;
  roleId: string;
  membershipActive: boolean;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  has_password: boolean;
  /** Added to the organisation, not yet accepted through the emailed link. */
  pending: boolean;
  /** The names and phone this organisation gave while pending. */
  invited_profile: InvitedProfile | null;
}

/** What an organisation typed when it added an existing account (shown to it until acceptance). */
export interface InvitedProfile {
  first_name: string;
  last_name: string;
  phone: string | null;
}

export const canManageRoles = (actor: Actor) => actor.scope.permissions.has('role.manage');

export const trimOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function fail(error: DomainError | null): void {
  if (error) throw error;
}

/** Writes one audit_logs row about a user (entity `user`) in this organisation. */
export async function audit(
  db: Db,
  entry: {
    organizationId: string;
    userId: string;
    action: string;
    actorId: string;
    from?: string | null;
    to?: string | null;
    metadata?: Record<string, unknown>;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                             metadata, created_at)
     VALUES ($1, 'user', $2, $3, $4, $5, $6, $7::jsonb, clock_timestamp())`,
    [
      entry.organizationId,
      entry.userId,
      entry.action,
      entry.from ?? null,
      entry.to ?? null,
      entry.actorId,
      JSON.stringify(entry.metadata ?? {}),
    ],
    transaction,
  );
}

export async function roleOf(
  db: Db,
  organizationId: string,
  roleId: string,
  transaction: Transaction,
): Promise<RoleRow> {
  const role = await selectOne<RoleRow>(
    db,
    `SELECT r.id, r.name, r.is_system,
            COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
       FROM roles r
       LEFT JOIN role_permissions rp ON rp.role_id = r.id
       LEFT JOIN permissions p ON p.id = rp.permission_id
      WHERE r.id = $1 AND r.organization_id = $2
      GROUP BY r.organization_id, r.id`,
    [roleId, organizationId],
    transaction,
  );
  if (!role)
    throw new ValidationFailed(USER_MESSAGES.role, [{ field: 'role_id', message: USER_MESSAGES.role }]);
  return role;
}

export async function assertDepartment(
  db: Db,
  organizationId: string,
  departmentId: string | null | undefined,
  transaction: Transaction,
): Promise<void> {
  if (!departmentId) return;
  const row = await selectOne(
    db,
    'SELECT 1 AS ok FROM departments WHERE id = $1 AND organization_id = $2',
    [departmentId, organizationId],
    transaction,
  );
  if (!row) {
    throw new ValidationFailed(USER_MESSAGES.department, [
      { field: 'department_id', message: USER_MESSAGES.department },
    ]);
  }
}

export async function assertManager(
  db: Db,
  organizationId: string,
  managerId: string | null | undefined,
  userId: string | null,
  transaction: Transaction,
): Promise<void> {
  if (!managerId) return;
  if (managerId === userId) {
    throw new ValidationFailed(USER_MESSAGES.ownManager, [
      { field: 'manager_id', message: USER_MESSAGES.ownManager },
    ]);
  }
  const row = await selectOne(
    db,
    `SELECT 1 AS ok FROM user_organizations m JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.organization_id = $2 AND m.is_active AND u.is_active`,
    [managerId, organizationId],
    transaction,
  );
  if (!row) {
    throw new ValidationFailed(USER_MESSAGES.manager, [
      { field: 'manager_id', message: USER_MESSAGES.manager },
    ]);
  }
}

/**
 * Locks the active Super Admin memberships of the organisation (so two concurrent demotions or
 * deactivations cannot both pass the count) and answers how many there are. Called before the
 * member is locked, in every transaction that may take a Super Admin away, so locks are always
 * taken in the same order.
 */
export async function lockActiveSuperAdmins(
  db: Db,
  organizationId: string,
  transaction: Transaction,
): Promise<number> {
  const rows = await select<{ id: string }>(
    db,
    `SELECT m.id FROM user_organizations m
       JOIN roles r ON r.id = m.role_id
       JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = $1 AND m.is_active AND u.is_active AND r.is_system AND r.name = $2
      ORDER BY m.id
      FOR UPDATE OF m`,
    [organizationId, SUPER_ADMIN],
    transaction,
  );
  return rows.length;
}

/** Locks the membership of `userId` in the actor's organisation; 404 when the user is not a member. */
export async function lockMember(
  db: Db,
  actor: Actor,
  userId: string,
  transaction: Transaction,
): Promise<LockedMember> {
  const row = await selectOne<{
    membership_id: string;
    user_id: string;
    role_id: string;
    membership_active: boolean;
    user_active: boolean;
    email: string;
    first_name: string;
    last_name: string;
    phone: string | null;
    has_password: boolean;
    pending: boolean;
    invited_profile: InvitedProfile | null;
    role_name: string;
    role_is_system: boolean;
    permissions: string[];
  }>(
    db,
    `SELECT m.id AS membership_id, m.user_id, m.role_id, m.is_active AS membership_active,
            u.is_active AS user_active, u.email, u.first_name, u.last_name, u.phone,
            u.password_hash IS NOT NULL AS has_password,
            m.accepted_at IS NULL AS pending, m.invited_profile,
            r.name AS role_name, r.is_system AS role_is_system,
            ARRAY(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                   WHERE rp.role_id = r.id) AS permissions
       FROM user_organizations m
       JOIN users u ON u.id = m.user_id
       JOIN roles r ON r.id = m.role_id
      WHERE m.user_id = $1 AND m.organization_id = $2
      FOR UPDATE OF m, u`,
    [userId, actor.scope.organizationId],
    transaction,
  );
  if (!row) throw new NotFound('User');
  return {
    membershipId: row.membership_id,
    userId: row.user_id,
    roleId: row.role_id,
    membershipActive: row.membership_active,
    active: row.membership_active && row.user_active,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    has_password: row.has_password,
    pending: row.pending,
    invited_profile: row.invited_profile,
    role: { name: row.role_name, is_system: row.role_is_system, permissions: row.permissions },
  };
}

export async function memberOrFail(
  db: Db,
  organizationId: string,
  userId: string,
  transaction?: Transaction,
) {
  const [member] = await selectMembers(db, organizationId, { userId, transaction: transaction ?? null });
  if (!member) throw new NotFound('User');
  return member;
}

export async function organizationAndActorNames(
  db: Db,
  actor: Actor,
  transaction: Transaction,
): Promise<{ organizationName: string; actorName: string }> {
  const row = await selectOne<{ organization_name: string; actor_name: string }>(
    db,
    `SELECT o.name AS organization_name, u.first_name || ' ' || u.last_name AS actor_name
       FROM organizations o, users u WHERE o.id = $1 AND u.id = $2`,
    [actor.scope.organizationId, actor.userId],
    transaction,
  );
  return {
    organizationName: row?.organization_name ?? 'your organization',
    actorName: row?.actor_name ?? 'An administrator',
  };
}

/**
 * Queues the invitation (new token of this organisation, 7 days) of a user who has no password yet,
 * or of an existing account whose membership is pending (`existingAccount`: the link accepts it).
 */
export async function sendInvitation(
  db: Db,
  actor: Actor,
  user: { id: string; email: string; first_name: string },
  transaction: Transaction,
  existingAccount = false,
): Promise<void> {
  const token = await issuePasswordToken(db, user.id, 'invite', actor.scope.organizationId, transaction);
  const names = await organizationAndActorNames(db, actor, transaction);
  await enqueueMail(
    db,
    invitationMail({
      to: user.email,
      firstName: user.first_name,
      organizationName: names.organizationName,
      invitedBy: names.actorName,
      link: passwordTokenLink(actor.linkBase, 'invite', token),
      validDays: PASSWORD_TOKEN_TTL_MINUTES.invite / (24 * 60),
      existingAccount,
    }),
    transaction,
  );
}
