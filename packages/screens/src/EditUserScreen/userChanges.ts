import type { Schemas } from '@purchasing/api-client';
import { firstMembership, isMemberActive } from '../CreateUserScreen/userChoices';
import type { EditUserFormValues } from '../CreateUserScreen/userFormSchema';

type User = Schemas['User'];

/** The form's fields, where a server error about a field is shown. */
export const FORM_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'phone',
  'role_id',
  'department_id',
  'manager_id',
  'is_active',
]);

/** The form's values for a user as the server has them. */
export function toFormValues(user: User): EditUserFormValues {
  const membership = firstMembership(user);
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone ?? '',
    role_id: membership?.role.id ?? '',
    department_id: membership?.department?.id ?? '',
    manager_id: membership?.manager?.id ?? '',
    is_active: isMemberActive(user),
  };
}

/** What Save Changes would send: the changed personal fields, and the assignment when it changed. */
export interface UserChanges {
  update: Schemas['UserUpdateInput'] | null;
  assignment: Schemas['RoleAssignmentInput'] | null;
}

export function changesOf(saved: EditUserFormValues, form: EditUserFormValues): UserChanges {
  const update: Schemas['UserUpdateInput'] = {};
  if (form.first_name.trim() !== saved.first_name) update.first_name = form.first_name.trim();
  if (form.last_name.trim() !== saved.last_name) update.last_name = form.last_name.trim();
  if (form.phone.trim() !== saved.phone) update.phone = form.phone.trim() === '' ? null : form.phone.trim();
  if (form.is_active !== saved.is_active) update.is_active = form.is_active;

  const roleChanged = form.role_id !== saved.role_id;
  const departmentChanged = form.department_id !== saved.department_id;
  const managerChanged = form.manager_id !== saved.manager_id;
  const assignment: Schemas['RoleAssignmentInput'] | null =
    roleChanged || departmentChanged || managerChanged
      ? {
          role_id: form.role_id,
          // Omitted fields are left as they are on the server (another administrator may have changed them).
          ...(departmentChanged ? { department_id: form.department_id || null } : {}),
          ...(managerChanged ? { manager_id: form.manager_id || null } : {}),
        }
      : null;
  return { update: Object.keys(update).length > 0 ? update : null, assignment };
}
