import type { PermissionName } from '../../domain/permissions.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import {
  createDepartment,
  type DepartmentCreateForm,
  type DepartmentUpdateForm,
  deactivateDepartment,
  getDepartment,
  listDepartments,
  listDepartmentUsers,
  updateDepartment,
} from './departments.service.js';

/**
 * Reading departments: the department screens (`org.settings`) and the user forms, which pick a
 * department (`user.create`, `user.edit`).
 */
const READERS: readonly PermissionName[] = ['org.settings', 'user.create', 'user.edit'];
/** Changing departments and listing their users: the department screens only. */
const MANAGERS: readonly PermissionName[] = ['org.settings'];

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/** Departments of the `X-Organization-Id` organisation. Rules live in the service. */
export const departmentHandlers: OperationHandlers = {
  listDepartments: {
    handler: async (input) => ({
      departments: await listDepartments(input.app.db, actorHolding(input, READERS)),
    }),
  },
  getDepartment: {
    handler: async (input) => ({
      department: await getDepartment(input.app.db, actorHolding(input, READERS), idOf(input)),
    }),
  },
  createDepartment: {
    handler: async (input) => {
      const department = await createDepartment(
        input.app.db,
        actorHolding(input, MANAGERS),
        input.request.payload as DepartmentCreateForm,
      );
      return input.h.response({ department }).code(201);
    },
  },
  updateDepartment: {
    handler: async (input) => ({
      department: await updateDepartment(
        input.app.db,
        actorHolding(input, MANAGERS),
        idOf(input),
        input.request.payload as DepartmentUpdateForm,
      ),
    }),
  },
  deactivateDepartment: {
    handler: async (input) => {
      await deactivateDepartment(input.app.db, actorHolding(input, MANAGERS), idOf(input));
      return input.h.response().code(204);
    },
  },
  listDepartmentUsers: {
    handler: async (input) => ({
      users: await listDepartmentUsers(input.app.db, actorHolding(input, MANAGERS), idOf(input)),
    }),
  },
};
