import { describe, expect, it } from 'vitest';
import { deletionRefusal, isSuperAdmin, removalRefusal, renameRefusal } from './role-rules.js';

const superAdmin = { name: 'Super Admin', is_system: true };
const admin = { name: 'Admin', is_system: true };
const buyer = { name: 'Buyer', is_system: false };
const fakeSuperAdmin = { name: 'Super Admin', is_system: false };

describe('isSuperAdmin', () => {
  it.each([
    ['the system role Super Admin', superAdmin, true],
    ['another system role', admin, false],
    ['a custom role, whatever its name', fakeSuperAdmin, false],
  ])('answers for %s', (_name, role, expected) => {
    expect(isSuperAdmin(role)).toBe(expected);
  });
});

describe('renameRefusal', () => {
  it.each([
    ['lets a custom role be renamed', buyer, 'Purchaser', null],
    ['lets a system role keep its name', admin, 'Admin', null],
    ['refuses a new name for a system role', admin, 'Administrator', 'SYSTEM_ROLE'],
    ['refuses a change of case for a system role', admin, 'ADMIN', 'SYSTEM_ROLE'],
  ])('%s', (_name, role, newName, code) => {
    expect(renameRefusal(role, newName)?.code ?? null).toBe(code);
  });
});

describe('deletionRefusal', () => {
  it.each([
    ['lets an unused custom role go', buyer, 0, null],
    ['refuses a system role, even unused', admin, 0, 'System roles cannot be deleted'],
    [
      'refuses a role held by one user, saying so',
      buyer,
      1,
      'This role is held by 1 user and cannot be deleted. Assign them another role first.',
    ],
    [
      'refuses a role held by several users, counting them',
      buyer,
      3,
      'This role is held by 3 users and cannot be deleted. Assign them another role first.',
    ],
  ])('%s', (_name, role, holders, message) => {
    expect(deletionRefusal(role, holders)?.message ?? null).toBe(message);
  });
});

describe('removalRefusal', () => {
  it.each([
    ['lets a held permission go from a custom role', buyer, 'vendor.manage', true, 0, null],
    ['refuses any removal from Super Admin', superAdmin, 'vendor.manage', true, 5, 'SYSTEM_ROLE'],
    ['lets a held permission go from another system role', admin, 'user.delete', true, 0, null],
    ['refuses a permission the role does not hold', buyer, 'vendor.manage', false, 3, 'PERMISSION_NOT_HELD'],
    ['lets role.manage go while another active member keeps it', buyer, 'role.manage', true, 1, null],
    [
      'refuses role.manage when nobody else would keep it',
      buyer,
      'role.manage',
      true,
      0,
      'LAST_ROLE_MANAGER',
    ],
  ])('%s', (_name, role, permission, held, otherActiveManagers, code) => {
    expect(removalRefusal({ role, permission, held, otherActiveManagers })?.code ?? null).toBe(code);
  });
});
