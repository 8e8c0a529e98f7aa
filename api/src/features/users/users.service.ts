import type { components } from '@purchasing/api-client';
import type { Transaction } from 'sequelize';
import { acrossOrganizations } from '../../db/tenant-context.js';
import { execute, select, selectOne } from '../../db-query.js';
import {
  Conflict,
  type DomainError,
  type ErrorDetail,
  NotFound,
  ValidationFailed,
} from '../../domain/errors.js';
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
  MEMBERSHIP_MESSAGES,
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
  alreadyMemberPending:
    'A user with this email has already been invited to this organization and has not accepted yet: send the invitation again instead',
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
  /** Added to the organisation, not yet accepted through the emailed link. */
  pending: boolean;
  /** The names and phone this organisation gave while pending. */
  invited_profile: InvitedProfile | null;
}

/** What an organisation typed when it added an existing account (shown to it until acceptance). */
interface InvitedProfile {
  first_name: string;
  last_name: string;
  phone: string | null;
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

/**
 * Queues the invitation (new token of this organisation, 7 days) of a user who has no password yet,
 * or of an existing account whose membership is pending (`existingAccount`: the link accepts it).
 */
async function sendInvitation(
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
 * email, whatever its case) as a *pending* member. Role, department and manager must be of the
 * organisation, and the role may hold only permissions the actor holds.
 *
 * A new account's membership is active at once; with `send_invite` it gets an invitation link
 * without a password, a welcome mail with one. An existing account's membership stays pending
 * (inactive) until its owner accepts through the emailed link, which is always sent: another
 * organisation's administrator may have chosen its password (issue 11, item 2). If the account never
 * proved its mailbox, that password is cleared and its sessions revoked now, so only the mailbox's
 * owner can set the next one. The existing account's profile is left alone; the names given are
 * what this organisation sees until acceptance.
 */
export async function createMember(db: Db, actor: Actor, input: UserCreateInput): Promise<MemberView> {
  const organizationId = actor.scope.organizationId;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const sendInvite = input.send_invite ?? true;
  return db.sequelize.transaction(async (transaction) => {
    const role = await roleOf(db, organizationId, input.role_id, transaction);
    fail(
      checkRoleGrant(
        { actorCanManageRoles: canManageRoles(actor), actorPermissions: actor.scope.permissions },
        role,
      ),
    );
    await assertDepartment(db, organizationId, input.department_id, transaction);
    await assertManager(db, organizationId, input.manager_id, null, transaction);

    const email = input.email.trim();
    const profile: InvitedProfile = {
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: trimOrNull(input.phone),
    };
    const created = await selectOne<{ id: string }>(
      db,
      `INSERT INTO users (email, first_name, last_name, phone, password_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING id`,
      [email, profile.first_name, profile.last_name, profile.phone, passwordHash],
      transaction,
    );
    const user = await selectOne<{
      id: string;
      email: string;
      first_name: string;
      has_password: boolean;
      verified: boolean;
    }>(
      db,
      `SELECT id, email, first_name, password_hash IS NOT NULL AS has_password,
              email_verified_at IS NOT NULL AS verified
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
    const pending = created === null;
    const membership = await selectOne<{ id: string }>(
      db,
      `INSERT INTO user_organizations (user_id, organization_id, role_id, department_id, manager_id, is_active,
                                       accepted_at, invited_profile)
       VALUES ($1, $2, $3, $4, $5, NOT $6::boolean, CASE WHEN $6::boolean THEN NULL ELSE now() END, $7::jsonb)
       ON CONFLICT (user_id, organization_id) DO NOTHING
       RETURNING id`,
      [
        user.id,
        organizationId,
        role.id,
        input.department_id ?? null,
        input.manager_id ?? null,
        pending,
        pending ? JSON.stringify(profile) : null,
      ],
      transaction,
    );
    if (!membership) {
      const existing = await selectOne<{ is_active: boolean; pending: boolean }>(
        db,
        `SELECT is_active, accepted_at IS NULL AS pending FROM user_organizations
          WHERE user_id = $1 AND organization_id = $2`,
        [user.id, organizationId],
        transaction,
      );
      const message = existing?.pending
        ? USER_MESSAGES.alreadyMemberPending
        : existing?.is_active === false
          ? USER_MESSAGES.alreadyMemberInactive
          : USER_MESSAGES.alreadyMember;
      throw new Conflict(message, 'CONFLICT', [{ field: 'email', message }]);
    }

    let mail: 'invitation' | 'welcome' | null = null;
    let passwordCleared = false;
    if (pending) {
      if (!user.verified) {
        // A password nobody proved to own the mailbox (another organisation's administrator may have
        // chosen it) must not open this organisation: it stops working now, everywhere.
        passwordCleared = user.has_password;
        await execute(
          db,
          'UPDATE users SET password_hash = NULL, updated_at = now() WHERE id = $1',
          [user.id],
          transaction,
        );
        await revokeAllSessions(db, user.id, 'unproved_password_cleared', transaction);
      }
      await sendInvitation(db, actor, { ...user, first_name: profile.first_name }, transaction, true);
      mail = 'invitation';
    } else if (sendInvite) {
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
            newAccount: true,
          }),
          transaction,
        );
        mail = 'welcome';
      }
    }
    await audit(
      db,
      {
        organizationId,
        userId: user.id,
        action: created ? 'create' : 'add_member',
        actorId: actor.userId,
        to: pending ? 'pending' : 'active',
        metadata: {
          role_id: role.id,
          role_name: role.name,
          department_id: input.department_id ?? null,
          manager_id: input.manager_id ?? null,
          mail,
          ...(pending ? { password_cleared: passwordCleared } : {}),
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
  if (member.pending) {
    throw new Conflict(MEMBERSHIP_MESSAGES.pendingActivation, 'MEMBERSHIP_PENDING', [
      { field, message: MEMBERSHIP_MESSAGES.pendingActivation },
    ]);
  }
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

/** Whether the account has a membership (active, inactive or pending) of another organisation. */
async function belongsElsewhere(
  db: Db,
  userId: string,
  organizationId: string,
  transaction: Transaction,
): Promise<boolean> {
  // Deliberately across organisations (row-level security would hide the others' memberships).
  const row = await acrossOrganizations(db.sequelize, transaction, () =>
    selectOne(
      db,
      'SELECT 1 AS ok FROM user_organizations WHERE user_id = $1 AND organization_id <> $2 LIMIT 1',
      [userId, organizationId],
      transaction,
    ),
  );
  return row !== null;
}

/**
 * Updates names and phone and `is_active` (the membership of this organisation) of a member; 404
 * for anyone else. Names and phone are the account's own: an organisation may change them only for
 * an account that belongs to no other organisation (or the user themself may); otherwise 409
 * `SHARED_PROFILE` naming each field that would change. For a pending member they change only what
 * this organisation was given when it added them. A pending member is not activated here (409).
 */
export async function updateMember(
  db: Db,
  actor: Actor,
  userId: string,
  input: UserUpdateInput,
): Promise<MemberView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    // Super Admins first, then the member: every status change locks in this order (no deadlock).
    const superAdmins =
      input.is_active !== undefined ? await lockActiveSuperAdmins(db, organizationId, transaction) : 0;
    const member = await lockMember(db, actor, userId, transaction);
    const current: InvitedProfile =
      member.pending && member.invited_profile
        ? member.invited_profile
        : { first_name: member.first_name, last_name: member.last_name, phone: member.phone };
    const next: InvitedProfile = {
      first_name: input.first_name !== undefined ? input.first_name.trim() : current.first_name,
      last_name: input.last_name !== undefined ? input.last_name.trim() : current.last_name,
      phone: input.phone !== undefined ? trimOrNull(input.phone) : current.phone,
    };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['first_name', 'last_name', 'phone'] as const) {
      if (next[key] !== current[key]) changes[key] = { from: current[key], to: next[key] };
    }
    const changed = Object.keys(changes);
    if (
      changed.length > 0 &&
      !member.pending &&
      userId !== actor.userId &&
      (await belongsElsewhere(db, userId, organizationId, transaction))
    ) {
      const details: ErrorDetail[] = changed.map((field) => ({
        field,
        message: MEMBERSHIP_MESSAGES.sharedProfile(field),
      }));
      throw new Conflict(details[0]!.message, 'SHARED_PROFILE', details);
    }
    if (input.is_active !== undefined) {
      await setStatus(db, actor, member, input.is_active, 'is_active', superAdmins, transaction);
    }
    if (changed.length > 0) {
      if (member.pending) {
        await execute(
          db,
          'UPDATE user_organizations SET invited_profile = $2::jsonb, updated_at = now() WHERE id = $1',
          [member.membershipId, JSON.stringify(next)],
          transaction,
        );
      } else {
        await execute(
          db,
          'UPDATE users SET first_name = $2, last_name = $3, phone = $4, updated_at = now() WHERE id = $1',
          [userId, next.first_name, next.last_name, next.phone],
          transaction,
        );
      }
      await audit(
        db,
        { organizationId, userId, action: 'update', actorId: actor.userId, metadata: { changes } },
        transaction,
      );
    }
    return memberOrFail(db, organizationId, userId, transaction);
  });
}

/**
 * Deactivates the membership of this organisation (soft delete); an inactive member stays so. A
 * pending member's invitation is withdrawn instead: the pending membership (which never gave access,
 * so holds no history) and this organisation's unused links for the user are removed.
 */
export async function deactivateMember(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    const superAdmins = await lockActiveSuperAdmins(db, actor.scope.organizationId, transaction);
    const member = await lockMember(db, actor, userId, transaction);
    if (!member.pending) {
      await setStatus(db, actor, member, false, 'id', superAdmins, transaction);
      return;
    }
    await execute(db, 'DELETE FROM user_organizations WHERE id = $1', [member.membershipId], transaction);
    await execute(
      db,
      'DELETE FROM password_tokens WHERE user_id = $1 AND organization_id = $2 AND used_at IS NULL',
      [userId, actor.scope.organizationId],
      transaction,
    );
    await audit(
      db,
      {
        organizationId: actor.scope.organizationId,
        userId,
        action: 'withdraw_invitation',
        actorId: actor.userId,
        from: 'pending',
      },
      transaction,
    );
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
            actorPermissions: actor.scope.permissions,
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
 * password or whose membership is pending, a new invitation (7 days). Earlier unused links of that
 * kind issued by this organisation stop working; other organisations' and the user's own do not.
 */
export async function sendPasswordReset(db: Db, actor: Actor, userId: string): Promise<PasswordTokenPurpose> {
  return db.sequelize.transaction(async (transaction) => {
    const member = await lockMember(db, actor, userId, transaction);
    const user = { id: member.userId, email: member.email, first_name: member.first_name };
    let purpose: PasswordTokenPurpose;
    if (member.pending) {
      const firstName = member.invited_profile?.first_name ?? member.first_name;
      await sendInvitation(db, actor, { ...user, first_name: firstName }, transaction, true);
      purpose = 'invite';
    } else if (!member.has_password) {
      await sendInvitation(db, actor, user, transaction);
      purpose = 'invite';
    } else {
      const token = await issuePasswordToken(db, user.id, 'reset', actor.scope.organizationId, transaction);
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
