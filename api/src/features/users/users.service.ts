import type { components } from '@purchasing/api-client';
import type { Transaction } from 'sequelize';
import { acrossOrganizations } from '../../db/tenant-context.js';
import { execute, select, selectOne } from '../../db-query.js';
import { Conflict, type DomainError, NotFound, ValidationFailed } from '../../domain/errors.js';
import type { Db, OrganizationScope } from '../../http/context.js';
import { hashPassword } from '../../lib/password.js';
import {
  issuePasswordToken,
  PASSWORD_TOKEN_TTL_MINUTES,
  type PasswordTokenPurpose,
  passwordTokenLink,
  revokeAllSessions,
} from '../auth/password-flows.js';
import { linkTo } from '../mail/links.js';
import { enqueueMail } from '../mail/mailer.js';
import { invitationMail, memberAddedMail, passwordResetMail } from '../mail/templates.js';
import {
  checkRoleChange,
  checkRoleGrant,
  checkStatusChange,
  type MemberFacts,
  SUPER_ADMIN,
} from './membership-rules.js';
import { type MemberView, selectMembers } from './users.presenter.js';

type UserCreateInput = components['schemas']['UserCreateInput'];
type UserUpdateInput = components['schemas']['UserUpdateInput'];
type RoleAssignmentInput = components['schemas']['RoleAssignmentInput'];

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
} as const;

interface RoleRow {
  id: string;
  name: string;
  is_system: boolean;
  permissions: string[];
}

interface LockedMember extends MemberFacts {
  membershipId: string;
  roleId: string;
  membershipActive: boolean;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  has_password: boolean;
}

const canManageRoles = (actor: Actor) => actor.scope.permissions.has('role.manage');

const trimOrNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

function fail(error: DomainError | null): void {
  if (error) throw error;
}

/** Writes one audit_logs row about a user (entity `user`) in this organisation. */
async function audit(
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

async function roleOf(
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
      GROUP BY r.id`,
    [roleId, organizationId],
    transaction,
  );
  if (!role)
    throw new ValidationFailed(USER_MESSAGES.role, [{ field: 'role_id', message: USER_MESSAGES.role }]);
  return role;
}

async function assertDepartment(
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

async function assertManager(
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
async function lockActiveSuperAdmins(
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
async function lockMember(
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
    role_name: string;
    role_is_system: boolean;
    permissions: string[];
  }>(
    db,
    `SELECT m.id AS membership_id, m.user_id, m.role_id, m.is_active AS membership_active,
            u.is_active AS user_active, u.email, u.first_name, u.last_name, u.phone,
            u.password_hash IS NOT NULL AS has_password,
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
    role: { name: row.role_name, is_system: row.role_is_system, permissions: row.permissions },
  };
}

async function memberOrFail(db: Db, organizationId: string, userId: string, transaction?: Transaction) {
  const [member] = await selectMembers(db, organizationId, { userId, transaction: transaction ?? null });
  if (!member) throw new NotFound('User');
  return member;
}

async function organizationAndActorNames(
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

/** Queues the invitation (new token, 7 days) of a user who has no password yet. */
async function sendInvitation(
  db: Db,
  actor: Actor,
  user: { id: string; email: string; first_name: string },
  transaction: Transaction,
): Promise<void> {
  const token = await issuePasswordToken(db, user.id, 'invite', transaction);
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
    }),
    transaction,
  );
}

/** Every member of the actor's organisation (active and inactive), by last then first name. */
export async function listMembers(db: Db, actor: Actor): Promise<MemberView[]> {
  return selectMembers(db, actor.scope.organizationId);
}

/** One member of the actor's organisation; 404 for anyone else. */
export async function getMember(db: Db, actor: Actor, userId: string): Promise<MemberView> {
  return memberOrFail(db, actor.scope.organizationId, userId);
}

/**
 * Creates a user with a membership of the actor's organisation, or adds an existing account (same
 * email, whatever its case) as a member. Role, department and manager must be of the organisation.
 * With `send_invite`: a new user without a password gets an invitation link, a new user with one a
 * welcome mail, an existing account a notice (or an invitation if it never set a password).
 */
