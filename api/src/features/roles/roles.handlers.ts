import type { PermissionName } from '../../domain/permissions.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { actorHolding } from './access.js';
import {
  addRolePermissions,
  createRole,
  deleteRole,
  getRole,
  listPermissions,
  listRoles,
  type RoleCreateForm,
  type RoleUpdateForm,
  removeRolePermission,
  updateRole,
} from './roles.service.js';

/**
 * Reading roles and permissions: the user forms pick a role (`user.create`, `user.edit`) and role
 * management needs them too (`role.manage`).
 */
const READERS: readonly PermissionName[] = ['user.create', 'user.edit', 'role.manage'];
/** Changing roles and their permissions. */
const MANAGERS: readonly PermissionName[] = ['role.manage'];

const params = (input: HandlerInput) => input.request.params as { id: string; permissionId?: string };

/**
 * Roles and permissions of the `X-Organization-Id` organisation: reads for the user forms and
 * role management, changes with `role.manage`. Rules live in the service.
 */
export const roleHandlers: OperationHandlers = {
  listRoles: {
    handler: async (input) => ({ data: await listRoles(input.app.db, actorHolding(input, READERS)) }),
  },
  listPermissions: {
    handler: async (input) => {
      actorHolding(input, READERS);
      return { permissions: await listPermissions(input.app.db) };
    },
  },
  getRole: {
    handler: async (input) => ({
      role: await getRole(input.app.db, actorHolding(input, READERS), params(input).id),
    }),
  },
  createRole: {
    handler: async (input) => {
      const role = await createRole(
        input.app.db,
        actorHolding(input, MANAGERS),
        input.request.payload as RoleCreateForm,
      );
      return input.h.response({ role }).code(201);
    },
  },
  updateRole: {
    handler: async (input) => ({
      role: await updateRole(
        input.app.db,
        actorHolding(input, MANAGERS),
        params(input).id,
        input.request.payload as RoleUpdateForm,
      ),
    }),
  },
  deleteRole: {
    handler: async (input) => {
      await deleteRole(input.app.db, actorHolding(input, MANAGERS), params(input).id);
      return input.h.response().code(204);
    },
  },
  addRolePermissions: {
    handler: async (input) => ({
      role: await addRolePermissions(
        input.app.db,
        actorHolding(input, MANAGERS),
        params(input).id,
        (input.request.payload as { permission_ids: string[] }).permission_ids,
      ),
    }),
  },
  removeRolePermission: {
    handler: async (input) => {
      const { id, permissionId } = params(input);
      await removeRolePermission(input.app.db, actorHolding(input, MANAGERS), id, permissionId!);
      return input.h.response().code(204);
    },
  },
};
