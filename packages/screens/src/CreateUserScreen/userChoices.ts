/**
 * How the administration screens read a user (their first membership, document 2 §1) and the choices
 * the user forms offer (roles, departments, managers).
 */
import {
  departmentQueries,
  type PurchasingClient,
  roleQueries,
  type Schemas,
  userQueries,
} from '@purchasing/api-client';
import type { SelectOption } from '@purchasing/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fullName } from '../shared/display';
import { MANAGER_ROLE_NAMES } from './userFormSchema';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];
type UserOrganization = Schemas['UserOrganization'];

/** The membership the admin screens show: the first one (document 2 §1), or null when there is none. */
export function firstMembership(user: User): UserOrganization | null {
  return user.user_organizations[0] ?? null;
}

/**
 * Whether the user is active in the organisation: from `/users`, `is_active` already means account and
 * membership both active (the status `PUT /users/{id}` with `is_active` and `DELETE /users/{id}`
 * change); the membership is checked too for answers that carry it separately.
 */
export function isMemberActive(user: User): boolean {
  return user.is_active && (firstMembership(user)?.is_active ?? true);
}

/**
 * Up to two initials for an avatar: 'Alex Morgan' → 'AM'; else the email's first letter; '' when there
 * is neither.
 */
export function initialsOf(person: { first_name: string; last_name: string; email?: string }): string {
  const letters = [person.first_name, person.last_name]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return letters || (person.email?.trim().charAt(0).toUpperCase() ?? '');
}

/** Whether the user may be chosen as a manager: active, and their first role is one of the manager roles. */
export function isManagerChoice(user: User): boolean {
  const role = firstMembership(user)?.role.name;
  return isMemberActive(user) && role !== undefined && MANAGER_ROLE_NAMES.includes(role);
}

/**
 * Manager options (document 2 §5): active users whose first role is Manager, Department Head, Finance
 * Manager, General Manager or Admin, without `excludeUserId` (the user being edited); the current
 * manager stays listed even if they no longer qualify, so the form shows what is saved.
 */
export function managerOptions(
  users: readonly User[],
  { excludeUserId, current }: { excludeUserId?: string; current?: Schemas['PersonRef'] | null } = {},
): SelectOption[] {
  const options = users
    .filter((user) => user.id !== excludeUserId && isManagerChoice(user))
    .map((user) => ({
      value: user.id,
      label: `${fullName(user)} (${firstMembership(user)?.role.name ?? ''})`,
    }));
  if (current && current.id !== excludeUserId && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: fullName(current) });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

/** 'Finance (FIN)': a department as the choices show it. */
export function departmentLabel(department: Pick<Department, 'name' | 'code'>): string {
  return `${department.name} (${department.code})`;
}

/**
 * Department options: the active departments, plus the current one if it was deactivated (marked
 * 'inactive'), so the form shows what is saved.
 */
export function departmentOptions(
  departments: readonly Department[],
  current?: Schemas['NamedRef'] | null,
): SelectOption[] {
  const options = departments
    .filter((department) => department.is_active || department.id === current?.id)
    .map((department) => ({
      value: department.id,
      label: department.is_active ? departmentLabel(department) : `${departmentLabel(department)} (inactive)`,
    }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}

/** Role options by name, plus the current role if the list did not load, so the form shows what is saved. */
export function roleOptions(
  roles: readonly Role[],
  current?: { id: string; name: string } | null,
): SelectOption[] {
  const options = roles.map((role) => ({ value: role.id, label: role.name }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}

/** What {@link useUserFormChoices} answers. */
export interface UserFormChoices {
  roles: Role[];
  departments: Department[];
  users: User[];
  /** Whether any of the three lists is still loading. */
  loading: { roles: boolean; departments: boolean; users: boolean };
}

/**
 * The roles, departments and users the user forms choose from. A list that fails to load silently
 * becomes empty (document 2 §7); the failure is only logged.
 */
export function useUserFormChoices(client: PurchasingClient, organizationId: string): UserFormChoices {
  const roles = useQuery(roleQueries.list(client, organizationId));
  const departments = useQuery(departmentQueries.list(client, organizationId));
  const users = useQuery(userQueries.list(client, organizationId));
  useLoggedFailure('roles', roles.error);
  useLoggedFailure('departments', departments.error);
  useLoggedFailure('users', users.error);
  return {
    roles: roles.data?.data ?? [],
    departments: departments.data?.departments ?? [],
    users: users.data?.users ?? [],
    loading: { roles: roles.isPending, departments: departments.isPending, users: users.isPending },
  };
}

function useLoggedFailure(list: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.warn(`Failed to load ${list}; the choices stay empty`, error);
  }, [list, error]);
}
