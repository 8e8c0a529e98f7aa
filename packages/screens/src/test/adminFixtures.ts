/**
 * The administration fixtures of the screens' tests and stories (users, roles, departments): the
 * permission catalogue, the default roles, the people and departments of ACME and its members. The
 * signed-in user of ./handlers (Alex Morgan, Admin) is a member here too, with the same id, so
 * "yourself" rules can be exercised. The handlers over them are in ./adminHandlers.
 */
import type { Schemas } from '@purchasing/api-client';
import { acme, adminUser, plainUser } from './handlers';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type Permission = Schemas['Permission'];
type PermissionName = Schemas['PermissionName'];
type PersonRef = Schemas['PersonRef'];

/** A fixture id: `n` padded into a version-4 UUID. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'requisition.create': 'Create, edit and submit own requisitions',
  'requisition.view_all': 'View every requisition of the organization',
  'approval.act': 'Approve, reject, request information on and delegate requisitions',
  'purchase_order.view': 'View purchase orders',
  'purchase_order.manage': 'Create, edit, send and cancel purchase orders',
  'purchase_order.receive': 'Record receipt of purchase orders',
  'user.create': 'Create users and send invitations',
  'user.edit': 'Edit users, their roles, departments and managers',
  'user.delete': 'Deactivate users',
  'org.settings': 'Manage organization settings and departments',
  'role.manage': 'Create, edit and delete roles and their permissions',
  'vendor.manage': 'Manage vendors',
  'product.manage': 'Manage products',
  'budget.view': 'View budgets and budget checks',
  'report.view': 'View reports',
};

/** Every permission a role can hold (`GET /roles/permissions`), in the contract's order. */
export const adminPermissions: Permission[] = (Object.keys(PERMISSION_DESCRIPTIONS) as PermissionName[]).map(
  (name, index) => ({ id: uuid(3600 + index), name, description: PERMISSION_DESCRIPTIONS[name] }),
);

const permissionsNamed = (names: readonly PermissionName[]): Permission[] =>
  adminPermissions.filter((permission) => names.includes(permission.name));

const ALL = adminPermissions.map((permission) => permission.name);
const REQUISITION_ALL: PermissionName[] = ['requisition.create', 'requisition.view_all'];
const PURCHASE_ORDER_ALL: PermissionName[] = [
  'purchase_order.view',
  'purchase_order.manage',
  'purchase_order.receive',
];

/** Builds a role of ACME; `n` makes its id unique. */
export function buildRole(
  n: number,
  name: string,
  permissionNames: readonly PermissionName[],
  overrides: Partial<Role> = {},
): Role {
  return {
    id: uuid(3000 + n),
    organization_id: acme.id,
    name,
    description: null,
    is_system: false,
    // The in-memory APIs answer the live count of their members (adminHandlers, departmentHandlers).
    user_count: 0,
    permissions: permissionsNamed(permissionNames),
    ...overrides,
  };
}

