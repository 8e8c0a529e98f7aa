/**
 * Typed MSW fixtures and handlers for the administration screens (users, roles, departments). Each
 * `createAdminApi()` call keeps its own in-memory store, so a test or story that creates, updates or
 * deactivates a user sees the change on its next read. Override one group (the factories below, or
 * `http` from ./handlers) for error, empty and loading states. The signed-in user of ./handlers (Alex
 * Morgan, Admin) is a member here too, with the same id, so "yourself" rules can be exercised.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { acme, adminUser, http, plainUser } from './handlers';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type Permission = Schemas['Permission'];
type PermissionName = Schemas['PermissionName'];
type PersonRef = Schemas['PersonRef'];
type ErrorDetail = Schemas['ErrorDetail'];

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function errorBody(message: string, code: string, details: ErrorDetail[] = []) {
  return { message, code, details };
}

const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'requisition.create': 'Create, edit and submit own requisitions',
  'requisition.view_all': 'View every requisition of the organisation',
  'approval.act': 'Approve, reject, request information on and delegate requisitions',
  'purchase_order.view': 'View purchase orders',
  'purchase_order.manage': 'Create, edit, send and cancel purchase orders',
  'purchase_order.receive': 'Record receipt of purchase orders',
  'user.create': 'Create users and send invitations',
  'user.edit': 'Edit users, their roles, departments and managers',
  'user.delete': 'Deactivate users',
  'org.settings': 'Manage organisation settings and departments',
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

function sortUsers(users: User[]): User[] {
  return users.sort(
    (a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
  );
}

/** One call the in-memory admin API received, for tests to check what a screen sent. */
export interface AdminApiCall {
  operation:
    | 'createUser'
    | 'updateUser'
    | 'deactivateUser'
    | 'resetUserPassword'
    | 'assignUserRole'
    | (string & {});
  id?: string;
  body?: unknown;
}

/** What {@link createAdminApi} starts from. */
export interface AdminApiOptions {
  users?: User[];
  roles?: Role[];
  departments?: Department[];
  /** The signed-in administrator, who cannot deactivate themself (default Alex Morgan). */
  currentUserId?: string;
}

/**
 * Handlers over an in-memory organisation: users (list, get, create, update, deactivate, reset
 * password, assign role), roles (list, get, permissions) and departments (list, get, users). They
 * answer like the server: 404 for an unknown id, 409 for an email already a member, 400 for an unknown
 * role or department, a manager who is the user, or deactivating yourself. `calls` records every write.
 */
