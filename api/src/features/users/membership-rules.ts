import { Conflict, type DomainError, Forbidden, ValidationFailed } from '../../domain/errors.js';

/** The system role that can never be left without an active holder in an organisation. */
export const SUPER_ADMIN = 'Super Admin';

/** Whether a role is the organisation's system Super Admin role (system roles keep their names). */
export function isSuperAdminRole(role: { name: string; is_system: boolean }): boolean {
  return role.is_system && role.name === SUPER_ADMIN;
}

/** Messages of the membership rules (also asserted by the tests). */
export const MEMBERSHIP_MESSAGES = {
  selfDeactivation: 'You cannot deactivate your own account',
  lastSuperAdminDeactivation:
    'This user is the last active Super Admin of the organization and cannot be deactivated. Make another user Super Admin first.',
  lastSuperAdminRole:
    'This user is the last active Super Admin of the organization and must keep the Super Admin role. Make another user Super Admin first.',
  roleManagerStatus: 'Only users who can manage roles can activate or deactivate a user who manages roles',
  roleManagerRole: 'Only users who can manage roles can give or take away a role that manages roles',
  ownRole: 'You cannot change your own role: ask another administrator',
  pendingActivation:
    'This user has not accepted the invitation yet: they join when they open the emailed link (send it again with Reset password)',
  sharedProfile: (field: string) =>
    `${field} belongs to the user, who is also a member of another organization: only they can change it`,
} as const;

/**
 * The message of a refusal to give or take away a role holding permissions the actor lacks (403).
 * `action`: what the actor tried, e.g. 'give this role'.
 */
export function permissionNotHeldMessage(action: string, missing: readonly string[]): string {
  const list = [...missing].sort().join(', ');
  return `You cannot ${action}: it holds ${missing.length === 1 ? 'a permission' : 'permissions'} you do not have (${list})`;
}

/** The permissions of `wanted` that `held` lacks. */
export function missingPermissions(held: ReadonlySet<string>, wanted: readonly string[]): string[] {
  return wanted.filter((permission) => !held.has(permission));
}

/**
 * Nobody hands out more than they hold: the actor must hold every permission of `role` to give it
 * (or, `action`, to take it away), or the error to throw (403 `OWN_PERMISSION_REQUIRED`).
 */
export function checkPermissionsHeld(
  held: ReadonlySet<string>,
  role: { permissions: readonly string[] },
  action: string,
): DomainError | null {
  const missing = missingPermissions(held, role.permissions);
  return missing.length
    ? new Forbidden(permissionNotHeldMessage(action, missing), 'OWN_PERMISSION_REQUIRED')
    : null;
}

/** What the rules need to know about the member being changed. */
export interface MemberFacts {
  userId: string;
  /** Membership and account both active. */
  active: boolean;
  role: { name: string; is_system: boolean; permissions: readonly string[] };
}

/** Who acts, and the organisation's count of active Super Admins (the member included, if one). */
export interface ChangeContext {
  actorId: string;
  actorCanManageRoles: boolean;
  activeSuperAdmins: number;
}

const managesRoles = (role: { permissions: readonly string[] }) => role.permissions.includes('role.manage');

/**
 * Whether the actor may set the member's status in this organisation (`active`), or the error to
 * throw: nobody deactivates themself (400, naming `field`); changing the status of someone who
 * manages roles takes someone who manages roles (403); the last active Super Admin stays (409).
 * Setting the status a member already has is always allowed (it changes nothing).
 */
export function checkStatusChange(
  context: ChangeContext,
  member: MemberFacts,
  active: boolean,
  field: string,
): DomainError | null {
  if (member.active === active) return null;
  if (!active && member.userId === context.actorId) {
    return new ValidationFailed(MEMBERSHIP_MESSAGES.selfDeactivation, [
      { field, message: MEMBERSHIP_MESSAGES.selfDeactivation },
    ]);
  }
  if (managesRoles(member.role) && !context.actorCanManageRoles) {
    return new Forbidden(MEMBERSHIP_MESSAGES.roleManagerStatus);
  }
  if (!active && isSuperAdminRole(member.role) && context.activeSuperAdmins <= 1) {
    return new Conflict(MEMBERSHIP_MESSAGES.lastSuperAdminDeactivation, 'LAST_SUPER_ADMIN');
  }
  return null;
}

/**
 * Whether the actor may move the member to `role`, or the error to throw: nobody changes their own
 * role (403); giving or taking away a role that manages roles takes someone who manages roles (403);
 * with `actorPermissions`, the actor must hold every permission of both the new and the current role
 * (403); the last active Super Admin keeps the role (409). Keeping the same role is always allowed.
 */
export function checkRoleChange(
  context: ChangeContext & { actorPermissions?: ReadonlySet<string> },
  member: MemberFacts & { roleId: string },
  role: { id: string; name: string; is_system: boolean; permissions: readonly string[] },
): DomainError | null {
  if (member.roleId === role.id) return null;
  if (member.userId === context.actorId) return new Forbidden(MEMBERSHIP_MESSAGES.ownRole, 'OWN_ROLE');
  if ((managesRoles(member.role) || managesRoles(role)) && !context.actorCanManageRoles) {
    return new Forbidden(MEMBERSHIP_MESSAGES.roleManagerRole);
  }
  if (context.actorPermissions) {
    const refusal =
      checkPermissionsHeld(context.actorPermissions, role, 'give this role') ??
      checkPermissionsHeld(context.actorPermissions, member.role, "change this user's role");
    if (refusal) return refusal;
  }
  if (
    member.active &&
    isSuperAdminRole(member.role) &&
    !isSuperAdminRole(role) &&
    context.activeSuperAdmins <= 1
  ) {
    return new Conflict(MEMBERSHIP_MESSAGES.lastSuperAdminRole, 'LAST_SUPER_ADMIN');
  }
  return null;
}

/**
 * Whether the actor may give a new member `role`: a role that manages roles takes someone who
 * manages roles, and every permission of the role must be one the actor holds (403).
 */
export function checkRoleGrant(
  context: Pick<ChangeContext, 'actorCanManageRoles'> & { actorPermissions?: ReadonlySet<string> },
  role: { permissions: readonly string[] },
): DomainError | null {
  if (managesRoles(role) && !context.actorCanManageRoles) {
    return new Forbidden(MEMBERSHIP_MESSAGES.roleManagerRole);
  }
  return context.actorPermissions
    ? checkPermissionsHeld(context.actorPermissions, role, 'give this role')
    : null;
}
