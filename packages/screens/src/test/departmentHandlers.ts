/**
 * Typed MSW handlers for the department and role screens. One `createDirectoryApi()` call keeps its
 * own in-memory organisation (members, departments, roles), so a test or story that creates, edits or
 * deactivates a department, or changes a role's permissions, sees the change on its next read; the
 * server's refusals (duplicate code, a parent under its own sub-department, deleting a system role or
 * one in use, taking a permission from Super Admin) answer as the contract says. Override one group
 * with the factories at the end for error, empty and loading states. The fixtures they serve are in
 * ./directoryFixtures, the password screens' handlers in ./passwordHandlers (both re-exported here).
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import {
  directoryDepartments,
  directoryMembers,
  directoryRoles,
  permissionCatalogue,
  uuid,
} from './directoryFixtures';
import { acme, http } from './handlers';

export {
  buildDirectoryDepartment,
  directoryDepartments,
  directoryMembers,
  directoryPeople,
  directoryRoles,
  permissionCatalogue,
  personRef,
  superAdminUser,
} from './directoryFixtures';
export {
  createPasswordApi,
  forgotPasswordThrottledHandler,
  passwordPendingHandlers,
  passwordServiceDownHandlers,
  passwordTokens,
  tokenCheckPassesHandler,
} from './passwordHandlers';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type DepartmentUserEntry = Schemas['DepartmentUserEntry'];
type ErrorDetail = Schemas['ErrorDetail'];

function errorBody(message: string, code: Schemas['ErrorCode'], details: ErrorDetail[] = []) {
  return { message, code, details };
}

// ---------------------------------------------------------------- the in-memory API

/** Options of {@link createDirectoryApi}: the organisation's starting state. */
export interface DirectoryApiOptions {
  departments?: Department[];
  roles?: Role[];
  /** The members (`GET /users`); built from the roles and departments when absent. */
  users?: User[];
}

/** A change the API received, for tests to assert what was sent. */
export interface DirectoryApiCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const NAME_AND_CODE = 'Name and code are required';

/**
 * An in-memory organisation behind typed handlers for `/users` (read only), `/departments…` and
 * `/roles…`, following the contract's rules. `calls` records every change it received.
 */