export function createAdminApi(options: AdminApiOptions = {}) {
  const roles = options.roles ?? defaultRoles();
  const departments = options.departments ?? defaultDepartments();
  const users = options.users ?? defaultAdminUsers(roles, departments);
  const currentUserId = options.currentUserId ?? adminUser.id;
  const calls: AdminApiCall[] = [];
  let next = 0;

  const findUser = (id: string) => users.find((user) => user.id === id);
  const userNotFound = errorBody('User not found', 'NOT_FOUND');
  const toPerson = (user: User): PersonRef => ({
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
  });
  const membershipRole = (role: Role) => ({
    id: role.id,
    name: role.name,
    description: role.description,
    is_system: role.is_system,
    permissions: role.permissions,
  });

  /** Checks role, department and manager ids; answers the details of what is wrong. */
  const checkAssignment = (
    body: { role_id?: string; department_id?: string | null; manager_id?: string | null },
    userId?: string,
  ): ErrorDetail[] => {
    const details: ErrorDetail[] = [];
    if (body.role_id !== undefined && !roles.some((role) => role.id === body.role_id)) {
      details.push({ field: 'role_id', message: 'Role not found in this organization' });
    }
    if (body.department_id && !departments.some((department) => department.id === body.department_id)) {
      details.push({ field: 'department_id', message: 'Department not found in this organization' });
    }
    if (body.manager_id) {
      if (body.manager_id === userId) {
        details.push({ field: 'manager_id', message: 'A user cannot be their own manager' });
      } else if (!findUser(body.manager_id)) {
        details.push({
          field: 'manager_id',
          message: 'Manager must be an active member of this organization',
        });
      }
    }
    return details;
  };

  const handlers = [
    http.get('/users', ({ response }) => response(200).json({ users: sortUsers([...users]) })),

    http.post('/users', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ operation: 'createUser', body });
      const email = body.email.trim().toLowerCase();
      if (users.some((user) => user.email.toLowerCase() === email)) {
        return response(409).json(
          errorBody('A user with this email is already a member of this organization', 'CONFLICT', [
            { field: 'email', message: 'A user with this email is already a member of this organization' },
          ]),
        );
      }
      const details = checkAssignment(body);
      if (details.length > 0) {
        return response(400).json(errorBody('The request is not valid', 'VALIDATION_FAILED', details));
      }
      next += 1;
      const role = roles.find((entry) => entry.id === body.role_id) as Role;
      const department = departments.find((entry) => entry.id === body.department_id);
      const manager = body.manager_id ? findUser(body.manager_id) : undefined;
      const user: User = {
        id: uuid(3500 + next),
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        email,
        phone: body.phone ?? null,
        avatar_url: null,
        is_active: true,
        last_login_at: null,
        created_at: new Date().toISOString(),
        permissions: role.permissions.map((permission) => permission.name),
        user_organizations: [
          {
            id: uuid(3550 + next),
            organization: { id: acme.id, name: acme.name, code: acme.code },
            role: membershipRole(role),
            department: department ? { id: department.id, name: department.name } : null,
            manager: manager ? toPerson(manager) : null,
            is_active: true,
            is_pending: false,
          },
        ],
      };
      users.push(user);
      return response(201).json({ user });
    }),

    http.get('/users/{id}', ({ params, response }) => {
      const user = findUser(params.id);
      if (!user) return response(404).json(userNotFound);
      return response(200).json({ user });
    }),

    http.put('/users/{id}', async ({ params, request, response }) => {
      const user = findUser(params.id);
      if (!user) return response(404).json(userNotFound);
      const body = await request.json();
      calls.push({ operation: 'updateUser', id: params.id, body });
      if (body.is_active === false && params.id === currentUserId) {
        return response(400).json(errorBody('You cannot deactivate your own account', 'VALIDATION_FAILED'));
      }
      if (body.first_name !== undefined) user.first_name = body.first_name.trim();
      if (body.last_name !== undefined) user.last_name = body.last_name.trim();
      if (body.phone !== undefined) user.phone = body.phone;
      const membership = user.user_organizations[0];
      if (body.is_active !== undefined) {
        // From /users, `is_active` is the status in this organisation: account and membership together.
        user.is_active = body.is_active;
        if (membership) membership.is_active = body.is_active;
      }
      return response(200).json({ user });
    }),

    http.delete('/users/{id}', ({ params, response }) => {
      const user = findUser(params.id);
      if (!user) return response(404).json(userNotFound);
      calls.push({ operation: 'deactivateUser', id: params.id });
      if (params.id === currentUserId) {
        return response(400).json(errorBody('You cannot deactivate your own account', 'VALIDATION_FAILED'));
      }
      const membership = user.user_organizations[0];
      user.is_active = false;
      if (membership) membership.is_active = false;
      return response(204).empty();
    }),

    http.post('/users/{id}/reset-password', ({ params, response }) => {
      if (!findUser(params.id)) return response(404).json(userNotFound);
      calls.push({ operation: 'resetUserPassword', id: params.id });
      return response(204).empty();
    }),

    http.post('/users/{id}/roles', async ({ params, request, response }) => {
      const user = findUser(params.id);
      if (!user) return response(404).json(userNotFound);
      const body = await request.json();
      calls.push({ operation: 'assignUserRole', id: params.id, body });
      const details = checkAssignment(body, params.id);
      if (details.length > 0) {
        return response(400).json(errorBody('The request is not valid', 'VALIDATION_FAILED', details));
      }
      const membership = user.user_organizations[0];
      const role = roles.find((entry) => entry.id === body.role_id) as Role;
      if (membership) {
        membership.role = membershipRole(role);
        if (body.department_id !== undefined) {
          const department = departments.find((entry) => entry.id === body.department_id);
          membership.department = department ? { id: department.id, name: department.name } : null;
        }
        if (body.manager_id !== undefined) {
          const manager = body.manager_id ? findUser(body.manager_id) : undefined;
          membership.manager = manager ? toPerson(manager) : null;
        }
      }
      user.permissions = role.permissions.map((permission) => permission.name);
      return response(200).json({ user });
    }),

    http.get('/roles', ({ response }) =>
      response(200).json({ data: [...roles].sort((a, b) => a.name.localeCompare(b.name)) }),
    ),
    http.get('/roles/permissions', ({ response }) => response(200).json({ permissions: adminPermissions })),
    http.get('/roles/{id}', ({ params, response }) => {
      const role = roles.find((entry) => entry.id === params.id);
      if (!role) return response(404).json(errorBody('Role not found', 'NOT_FOUND'));
      return response(200).json({ role });
    }),

    http.get('/departments', ({ response }) =>
      response(200).json({ departments: [...departments].sort((a, b) => a.name.localeCompare(b.name)) }),
    ),
    http.get('/departments/{id}', ({ params, response }) => {
      const department = departments.find((entry) => entry.id === params.id);
      if (!department) return response(404).json(errorBody('Department not found', 'NOT_FOUND'));
      return response(200).json({ department });
    }),
    http.get('/departments/{id}/users', ({ params, response }) => {
      if (!departments.some((entry) => entry.id === params.id)) {
        return response(404).json(errorBody('Department not found', 'NOT_FOUND'));
      }
      const entries = sortUsers([...users]).flatMap((user) => {
        const membership = user.user_organizations[0];
        if (!membership || membership.department?.id !== params.id) return [];
        return [
          {
            user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email },
            role: { id: membership.role.id, name: membership.role.name },
            manager: membership.manager,
            is_active: membership.is_active,
          },
        ];
      });
      return response(200).json({ users: entries });
    }),
  ];

  return { users, roles, departments, calls, handlers };
}

