import { describe, expect, it } from 'vitest';
import {
  type ChangeContext,
  checkRoleChange,
  checkRoleGrant,
  checkStatusChange,
  isSuperAdminRole,
  type MemberFacts,
} from './membership-rules.js';

const ALL = ['role.manage', 'user.create', 'user.edit', 'user.delete'];
const superAdmin = { id: 'r-sa', name: 'Super Admin', is_system: true, permissions: ALL };
const admin = { id: 'r-admin', name: 'Admin', is_system: true, permissions: ALL.slice(1) };
const roleManager = { id: 'r-custom', name: 'Role manager', is_system: false, permissions: ['role.manage'] };
const user = { id: 'r-user', name: 'User', is_system: true, permissions: ['requisition.create'] };
const buyer = { id: 'r-buyer', name: 'Buyer', is_system: false, permissions: ['purchase_order.manage'] };

const member = (role: typeof superAdmin, overrides: Partial<MemberFacts> = {}) => ({
  userId: 'target',
  active: true,
  role,
  roleId: role.id,
  ...overrides,
});
const ctx = (overrides: Partial<ChangeContext> = {}): ChangeContext => ({
  actorId: 'actor',
  actorCanManageRoles: true,
  activeSuperAdmins: 2,
  ...overrides,
});

describe('isSuperAdminRole', () => {
  it.each([
    ['the system Super Admin role', superAdmin, true],
    ['a custom role named Super Admin', { ...superAdmin, is_system: false }, false],
    ['Admin', admin, false],
  ])('%s → %s', (_name, role, expected) => {
    expect(isSuperAdminRole(role)).toBe(expected);
  });
});

describe('checkStatusChange', () => {
  it.each([
    ['allows deactivating a User', ctx({ actorCanManageRoles: false }), member(user), false, null],
    ['allows reactivating a User', ctx(), member(user, { active: false }), true, null],
    ['changes nothing when the status is the same', ctx(), member(superAdmin), true, null],
    ['refuses self-deactivation', ctx(), member(user, { userId: 'actor' }), false, 400],
    [
      'refuses self-deactivation of the last Super Admin as self-deactivation',
      ctx({ activeSuperAdmins: 1 }),
      member(superAdmin, { userId: 'actor' }),
      false,
      400,
    ],
    [
      'refuses deactivating a Super Admin without role.manage',
      ctx({ actorCanManageRoles: false }),
      member(superAdmin),
      false,
      403,
    ],
    [
      'refuses reactivating a role manager without role.manage',
      ctx({ actorCanManageRoles: false }),
      member(roleManager, { active: false }),
      true,
      403,
    ],
    [
      'refuses deactivating the last active Super Admin',
      ctx({ activeSuperAdmins: 1 }),
      member(superAdmin),
      false,
      409,
    ],
    [
      'allows deactivating one of two Super Admins',
      ctx({ activeSuperAdmins: 2 }),
      member(superAdmin),
      false,
      null,
    ],
    [
      'allows deactivating a role manager who is not Super Admin when one Super Admin is left',
      ctx({ activeSuperAdmins: 1 }),
      member(roleManager),
      false,
      null,
    ],
  ] as const)('%s', (_name, context, target, active, status) => {
    const error = checkStatusChange(context, target, active, 'is_active');
    expect(error?.status ?? null).toBe(status);
    if (status === 400) expect(error?.details).toEqual([{ field: 'is_active', message: error?.message }]);
  });
});

describe('checkRoleChange', () => {
  it.each([
    [
      'allows moving a User to Manager-like roles',
      ctx({ actorCanManageRoles: false }),
      member(user),
      admin,
      null,
    ],
    ['keeps the same role', ctx({ activeSuperAdmins: 1 }), member(superAdmin), superAdmin, null],
    [
      'refuses giving a role that manages roles without role.manage',
      ctx({ actorCanManageRoles: false }),
      member(user),
      superAdmin,
      403,
    ],
    [
      'refuses taking away a role that manages roles without role.manage',
      ctx({ actorCanManageRoles: false }),
      member(roleManager),
      user,
      403,
    ],
    [
      'refuses demoting the last active Super Admin',
      ctx({ activeSuperAdmins: 1 }),
      member(superAdmin),
      admin,
      409,
    ],
    [
      'refuses anyone changing their own role (403 before the last-Super-Admin count)',
      ctx({ actorId: 'target', activeSuperAdmins: 1 }),
      member(superAdmin),
      admin,
      403,
    ],
    [
      'refuses giving a role with a permission the actor does not hold',
      { ...ctx({ actorCanManageRoles: false }), actorPermissions: new Set(['user.edit']) },
      member(user),
      admin,
      403,
    ],
    [
      'refuses taking away a role with a permission the actor does not hold',
      { ...ctx({ actorCanManageRoles: false }), actorPermissions: new Set(admin.permissions) },
      member(buyer),
      user,
      403,
    ],
    [
      'allows a move between roles whose permissions the actor holds',
      {
        ...ctx({ actorCanManageRoles: false }),
        actorPermissions: new Set([...admin.permissions, ...user.permissions]),
      },
      member(user),
      admin,
      null,
    ],
    [
      'allows demoting one of two Super Admins',
      ctx({ activeSuperAdmins: 2 }),
      member(superAdmin),
      admin,
      null,
    ],
    [
      'allows demoting an inactive Super Admin',
      ctx({ activeSuperAdmins: 1 }),
      member(superAdmin, { active: false }),
      admin,
      null,
    ],
  ] as const)('%s', (_name, context, target, role, status) => {
    expect(checkRoleChange(context, target, role)?.status ?? null).toBe(status);
  });
});

describe('checkRoleGrant', () => {
  it.each([
    ['a role without role.manage, by anyone', false, user, null],
    ['a role with role.manage, by a role manager', true, superAdmin, null],
    ['a role with role.manage, by someone else', false, roleManager, 403],
  ] as const)('%s', (_name, canManage, role, status) => {
    expect(checkRoleGrant({ actorCanManageRoles: canManage }, role)?.status ?? null).toBe(status);
  });

  it('refuses a role holding a permission the actor lacks, naming it (403 OWN_PERMISSION_REQUIRED)', () => {
    const error = checkRoleGrant(
      { actorCanManageRoles: false, actorPermissions: new Set(['user.create']) },
      { permissions: ['user.create', 'user.edit'] },
    );
    expect(error).toMatchObject({ status: 403, code: 'OWN_PERMISSION_REQUIRED' });
    expect(error?.message).toContain('user.edit');
    expect(
      checkRoleGrant(
        { actorCanManageRoles: false, actorPermissions: new Set(['user.create', 'user.edit']) },
        { permissions: ['user.edit'] },
      ),
    ).toBeNull();
  });
});