export function createDirectoryApi(options: DirectoryApiOptions = {}) {
  const roles = (options.roles ?? directoryRoles()).map((role) => ({ ...role }));
  const departments = (options.departments ?? directoryDepartments()).map((department) => ({
    ...department,
  }));
  const users = options.users ?? directoryMembers(roles, departments);
  const calls: DirectoryApiCall[] = [];
  let next = 900;

  const byName = <T extends { name: string }>(list: T[]) =>
    [...list].sort((a, b) => a.name.localeCompare(b.name));
  const findDepartment = (id: string) => departments.find((entry) => entry.id === id);
  const findRole = (id: string) => roles.find((entry) => entry.id === id);
  const member = (id: string) => users.find((user) => user.id === id);
  const membership = (user: User) => user.user_organizations[0];
  const departmentNotFound = errorBody('Department not found.', 'NOT_FOUND');
  const roleNotFound = errorBody('Role not found', 'NOT_FOUND');

  /** The problems of a department payload, or the stored fields when it is acceptable. */
  const checkDepartment = (
    id: string | null,
    body: {
      name: string;
      code: string;
      description?: string | null;
      department_head_id?: string | null;
      parent_department_id?: string | null;
    },
  ):
    | { status: 400 | 409; body: ReturnType<typeof errorBody> }
    | { fields: Omit<Department, 'id' | 'is_active'> } => {
    const name = body.name.trim();
    const code = body.code.trim().toUpperCase();
    if (!name || !code) {
      const details = [
        ...(name ? [] : [{ field: 'name', message: NAME_AND_CODE }]),
        ...(code ? [] : [{ field: 'code', message: NAME_AND_CODE }]),
      ];
      return { status: 400, body: errorBody(NAME_AND_CODE, 'VALIDATION_FAILED', details) };
    }
    if (!CODE_PATTERN.test(code)) {
      const message = "The code may contain only letters, digits, '-' and '_'";
      return { status: 400, body: errorBody(message, 'VALIDATION_FAILED', [{ field: 'code', message }]) };
    }
    if (departments.some((entry) => entry.id !== id && entry.code === code)) {
      const message = `A department with the code "${code}" already exists`;
      return { status: 409, body: errorBody(message, 'DEPARTMENT_CODE_TAKEN', [{ field: 'code', message }]) };
    }
    const headId = body.department_head_id ?? null;
    const head = headId ? member(headId) : null;
    if (headId && !head?.is_active) {
      const message = 'The department head must be an active member of this organization';
      return {
        status: 400,
        body: errorBody(message, 'VALIDATION_FAILED', [{ field: 'department_head_id', message }]),
      };
    }
    const parentId = body.parent_department_id ?? null;
    const parent = parentId ? findDepartment(parentId) : null;
    if (parentId) {
      let message: string | null = null;
      if (!parent) message = 'The parent department must be an active department of this organization';
      else if (parentId === id) message = 'A department cannot be its own parent';
      else {
        // Walk up from the proposed parent: meeting the department itself means a loop.
        let cursor: Department | undefined = parent;
        while (cursor?.parent_department) {
          if (cursor.parent_department.id === id) {
            message = 'A department cannot be placed under one of its own sub-departments';
            break;
          }
          cursor = findDepartment(cursor.parent_department.id);
        }
      }
      if (message) {
        return {
          status: 400,
          body: errorBody(message, 'VALIDATION_FAILED', [{ field: 'parent_department_id', message }]),
        };
      }
    }
    return {
      fields: {
        name,
        code,
        description: body.description?.trim() || null,
        department_head: head
          ? { id: head.id, first_name: head.first_name, last_name: head.last_name }
          : null,
        parent_department: parent ? { id: parent.id, name: parent.name } : null,
      },
    };
  };

  const holders = (roleId: string) => users.filter((user) => membership(user)?.role.id === roleId).length;
  /** A role as the API answers it: with how many members hold it now. */
  const present = (role: Role): Role => ({ ...role, user_count: holders(role.id) });

  const handlers = [
    http.get('/users', ({ response }) => response(200).json({ users })),

    http.get('/departments', ({ response }) => response(200).json({ departments: byName(departments) })),
    http.post('/departments', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/departments', body });
      const checked = checkDepartment(null, body);
      if ('status' in checked) return response(checked.status).json(checked.body);
      next += 1;
      const department: Department = { id: uuid(5100 + next), ...checked.fields, is_active: true };
      departments.push(department);
      return response(201).json({ department });
    }),
    http.get('/departments/{id}', ({ params, response }) => {
      const department = findDepartment(params.id);
      if (!department) return response(404).json(departmentNotFound);
      return response(200).json({ department });
    }),
    http.put('/departments/{id}', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: `/departments/${params.id}`, body });
      const department = findDepartment(params.id);
      if (!department) return response(404).json(departmentNotFound);
      const checked = checkDepartment(department.id, body);
      if ('status' in checked) return response(checked.status).json(checked.body);
      Object.assign(
        department,
        checked.fields,
        body.is_active === undefined ? {} : { is_active: body.is_active },
      );
      return response(200).json({ department });
    }),
    http.delete('/departments/{id}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/departments/${params.id}` });
      const department = findDepartment(params.id);
      if (!department) return response(404).json(departmentNotFound);
      department.is_active = false;
      return response(204).empty();
    }),
    http.get('/departments/{id}/users', ({ params, response }) => {
      const department = findDepartment(params.id);
      if (!department) return response(404).json(departmentNotFound);
      const entries: DepartmentUserEntry[] = users.flatMap((user) => {
        const place = membership(user);
        if (place?.department?.id !== department.id) return [];
        return [
          {
            user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email },
            role: { id: place.role.id, name: place.role.name },
            manager: place.manager,
            is_active: place.is_active,
          },
        ];
      });
      return response(200).json({ users: entries });
    }),

    http.get('/roles', ({ response }) => response(200).json({ data: byName(roles).map(present) })),
    http.get('/roles/permissions', ({ response }) =>
      response(200).json({ permissions: permissionCatalogue }),
    ),
    http.post('/roles', async ({ request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: '/roles', body });
      const name = body.name.trim();
      if (roles.some((role) => role.name.toLowerCase() === name.toLowerCase())) {
        const message = `A role named "${name}" already exists`;
        return response(409).json(errorBody(message, 'ROLE_NAME_TAKEN', [{ field: 'name', message }]));
      }
      next += 1;
      const role: Role = {
        id: uuid(5000 + next),
        organization_id: acme.id,
        name,
        description: body.description?.trim() || null,
        is_system: false,
        user_count: 0,
        permissions: permissionCatalogue.filter((permission) => body.permission_ids?.includes(permission.id)),
      };
      roles.push(role);
      return response(201).json({ role });
    }),
    http.get('/roles/{id}', ({ params, response }) => {
      const role = findRole(params.id);
      if (!role) return response(404).json(roleNotFound);
      return response(200).json({ role: present(role) });
    }),
    http.put('/roles/{id}', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', path: `/roles/${params.id}`, body });
      const role = findRole(params.id);
      if (!role) return response(404).json(roleNotFound);
      const name = body.name.trim();
      if (role.is_system && name !== role.name) {
        const message = 'System roles cannot be renamed';
        return response(409).json(errorBody(message, 'SYSTEM_ROLE', [{ field: 'name', message }]));
      }
      if (roles.some((other) => other.id !== role.id && other.name.toLowerCase() === name.toLowerCase())) {
        const message = `A role named "${name}" already exists`;
        return response(409).json(errorBody(message, 'ROLE_NAME_TAKEN', [{ field: 'name', message }]));
      }
      role.name = name;
      role.description = body.description?.trim() || null;
      return response(200).json({ role: present(role) });
    }),
    http.delete('/roles/{id}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/roles/${params.id}` });
      const role = findRole(params.id);
      if (!role) return response(404).json(roleNotFound);
      if (role.is_system)
        return response(409).json(errorBody('System roles cannot be deleted', 'SYSTEM_ROLE'));
      const count = holders(role.id);
      if (count > 0) {
        const who = count === 1 ? '1 user' : `${count} users`;
        return response(409).json(
          errorBody(
            `This role is held by ${who} and cannot be deleted. Assign them another role first.`,
            'ROLE_IN_USE',
          ),
        );
      }
      roles.splice(roles.indexOf(role), 1);
      return response(204).empty();
    }),
    http.post('/roles/{id}/permissions', async ({ params, request, response }) => {
      const body = await request.json();
      calls.push({ method: 'POST', path: `/roles/${params.id}/permissions`, body });
      const role = findRole(params.id);
      if (!role) return response(404).json(roleNotFound);
      const unknown = body.permission_ids.filter(
        (id) => !permissionCatalogue.some((entry) => entry.id === id),
      );
      if (unknown.length > 0) {
        const message = 'Unknown permission';
        return response(400).json(
          errorBody(message, 'VALIDATION_FAILED', [{ field: 'permission_ids', message }]),
        );
      }
      const held = new Set([...role.permissions.map((permission) => permission.id), ...body.permission_ids]);
      role.permissions = permissionCatalogue.filter((permission) => held.has(permission.id));
      return response(200).json({ role: present(role) });
    }),
    http.delete('/roles/{id}/permissions/{permissionId}', ({ params, response }) => {
      calls.push({ method: 'DELETE', path: `/roles/${params.id}/permissions/${params.permissionId}` });
      const role = findRole(params.id);
      if (!role) return response(404).json(roleNotFound);
      const permission = permissionCatalogue.find((entry) => entry.id === params.permissionId);
      if (!permission) return response(404).json(errorBody('Permission not found', 'NOT_FOUND'));
      if (role.is_system && role.name === 'Super Admin') {
        return response(409).json(
          errorBody('The Super Admin role always keeps every permission', 'SYSTEM_ROLE'),
        );
      }
      if (!role.permissions.some((entry) => entry.id === permission.id)) {
        return response(409).json(
          errorBody(`This role does not have the permission ${permission.name}`, 'PERMISSION_NOT_HELD'),
        );
      }
      role.permissions = role.permissions.filter((entry) => entry.id !== permission.id);
      return response(204).empty();
    }),
  ];

  return { handlers, calls, departments, roles, users };
}