/** `GET /users` failing with a 500. */
export function userListErrorHandler() {
  return http.get('/users', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /users` that never answers (loading state). */
export function userListLoadingHandler() {
  return http.get('/users', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ users: [] });
  });
}

/** `GET /users/{id}` failing: 404 (not a member of the organisation) or 500. */
export function userDetailErrorHandler(status: 404 | 500 = 500) {
  return http.get('/users/{id}', ({ response }) =>
    status === 404
      ? response(404).json(errorBody('User not found', 'NOT_FOUND'))
      : response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /users/{id}` that never answers (loading state). */
export function userDetailLoadingHandler() {
  return http.get('/users/{id}', async ({ response }) => {
    await delay('infinite');
    return response(404).json(errorBody('User not found', 'NOT_FOUND'));
  });
}

/** `GET /roles` failing with a 500 (the screens then offer no roles). */
export function roleListErrorHandler() {
  return http.get('/roles', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /departments` failing with a 500 (the screens then offer no departments). */
export function departmentListErrorHandler() {
  return http.get('/departments', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `POST /users` failing with `status` and `message` (an empty message: a bare error body). */
export function createUserErrorHandler(
  status: 400 | 409 | 500 = 500,
  message = '',
  details: ErrorDetail[] = [],
) {
  return http.post('/users', ({ response }) =>
    response(status).json(errorBody(message, status === 500 ? 'INTERNAL_ERROR' : 'CONFLICT', details)),
  );
}

/** `PUT /users/{id}` failing with a 500 and `message` (empty: no server message). */
export function updateUserErrorHandler(message = '') {
  return http.put('/users/{id}', ({ response }) => response(500).json(errorBody(message, 'INTERNAL_ERROR')));
}

/** `DELETE /users/{id}` failing with a 500 and `message` (empty: no server message). */
export function deactivateUserErrorHandler(message = '') {
  return http.delete('/users/{id}', ({ response }) =>
    response(500).json(errorBody(message, 'INTERNAL_ERROR')),
  );
}

/** `POST /users/{id}/reset-password` failing with a 500 and `message` (empty: no server message). */
export function resetPasswordErrorHandler(message = '') {
  return http.post('/users/{id}/reset-password', ({ response }) =>
    response(500).json(errorBody(message, 'INTERNAL_ERROR')),
  );
}
