import { execute, selectOne } from '../../db-query.js';
import { Conflict, ValidationFailed } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { hashPassword } from '../../lib/password.js';
import { revokeAllSessions } from '../auth/password-flows.js';
import { linkTo } from '../mail/links.js';
import { enqueueMail } from '../mail/mailer.js';
import { memberAddedMail } from '../mail/templates.js';
import {
  type Actor,
  assertDepartment,
  assertManager,
  audit,
  canManageRoles,
  fail,
  type InvitedProfile,
  memberOrFail,
  organizationAndActorNames,
  roleOf,
  sendInvitation,
  trimOrNull,
  USER_MESSAGES,
  type UserCreateInput,
} from './member-records.js';
import { checkRoleGrant } from './membership-rules.js';
import type { MemberView } from './users.presenter.js';

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
