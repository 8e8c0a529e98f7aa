/**
 * The rules that protect roles, as pure functions: each answers the refusal (code and message),
 * or null when the change may go ahead. The service gathers the facts under a lock and answers a
 * refusal as 409.
 */

/** Why a change is refused: the error's code and its message for people. */
export interface Refusal {
  code: 'SYSTEM_ROLE' | 'ROLE_IN_USE' | 'PERMISSION_NOT_HELD' | 'LAST_ROLE_MANAGER';
  message: string;
}

/** A role as far as the rules need it. */
export interface RoleFacts {
  name: string;
  is_system: boolean;
}

/** The name of the system role that always holds every permission. */
export const SUPER_ADMIN = 'Super Admin';

/** The permission whose last holder must not lose it. */
export const ROLE_MANAGE = 'role.manage';

/** The system role Super Admin (system roles cannot be renamed, so the name identifies it). */
export const isSuperAdmin = (role: RoleFacts): boolean => role.is_system && role.name === SUPER_ADMIN;

export const ROLE_MESSAGES = {
  systemRename: 'System roles cannot be renamed',
  systemDelete: 'System roles cannot be deleted',
  superAdminKeepsAll: 'The Super Admin role always keeps every permission',
  lastRoleManager:
    'No other active member would be able to manage roles: assign someone a role with role.manage first',
} as const;

/**
 * The permissions among `wanted` (names) that the actor, holding `held`, may not grant: nobody
 * grants a permission they do not hold (answered as 403 `OWN_PERMISSION_REQUIRED`).
 */
export function permissionsNotHeld(held: ReadonlySet<string>, wanted: readonly string[]): string[] {
  return wanted.filter((permission) => !held.has(permission)).sort();
}

/** The message of a refusal to grant `missing` (see {@link permissionsNotHeld}). */
export function grantRefusalMessage(missing: readonly string[]): string {
  return `You cannot grant ${missing.length === 1 ? 'a permission' : 'permissions'} you do not have: ${missing.join(', ')}`;
}

/** Why `role` may not be renamed to `newName` (system roles keep their name, even its case). */
export function renameRefusal(role: RoleFacts, newName: string): Refusal | null {
  return role.is_system && newName !== role.name
    ? { code: 'SYSTEM_ROLE', message: ROLE_MESSAGES.systemRename }
    : null;
}

/** Why `role`, held by `holders` memberships (active or not), may not be deleted. */
export function deletionRefusal(role: RoleFacts, holders: number): Refusal | null {
  if (role.is_system) return { code: 'SYSTEM_ROLE', message: ROLE_MESSAGES.systemDelete };
  if (holders > 0) {
    const users = holders === 1 ? '1 user' : `${holders} users`;
    return {
      code: 'ROLE_IN_USE',
      message: `This role is held by ${users} and cannot be deleted. Assign them another role first.`,
    };
  }
  return null;
}

/**
 * Why `permission` may not be removed from `role`. `held`: the role holds it;
 * `otherActiveManagers`: active members who would still hold `role.manage` through another role.
 */
export function removalRefusal(facts: {
  role: RoleFacts;
  permission: string;
  held: boolean;
  otherActiveManagers: number;
}): Refusal | null {
  if (isSuperAdmin(facts.role)) return { code: 'SYSTEM_ROLE', message: ROLE_MESSAGES.superAdminKeepsAll };
  if (!facts.held)
    return {
      code: 'PERMISSION_NOT_HELD',
      message: `This role does not have the permission ${facts.permission}`,
    };
  if (facts.permission === ROLE_MANAGE && facts.otherActiveManagers === 0)
    return { code: 'LAST_ROLE_MANAGER', message: ROLE_MESSAGES.lastRoleManager };
  return null;
}