/** The default roles of DECISIONS §2 (system roles) plus one custom role, by name. */
export function defaultRoles(): Role[] {
  return [
    buildRole(1, 'Super Admin', ALL, {
      is_system: true,
      description: 'Full access, including roles and permissions',
    }),
    buildRole(
      2,
      'Admin',
      ALL.filter((name) => name !== 'role.manage'),
      { is_system: true, description: 'Manages users, departments and settings' },
    ),
    buildRole(
      3,
      'General Manager',
      [...REQUISITION_ALL, 'approval.act', ...PURCHASE_ORDER_ALL, 'budget.view', 'report.view'],
      { is_system: true, description: 'Approves the largest requisitions' },
    ),
    buildRole(
      4,
      'Finance Manager',
      [
        ...REQUISITION_ALL,
        'approval.act',
        ...PURCHASE_ORDER_ALL,
        'budget.view',
        'report.view',
        'vendor.manage',
        'product.manage',
      ],
      { is_system: true, description: 'Approves spending above 25,000 and buys' },
    ),
    buildRole(
      5,
      'Department Head',
      [...REQUISITION_ALL, 'approval.act', 'purchase_order.view', 'budget.view'],
      { is_system: true, description: "Approves the department's requisitions" },
    ),
    buildRole(6, 'Manager', ['requisition.create', 'approval.act', 'purchase_order.view'], {
      is_system: true,
      description: 'Approves the requisitions of their team',
    }),
    buildRole(7, 'User', ['requisition.create', 'purchase_order.view'], {
      is_system: true,
      description: 'Raises requisitions',
    }),
    buildRole(8, 'Procurement Officer', ['requisition.create', ...PURCHASE_ORDER_ALL, 'vendor.manage'], {
      description: 'Turns approved requisitions into purchase orders',
    }),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** The people of the fixtures, by key: id, name and email. */
export const adminPeople = {
  alex: { id: adminUser.id, first_name: 'Alex', last_name: 'Morgan', email: adminUser.email },
  uma: { id: plainUser.id, first_name: 'Uma', last_name: 'Patel', email: plainUser.email },
  fiona: { id: uuid(5), first_name: 'Fiona', last_name: 'Chen', email: 'finance@acme.test' },
  sophia: { id: uuid(3201), first_name: 'Sophia', last_name: 'Turner', email: 'sophia.turner@acme.test' },
  daniel: { id: uuid(3202), first_name: 'Daniel', last_name: 'Kim', email: 'daniel.kim@acme.test' },
  grace: { id: uuid(3203), first_name: 'Grace', last_name: 'Liu', email: 'grace.liu@acme.test' },
  marcus: { id: uuid(3204), first_name: 'Marcus', last_name: 'Reed', email: 'marcus.reed@acme.test' },
  priya: { id: uuid(3205), first_name: 'Priya', last_name: 'Shah', email: 'priya.shah@acme.test' },
  tom: { id: uuid(3206), first_name: 'Tom', last_name: 'Becker', email: 'tom.becker@acme.test' },
  lena: { id: uuid(3207), first_name: 'Lena', last_name: 'Novak', email: 'lena.novak@acme.test' },
  omar: { id: uuid(3208), first_name: 'Omar', last_name: 'Haddad', email: 'omar.haddad@acme.test' },
  chloe: { id: uuid(3209), first_name: 'Chloe', last_name: 'Martin', email: 'chloe.martin@acme.test' },
  ravi: { id: uuid(3210), first_name: 'Ravi', last_name: 'Iyer', email: 'ravi.iyer@acme.test' },
} as const;

type PersonKey = keyof typeof adminPeople;

const personRef = (key: PersonKey): PersonRef => {
  const { id, first_name, last_name } = adminPeople[key];
  return { id, first_name, last_name };
};

/** Builds a department of ACME; `n` makes its id unique. */
export function buildDepartment(n: number, overrides: Partial<Department> = {}): Department {
  return {
    id: uuid(3100 + n),
    name: `Department ${n}`,
    code: `D${n}`,
    description: null,
    department_head: null,
    parent_department: null,
    is_active: true,
    ...overrides,
  };
}

/** The departments of the fixtures (one inactive, one with a parent), by name. */
export function defaultDepartments(): Department[] {
  const operations = buildDepartment(3, {
    name: 'Operations',
    code: 'OPS',
    description: 'Warehousing, logistics and facilities',
    department_head: personRef('grace'),
  });
  return [
    buildDepartment(1, {
      name: 'Finance',
      code: 'FIN',
      description: 'Accounts payable and receivable',
      department_head: personRef('fiona'),
    }),
    buildDepartment(2, {
      name: 'Information Technology',
      code: 'IT',
      description: 'Systems, devices and support',
      department_head: personRef('daniel'),
    }),
    operations,
    buildDepartment(4, {
      name: 'Procurement',
      code: 'PROC',
      description: 'Sourcing and purchasing',
      department_head: personRef('marcus'),
      parent_department: { id: operations.id, name: operations.name },
    }),
    buildDepartment(5, {
      name: 'Marketing',
      code: 'MKT',
      description: 'Brand and campaigns',
      is_active: false,
    }),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** What {@link buildAdminUser} needs to know of a member beyond the user fields. */
export interface AdminUserSetup {
  /** The role's name, looked up in `roles`. */
  role: string;
  /** The department's code, looked up in `departments`; none when absent. */
  department?: string;
  /** The manager's key in {@link adminPeople}; none when absent. */
  manager?: PersonKey;
  /** Whether the membership of ACME is active (default true). */
  active?: boolean;
  roles?: Role[];
  departments?: Department[];
}

/**
 * A user as `GET /users` answers it: only the ACME membership, with the named role, department and
 * manager, and the permissions of that role.
 */
export function buildAdminUser(
  person: { id: string; first_name: string; last_name: string; email: string },
  {
    role: roleName,
    department: code,
    manager,
    active = true,
    roles = defaultRoles(),
    departments = defaultDepartments(),
  }: AdminUserSetup,
  overrides: Partial<User> = {},
): User {
  const role = roles.find((entry) => entry.name === roleName);
  if (!role) throw new Error(`no role named ${roleName}`);
  const department = code ? departments.find((entry) => entry.code === code) : undefined;
  return {
    ...person,
    phone: null,
    avatar_url: null,
    is_active: true,
    last_login_at: '2026-11-18T08:30:00.000Z',
    created_at: '2026-02-03T09:00:00.000Z',
    permissions: role.permissions.map((permission) => permission.name),
    user_organizations: [
      {
        id: uuid(3400 + Number.parseInt(person.id.slice(-6), 10)),
        organization: { id: acme.id, name: acme.name, code: acme.code },
        role: {
          id: role.id,
          name: role.name,
          description: role.description,
          is_system: role.is_system,
          permissions: role.permissions,
        },
        department: department ? { id: department.id, name: department.name } : null,
        manager: manager ? personRef(manager) : null,
        is_active: active,
        is_pending: false,
      },
    ],
    ...overrides,
  };
}

/** The members of ACME in the fixtures: 13 people, every default role, one inactive, one never signed in. */
export function defaultAdminUsers(
  roles: Role[] = defaultRoles(),
  departments: Department[] = defaultDepartments(),
): User[] {
  const build = (
    key: PersonKey,
    setup: Omit<AdminUserSetup, 'roles' | 'departments'>,
    overrides: Partial<User> = {},
  ) => buildAdminUser(adminPeople[key], { ...setup, roles, departments }, overrides);
  return sortUsers([
    build('alex', { role: 'Admin', department: 'OPS' }, { phone: '+61 2 9000 0001' }),
    build('uma', { role: 'User', department: 'IT', manager: 'omar' }),
    build('fiona', { role: 'Finance Manager', department: 'FIN', manager: 'sophia' }),
    build('sophia', { role: 'General Manager', department: 'OPS' }, { phone: '+61 2 9000 0002' }),
    build('daniel', { role: 'Department Head', department: 'IT', manager: 'sophia' }),
    build('grace', { role: 'Department Head', department: 'OPS', manager: 'sophia' }),
    build('marcus', { role: 'Manager', department: 'PROC', manager: 'grace' }),
    build('priya', { role: 'Procurement Officer', department: 'PROC', manager: 'marcus' }),
    build('tom', { role: 'User', department: 'FIN', manager: 'fiona' }),
    build(
      'lena',
      { role: 'User', department: 'IT', manager: 'daniel', active: false },
      { is_active: false, last_login_at: '2026-08-02T10:15:00.000Z' },
    ),
    build('omar', { role: 'Manager', department: 'IT', manager: 'daniel' }),
    build('chloe', { role: 'User' }, { last_login_at: null, created_at: '2026-11-19T14:00:00.000Z' }),
    build('ravi', { role: 'Super Admin' }, { created_at: '2026-01-05T09:00:00.000Z' }),
  ]);
}

/** `count` more members (all Users of IT), to page through long lists. */
export function buildManyAdminUsers(count: number, roles: Role[] = defaultRoles()): User[] {
  const departments = defaultDepartments();
  return Array.from({ length: count }, (_, index) =>
    buildAdminUser(
      {
        id: uuid(3300 + index),
        first_name: `Member${String(index + 1).padStart(2, '0')}`,
        last_name: 'Example',
        email: `member${index + 1}@acme.test`,
      },
      { role: 'User', department: 'IT', manager: 'daniel', roles, departments },
    ),
  );
}

/** Sorts members by last name, then first name (in place), as `GET /users` answers them. */
export function sortUsers(users: User[]): User[] {
  return users.sort(
    (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
  );
}