export async function createMember(db: Db, actor: Actor, input: UserCreateInput): Promise<MemberView> {
  const organizationId = actor.scope.organizationId;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const sendInvite = input.send_invite ?? true;
  return db.sequelize.transaction(async (transaction) => {
    const role = await roleOf(db, organizationId, input.role_id, transaction);
    fail(checkRoleGrant({ actorCanManageRoles: canManageRoles(actor) }, role));
    await assertDepartment(db, organizationId, input.department_id, transaction);
    await assertManager(db, organizationId, input.manager_id, null, transaction);

    const email = input.email.trim();
    const created = await selectOne<{ id: string }>(
      db,
      `INSERT INTO users (email, first_name, last_name, phone, password_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING id`,
      [email, input.first_name.trim(), input.last_name.trim(), trimOrNull(input.phone), passwordHash],
      transaction,
    );
    const user = await selectOne<{ id: string; email: string; first_name: string; has_password: boolean }>(
      db,
      `SELECT id, email, first_name, password_hash IS NOT NULL AS has_password
         FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
      [email],
      transaction,
    );
    if (!user) throw new Error('user row vanished');
    if (user.id === input.manager_id) {
      throw new ValidationFailed(USER_MESSAGES.ownManager, [
        { field: 'manager_id', message: USER_MESSAGES.ownManager },
      ]);
    }
    const membership = await selectOne<{ id: string }>(
      db,
      `INSERT INTO user_organizations (user_id, organization_id, role_id, department_id, manager_id)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, organization_id) DO NOTHING
       RETURNING id`,
      [user.id, organizationId, role.id, input.department_id ?? null, input.manager_id ?? null],
      transaction,
    );
    if (!membership) {
      const existing = await selectOne<{ is_active: boolean }>(
        db,
        'SELECT is_active FROM user_organizations WHERE user_id = $1 AND organization_id = $2',
        [user.id, organizationId],
        transaction,
      );
      const message =
        existing?.is_active === false ? USER_MESSAGES.alreadyMemberInactive : USER_MESSAGES.alreadyMember;
      throw new Conflict(message, 'CONFLICT', [{ field: 'email', message }]);
    }

    let mail: 'invitation' | 'welcome' | 'added' | null = null;
    if (sendInvite) {
      if (!user.has_password) {
        await sendInvitation(db, actor, user, transaction);
        mail = 'invitation';
      } else {
        const names = await organizationAndActorNames(db, actor, transaction);
        await enqueueMail(
          db,
          memberAddedMail({
            to: user.email,
            firstName: user.first_name,
            organizationName: names.organizationName,
            invitedBy: names.actorName,
            loginLink: linkTo(actor.linkBase, '/login'),
            newAccount: created !== null,
          }),
          transaction,
        );
        mail = created ? 'welcome' : 'added';
      }
    }
    await audit(
      db,
      {
        organizationId,
        userId: user.id,
        action: created ? 'create' : 'add_member',
        actorId: actor.userId,
        to: 'active',
        metadata: {
          role_id: role.id,
          role_name: role.name,
          department_id: input.department_id ?? null,
          manager_id: input.manager_id ?? null,
          mail,
        },
      },
      transaction,
    );
    return memberOrFail(db, organizationId, user.id, transaction);
  });
}

/**
 * Sets the membership's status with the rules of {@link checkStatusChange} (`superAdmins`: the
 * count taken under {@link lockActiveSuperAdmins}); answers whether it changed.
 */
async function setStatus(
  db: Db,
  actor: Actor,
  member: LockedMember,
  active: boolean,
  field: string,
  superAdmins: number,
  transaction: Transaction,
): Promise<boolean> {
  if (member.membershipActive === active) return false;
  fail(
    checkStatusChange(
      { actorId: actor.userId, actorCanManageRoles: canManageRoles(actor), activeSuperAdmins: superAdmins },
      member,
      active,
      field,
    ),
  );
  await execute(
    db,
    'UPDATE user_organizations SET is_active = $2, updated_at = now() WHERE id = $1',
    [member.membershipId, active],
    transaction,
  );
  if (!active) {
    // Without any active membership left the user can use nothing: end their sessions now. The
    // memberships of every organisation count, past row-level security (tenant-context).
    const remaining = await acrossOrganizations(db.sequelize, transaction, () =>
      selectOne(
        db,
        `SELECT 1 AS ok FROM user_organizations m JOIN organizations o ON o.id = m.organization_id
          WHERE m.user_id = $1 AND m.is_active AND o.is_active LIMIT 1`,
        [member.userId],
        transaction,
      ),
    );
    if (!remaining) await revokeAllSessions(db, member.userId, 'deactivated', transaction);
  }
  await audit(
    db,
    {
      organizationId: actor.scope.organizationId,
      userId: member.userId,
      action: active ? 'activate' : 'deactivate',
      actorId: actor.userId,
      from: active ? 'inactive' : 'active',
      to: active ? 'active' : 'inactive',
    },
    transaction,
  );
  return true;
}

/**
 * Updates names and phone (the account's) and `is_active` (the membership of this organisation) of
 * a member; 404 for anyone else.
 */
export async function updateMember(
  db: Db,
  actor: Actor,
  userId: string,
  input: UserUpdateInput,
): Promise<MemberView> {
  return db.sequelize.transaction(async (transaction) => {
    // Super Admins first, then the member: every status change locks in this order (no deadlock).
    const superAdmins =
      input.is_active !== undefined
        ? await lockActiveSuperAdmins(db, actor.scope.organizationId, transaction)
        : 0;
    const member = await lockMember(db, actor, userId, transaction);
    const next = {
      first_name: input.first_name !== undefined ? input.first_name.trim() : member.first_name,
      last_name: input.last_name !== undefined ? input.last_name.trim() : member.last_name,
      phone: input.phone !== undefined ? trimOrNull(input.phone) : member.phone,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['first_name', 'last_name', 'phone'] as const) {
      if (next[key] !== member[key]) changes[key] = { from: member[key], to: next[key] };
    }
    if (input.is_active !== undefined) {
      await setStatus(db, actor, member, input.is_active, 'is_active', superAdmins, transaction);
    }
    if (Object.keys(changes).length > 0) {
      await execute(
        db,
        'UPDATE users SET first_name = $2, last_name = $3, phone = $4, updated_at = now() WHERE id = $1',
        [userId, next.first_name, next.last_name, next.phone],
        transaction,
      );
      await audit(
        db,
        {
          organizationId: actor.scope.organizationId,
          userId,
          action: 'update',
          actorId: actor.userId,
          metadata: { changes },
        },
        transaction,
      );
    }
    return memberOrFail(db, actor.scope.organizationId, userId, transaction);
  });
}

/** Deactivates the membership of this organisation (soft delete); an inactive member stays so. */
export async function deactivateMember(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    const superAdmins = await lockActiveSuperAdmins(db, actor.scope.organizationId, transaction);
    const member = await lockMember(db, actor, userId, transaction);
    await setStatus(db, actor, member, false, 'id', superAdmins, transaction);
  });
}

/**
 * Sets the role of the membership and, when given, its department and manager (`null` clears them),
 * all of the organisation.
 */
export async function assignRole(
  db: Db,
  actor: Actor,
  userId: string,
  input: RoleAssignmentInput,
): Promise<MemberView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const superAdmins = await lockActiveSuperAdmins(db, organizationId, transaction);
    const member = await lockMember(db, actor, userId, transaction);
    const role = await roleOf(db, organizationId, input.role_id, transaction);
    if (input.department_id !== undefined) {
      await assertDepartment(db, organizationId, input.department_id, transaction);
    }
    if (input.manager_id !== undefined) {
      await assertManager(db, organizationId, input.manager_id, userId, transaction);
    }
    if (role.id !== member.roleId) {
      fail(
        checkRoleChange(
          {
            actorId: actor.userId,
            actorCanManageRoles: canManageRoles(actor),
            activeSuperAdmins: superAdmins,
          },
          member,
          role,
        ),
      );
    }
    const before = await selectOne<{
      role_id: string;
      department_id: string | null;
      manager_id: string | null;
    }>(
      db,
      'SELECT role_id, department_id, manager_id FROM user_organizations WHERE id = $1',
      [member.membershipId],
      transaction,
    );
    const after = {
      role_id: role.id,
      department_id:
        input.department_id !== undefined ? input.department_id : (before?.department_id ?? null),
      manager_id: input.manager_id !== undefined ? input.manager_id : (before?.manager_id ?? null),
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['role_id', 'department_id', 'manager_id'] as const) {
      if (before?.[key] !== after[key]) changes[key] = { from: before?.[key] ?? null, to: after[key] };
    }
    if (Object.keys(changes).length > 0) {
      await execute(
        db,
        `UPDATE user_organizations SET role_id = $2, department_id = $3, manager_id = $4, updated_at = now()
          WHERE id = $1`,
        [member.membershipId, after.role_id, after.department_id, after.manager_id],
        transaction,
      );
      await audit(
        db,
        {
          organizationId,
          userId,
          action: 'assign_role',
          actorId: actor.userId,
          metadata: { changes, role_name: role.name },
        },
        transaction,
      );
    }
    return memberOrFail(db, organizationId, userId, transaction);
  });
}

/**
 * Emails a member a single-use link: a password reset (1 hour), or, for a member who never set a
 * password, a new invitation (7 days). Earlier unused links of that kind stop working.
 */
export async function sendPasswordReset(db: Db, actor: Actor, userId: string): Promise<PasswordTokenPurpose> {
  return db.sequelize.transaction(async (transaction) => {
    const member = await lockMember(db, actor, userId, transaction);
    const user = { id: member.userId, email: member.email, first_name: member.first_name };
    let purpose: PasswordTokenPurpose;
    if (!member.has_password) {
      await sendInvitation(db, actor, user, transaction);
      purpose = 'invite';
    } else {
      const token = await issuePasswordToken(db, user.id, 'reset', transaction);
      await enqueueMail(
        db,
        passwordResetMail({
          to: user.email,
          firstName: user.first_name,
          link: passwordTokenLink(actor.linkBase, 'reset', token),
          validMinutes: PASSWORD_TOKEN_TTL_MINUTES.reset,
          requestedByAdministrator: true,
        }),
        transaction,
      );
      purpose = 'reset';
    }
    await audit(
      db,
      {
        organizationId: actor.scope.organizationId,
        userId,
        action: purpose === 'invite' ? 'resend_invitation' : 'reset_password',
        actorId: actor.userId,
      },
      transaction,
    );
    return purpose;
  });
}
