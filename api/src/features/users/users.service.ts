import type { Transaction } from 'sequelize';
import { acrossOrganizations } from '../../db/tenant-context.js';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, type ErrorDetail } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import {
  issuePasswordToken,
  PASSWORD_TOKEN_TTL_MINUTES,
  type PasswordTokenPurpose,
  passwordTokenLink,
  revokeAllSessions,
} from '../auth/password-flows.js';
import { enqueueMail } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import {
  type Actor,
  assertDepartment,
  assertManager,
  audit,
  canManageRoles,
  fail,
  type InvitedProfile,
  type LockedMember,
  lockActiveSuperAdmins,
  lockMember,
  memberOrFail,
  type RoleAssignmentInput,
  roleOf,
  sendInvitation,
  trimOrNull,
  type UserUpdateInput,
} from './member-records.js';
import { checkRoleChange, checkStatusChange, MEMBERSHIP_MESSAGES } from './membership-rules.js';
import { type MemberView, selectMembers } from './users.presenter.js';

export { createMember } from './member-create.js';
export type { Actor } from './member-records.js';
export { USER_MESSAGES } from './member-records.js';

/** Every member of the actor's organisation (active and inactive), by last then first name. */
export async function listMembers(db: Db, actor: Actor): Promise<MemberView[]> {
  return selectMembers(db, actor.scope.organizationId);
}

/** One member of the actor's organisation; 404 for anyone else. */
export async function getMember(db: Db, actor: Actor, userId: string): Promise<MemberView> {
  return memberOrFail(db, actor.scope.organizationId, userId);
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
