/**
 * The directory fixtures of the department, role and user screens' tests and stories: the permission
 * catalogue and roles (the administration fixtures' plus an Auditor), the people and departments of
 * ACME, its members and a Super Admin. The handlers over them are in ./departmentHandlers.
 */
import type { Schemas } from '@purchasing/api-client';
import { adminPermissions, buildRole, defaultRoles } from './adminFixtures';
import { acme, adminUser } from './handlers';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type Permission = Schemas['Permission'];
type PersonRef = Schemas['PersonRef'];

/** A fixture id: `n` padded into a version-4 UUID. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

// ---------------------------------------------------------------- permissions and roles

/** The permission catalogue (`GET /roles/permissions`): the administration fixtures' one. */
export const permissionCatalogue: Permission[] = adminPermissions;

/** The default roles of DECISIONS §2 and the custom roles of the administration fixtures, plus an Auditor. */
export function directoryRoles(): Role[] {
  return [
    ...defaultRoles(),
    buildRole(9, 'Auditor', ['requisition.view_all', 'purchase_order.view', 'budget.view', 'report.view'], {
      description: 'Reads everything, changes nothing',
    }),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------- people and departments

/** The members of the fixtures, by key. Alex Morgan is the signed-in user of ./handlers. */
export const directoryPeople = {
  alex: { id: adminUser.id, first_name: 'Alex', last_name: 'Morgan', email: adminUser.email },
  fiona: { id: uuid(5201), first_name: 'Fiona', last_name: 'Chen', email: 'fiona.chen@acme.test' },
  daniel: { id: uuid(5202), first_name: 'Daniel', last_name: 'Kim', email: 'daniel.kim@acme.test' },
  grace: { id: uuid(5203), first_name: 'Grace', last_name: 'Liu', email: 'grace.liu@acme.test' },
  marcus: { id: uuid(5204), first_name: 'Marcus', last_name: 'Reed', email: 'marcus.reed@acme.test' },
  priya: { id: uuid(5205), first_name: 'Priya', last_name: 'Shah', email: 'priya.shah@acme.test' },
  tom: { id: uuid(5206), first_name: 'Tom', last_name: 'Becker', email: 'tom.becker@acme.test' },
  lena: { id: uuid(5207), first_name: 'Lena', last_name: 'Novak', email: 'lena.novak@acme.test' },
  omar: { id: uuid(5208), first_name: 'Omar', last_name: 'Haddad', email: 'omar.haddad@acme.test' },
  chloe: { id: uuid(5209), first_name: 'Chloe', last_name: 'Martin', email: 'chloe.martin@acme.test' },
  ravi: { id: uuid(5210), first_name: 'Ravi', last_name: 'Iyer', email: 'ravi.iyer@acme.test' },
} as const;

type PersonKey = keyof typeof directoryPeople;

/** A member of the fixtures as a name reference (a head, a manager). */
export function personRef(key: PersonKey): PersonRef {
  const { id, first_name, last_name } = directoryPeople[key];
  return { id, first_name, last_name };
}

/** Builds a department of ACME; `n` makes its id unique. */
export function buildDirectoryDepartment(n: number, overrides: Partial<Department> = {}): Department {
  return {
    id: uuid(5100 + n),
    name: `Department ${n}`,
    code: `D${n}`,
    description: null,
    department_head: null,
    parent_department: null,
    is_active: true,
    ...overrides,
  };
}

/**
 * The departments of the fixtures, by name: Operations with Procurement under it and Logistics under
 * Procurement, Finance, Information Technology, and Marketing (inactive, no head or description).
 */
export function directoryDepartments(): Department[] {
  const operations = buildDirectoryDepartment(3, {
    name: 'Operations',
    code: 'OPS',
    description: 'Warehousing, logistics and facilities',
    department_head: personRef('grace'),
  });
  const procurement = buildDirectoryDepartment(4, {
    name: 'Procurement',
    code: 'PROC',
    description: 'Sourcing, supplier contracts and purchasing',
    department_head: personRef('marcus'),
    parent_department: { id: operations.id, name: operations.name },
  });
  return [
    buildDirectoryDepartment(1, {
      name: 'Finance',
      code: 'FIN',
      description: 'Accounts payable and receivable, budgets and reporting',
      department_head: personRef('fiona'),
    }),
    buildDirectoryDepartment(2, {
      name: 'Information Technology',
      code: 'IT',
      description: 'Systems, devices and support',
      department_head: personRef('daniel'),
    }),
    operations,
    procurement,
    buildDirectoryDepartment(6, {
      name: 'Logistics',
      code: 'LOG',
      description: 'Inbound freight and deliveries',
      department_head: null,
      parent_department: { id: procurement.id, name: procurement.name },
    }),
    buildDirectoryDepartment(5, { name: 'Marketing', code: 'MKT', is_active: false }),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** A member's place in ACME: role name, department code, manager and whether the membership is active. */
interface Placement {
  role: string;
  department?: string;
  manager?: PersonKey;
  active?: boolean;
}

const PLACEMENTS: Record<PersonKey, Placement> = {
  alex: { role: 'Admin' },
  fiona: { role: 'Finance Manager', department: 'FIN', manager: 'grace' },
  daniel: { role: 'Department Head', department: 'IT', manager: 'grace' },
  grace: { role: 'General Manager', department: 'OPS' },
  marcus: { role: 'Department Head', department: 'PROC', manager: 'grace' },
  priya: { role: 'User', department: 'FIN', manager: 'fiona' },
  tom: { role: 'User', department: 'IT', manager: 'daniel', active: false },
  lena: { role: 'Manager', department: 'OPS', manager: 'grace' },
  omar: { role: 'User', department: 'PROC', manager: 'marcus' },
  chloe: { role: 'User', department: 'FIN', manager: 'priya' },
  ravi: { role: 'Procurement Officer', department: 'PROC', manager: 'marcus' },
};

/** The members of ACME as `GET /users` answers them (only the ACME membership), by last then first name. */
export function directoryMembers(
  roles: readonly Role[] = directoryRoles(),
  departments: readonly Department[] = directoryDepartments(),
): User[] {
  return (Object.keys(directoryPeople) as PersonKey[])
    .map((key, index): User => {
      const placement = PLACEMENTS[key];
      const role = roles.find((entry) => entry.name === placement.role);
      if (!role) throw new Error(`no role named ${placement.role}`);
      const department = placement.department
        ? departments.find((entry) => entry.code === placement.department)
        : undefined;
      const active = placement.active ?? true;
      return {
        ...directoryPeople[key],
        phone: null,
        avatar_url: null,
        is_active: active,
        last_login_at: '2026-11-18T08:30:00.000Z',
        created_at: '2026-02-03T09:00:00.000Z',
        permissions: role.permissions.map((permission) => permission.name),
        user_organizations: [
          {
            id: uuid(5300 + index),
            organization: { id: acme.id, name: acme.name, code: acme.code },
            role: {
              id: role.id,
              name: role.name,
              description: role.description,
              is_system: role.is_system,
              permissions: role.permissions,
            },
            department: department ? { id: department.id, name: department.name } : null,
            manager: placement.manager ? personRef(placement.manager) : null,
            is_active: active,
            is_pending: false,
          },
        ],
      };
    })
    .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));
}

/**
 * Sam Rivera: the Super Admin of ACME, the one fixture user holding `role.manage` (for the Roles
 * screen; use `meHandler(superAdminUser)`).
 */
export const superAdminUser: User = (() => {
  const role = directoryRoles().find((entry) => entry.name === 'Super Admin') as Role;
  return {
    id: uuid(5299),
    first_name: 'Sam',
    last_name: 'Rivera',
    email: 'owner@acme.test',
    phone: null,
    avatar_url: null,
    is_active: true,
    last_login_at: '2026-11-18T08:30:00.000Z',
    created_at: '2026-01-05T09:00:00.000Z',
    permissions: role.permissions.map((permission) => permission.name),
    user_organizations: [
      {
        id: uuid(5399),
        organization: { id: acme.id, name: acme.name, code: acme.code },
        role: {
          id: role.id,
          name: role.name,
          description: role.description,
          is_system: true,
          permissions: role.permissions,
        },
        department: null,
        manager: null,
        is_active: true,
        is_pending: false,
      },
    ],
  };
})();
