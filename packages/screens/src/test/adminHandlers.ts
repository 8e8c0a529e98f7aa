/**
 * Typed MSW handlers for the administration screens (users, roles, departments). Each
 * `createAdminApi()` call keeps its own in-memory store, so a test or story that creates, updates or
 * deactivates a user sees the change on its next read. Override one group (the factories below, or
 * `http` from ./handlers) for error, empty and loading states. The fixtures they serve are in
 * ./adminFixtures (and re-exported here).
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import {
  adminPermissions,
  defaultAdminUsers,
  defaultDepartments,
  defaultRoles,
  sortUsers,
  uuid,
} from './adminFixtures';
import { acme, adminUser, http } from './handlers';

export {
  type AdminUserSetup,
  adminPeople,
  adminPermissions,
  buildAdminUser,
  buildDepartment,
  buildManyAdminUsers,
  buildRole,
  defaultAdminUsers,
  defaultDepartments,
  defaultRoles,
} from './adminFixtures';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type PersonRef = Schemas['PersonRef'];
type ErrorDetail = Schemas['ErrorDetail'];

function errorBody(message: string, code: Schemas['ErrorCode'], details: ErrorDetail[] = []) {
  return { message, code, details };
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
  /** A role as the API answers it: with how many members hold it now. */
  const present = (role: Role): Role => ({
    ...role,
    user_count: users.filter((user) => user.user_organizations[0]?.role.id === role.id).length,
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
      response(200).json({ data: [...roles].sort((a, b) => a.name.localeCompare(b.name)).map(present) }),
    ),
    http.get('/roles/permissions', ({ response }) => response(200).json({ permissions: adminPermissions })),
    http.get('/roles/{id}', ({ params, response }) => {
      const role = roles.find((entry) => entry.id === params.id);
      if (!role) return response(404).json(errorBody('Role not found', 'NOT_FOUND'));
      return response(200).json({ role: present(role) });
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