// ---------------------------------------------------------------- error and loading states

/** `GET /departments` failing with a 500 and no message of its own. */
export function departmentListFailureHandler() {
  return http.get('/departments', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /departments` that never answers (loading state). */
export function departmentListPendingHandler() {
  return http.get('/departments', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ departments: [] });
  });
}

/** `GET /departments/{id}` and `/departments/{id}/users` that never answer (loading state). */
export function departmentDetailPendingHandlers() {
  return [
    http.get('/departments/{id}', async ({ response }) => {
      await delay('infinite');
      return response(404).json(errorBody('Department not found.', 'NOT_FOUND'));
    }),
    http.get('/departments/{id}/users', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ users: [] });
    }),
  ];
}

/** `GET /departments/{id}/users` failing with a 500. */
export function departmentUsersFailureHandler() {
  return http.get('/departments/{id}/users', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `POST`, `PUT` and `DELETE` of departments failing with a 500 carrying `message` (none when blank). */
export function departmentWriteFailureHandlers(message = '') {
  const body = errorBody(message, 'INTERNAL_ERROR');
  return [
    http.post('/departments', ({ response }) => response(500).json(body)),
    http.put('/departments/{id}', ({ response }) => response(500).json(body)),
    http.delete('/departments/{id}', ({ response }) => response(500).json(body)),
  ];
}

/** `GET /users` refused with a 403 (an `org.settings` holder without `user.edit`). */
export function userListForbiddenHandler() {
  return http.get('/users', ({ response }) =>
    response(403).json(errorBody('You do not have permission to do this', 'FORBIDDEN')),
  );
}

/** `GET /roles` failing with a 500. */
export function roleListFailureHandler() {
  return http.get('/roles', ({ response }) =>
    response(500).json(errorBody('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /roles` that never answers (loading state). */
export function roleListPendingHandler() {
  return http.get('/roles', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [] });
  });
}

/** `POST` and `DELETE` of a role's permissions failing with a 500 carrying `message` (none when blank). */
export function rolePermissionFailureHandlers(message = '') {
  const body = errorBody(message, 'INTERNAL_ERROR');
  return [
    http.post('/roles/{id}/permissions', ({ response }) => response(500).json(body)),
    http.delete('/roles/{id}/permissions/{permissionId}', ({ response }) => response(500).json(body)),
  ];
}
