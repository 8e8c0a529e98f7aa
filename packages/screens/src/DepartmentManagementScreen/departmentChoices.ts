/**
 * What the department screens derive from the lists they load: the searched and filtered cards, the
 * choices of head and parent, and the member count per department.
 */
import type { Schemas } from '@purchasing/api-client';
import type { SelectOption } from '@purchasing/ui';
import { fullName } from '../shared/display';

type Department = Schemas['Department'];
type User = Schemas['User'];

/** Which departments the status switch shows. */
export type DepartmentStatusFilter = 'all' | 'active' | 'inactive';

/** The departments whose name, code or description contains `search` (any case), with the given status. */
export function filterDepartments(
  departments: readonly Department[],
  search: string,
  status: DepartmentStatusFilter,
): Department[] {
  const needle = search.trim().toLowerCase();
  return departments.filter((department) => {
    if (status === 'active' && !department.is_active) return false;
    if (status === 'inactive' && department.is_active) return false;
    if (!needle) return true;
    return [department.name, department.code, department.description ?? ''].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

/**
 * The ids of `id`'s sub-departments at any depth. A department cannot be placed under one of them (the
 * server refuses it too), so the parent choices leave them out.
 */
export function descendantIds(departments: readonly Department[], id: string): Set<string> {
  const found = new Set<string>();
  let frontier = [id];
  while (frontier.length > 0) {
    const children = departments
      .filter(
        (department) => department.parent_department && frontier.includes(department.parent_department.id),
      )
      .map((department) => department.id)
      .filter((childId) => !found.has(childId) && childId !== id);
    for (const childId of children) found.add(childId);
    frontier = children;
  }
  return found;
}

/** 'Finance (FIN)'. */
export function departmentLabel(department: Pick<Department, 'name' | 'code'>): string {
  return `${department.name} (${department.code})`;
}

/**
 * Parent choices (document 2 §5): the active departments other than `editing` and its sub-departments.
 * The saved parent stays listed even when it was deactivated since, so the form shows what is saved.
 */
export function parentOptions(
  departments: readonly Department[],
  editing: Department | null,
): SelectOption[] {
  const excluded = editing ? descendantIds(departments, editing.id) : new Set<string>();
  if (editing) excluded.add(editing.id);
  const currentParentId = editing?.parent_department?.id;
  return departments
    .filter(
      (department) =>
        !excluded.has(department.id) && (department.is_active || department.id === currentParentId),
    )
    .map((department) => ({
      value: department.id,
      label: department.is_active ? departmentLabel(department) : `${departmentLabel(department)} (inactive)`,
    }));
}

/**
 * Head choices: the organisation's active members, by name (with the email when two share a name). The saved head stays listed even when they
 * are no longer active (or the member list could not be loaded), so the form shows what is saved.
 */
export function headOptions(users: readonly User[], current: Department['department_head']): SelectOption[] {
  const active = users.filter((user) => user.is_active);
  const named = new Map<string, number>();
  for (const user of active) named.set(fullName(user), (named.get(fullName(user)) ?? 0) + 1);
  // The email tells apart two people of the same name; otherwise the name alone reads better.
  const options = active.map((user) => ({
    value: user.id,
    label: (named.get(fullName(user)) ?? 0) > 1 ? `${fullName(user)} (${user.email})` : fullName(user),
  }));
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: fullName(current) });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * How many memberships (active or not, as the department's user list shows them) each department
 * holds, by department id, from `GET /users`.
 */
export function memberCounts(users: readonly User[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const user of users) {
    const departmentId = user.user_organizations[0]?.department?.id;
    if (departmentId) counts.set(departmentId, (counts.get(departmentId) ?? 0) + 1);
  }
  return counts;
}
