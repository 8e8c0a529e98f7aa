/**
 * The checks of the users import file's rows: the Create User rules plus the organisation's roles,
 * departments and managers, emails already members or repeated in the file; each row becomes either a
 * `POST /users` body or the reasons it cannot be imported, and what the preview shows.
 */
import type { Schemas } from '@purchasing/api-client';
import { firstMembership, isManagerChoice, isMemberActive } from '../CreateUserScreen/userChoices';
import { createUserSchema } from '../CreateUserScreen/userFormSchema';
import { fullName } from '../shared/display';
import { IMPORT_HEADER } from './importColumns';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];

/** What a file's rows are checked against. */
export interface ImportContext {
  roles: readonly Role[];
  departments: readonly Department[];
  /** The organisation's members (emails already taken, and the managers to choose from). */
  users: readonly User[];
}

/** One user row of the file, checked. */
export interface ImportRow {
  /** The row's line in the file, the header being line 1 (as a spreadsheet numbers it). */
  line: number;
  /** What the row says, trimmed, by column. */
  values: Record<string, string>;
  /** The `POST /users` body, or null when the row has errors. */
  input: Schemas['UserCreateInput'] | null;
  /** Why the row cannot be imported; empty when it can. */
  errors: string[];
  /** How the preview shows the row. */
  display: {
    name: string;
    email: string;
    /** The role's name, or what the file says when no role has that name. */
    role: string | null;
    /** Whether `role` names a role of the organisation. */
    roleFound: boolean;
    department: string | null;
    manager: string | null;
    sendInvite: boolean | null;
  };
}

/** One non-blank record of the file: its values by (lower-cased) column, and its index under the header. */
export interface ImportEntry {
  record: Record<string, string | undefined>;
  index: number;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** The text trimmed and lower-cased, as names, codes and emails are compared. */
export const lower = (text: string) => text.trim().toLowerCase();

/**
 * Checks each row: the Create User rules, the role by name, the department by code or name (active), the
 * manager by email (an active member with a manager role), send_invite as yes or no, emails not already
 * members and not repeated in the file. `shapeErrors` holds the CSV reader's complaint about a row, by index.
 */
export function validateImportRows(
  entries: readonly ImportEntry[],
  shapeErrors: ReadonlyMap<number, string>,
  context: ImportContext,
): ImportRow[] {
  const members = new Map(context.users.map((user) => [lower(user.email), user]));
  const linesByEmail = new Map<string, number[]>();
  for (const { record, index } of entries) {
    const email = lower(record.email ?? '');
    if (email) linesByEmail.set(email, [...(linesByEmail.get(email) ?? []), index + 2]);
  }

  return entries.map(({ record, index }): ImportRow => {
    const line = index + 2;
    const values = Object.fromEntries(IMPORT_HEADER.map((name) => [name, (record[name] ?? '').trim()]));
    const get = (name: string) => values[name] ?? '';
    const errors: string[] = [];
    const shape = shapeErrors.get(index);
    if (shape) errors.push(shape);

    const roleName = get('role_name');
    const role = roleName ? context.roles.find((entry) => lower(entry.name) === lower(roleName)) : undefined;
    if (roleName && !role) errors.push(`Role "${roleName}" not found`);

    const departmentText = get('department');
    const department = departmentText
      ? (context.departments.find((entry) => lower(entry.code) === lower(departmentText)) ??
        context.departments.find((entry) => lower(entry.name) === lower(departmentText)))
      : undefined;
    if (departmentText && !department) errors.push(`Department "${departmentText}" not found`);
    else if (department && !department.is_active) errors.push(`Department "${department.name}" is inactive`);

    const managerEmail = get('manager_email');
    const manager = managerEmail ? members.get(lower(managerEmail)) : undefined;
    if (managerEmail && lower(managerEmail) === lower(get('email'))) {
      errors.push('A user cannot be their own manager');
    } else if (managerEmail && !manager) {
      errors.push(`Manager "${managerEmail}" is not a member of this organization`);
    } else if (manager && !isManagerChoice(manager)) {
      const managerRole = firstMembership(manager)?.role.name;
      errors.push(
        isMemberActive(manager)
          ? `${fullName(manager)}${managerRole ? ` (${managerRole})` : ''} cannot be a manager`
          : `${fullName(manager)} is inactive and cannot be a manager`,
      );
    }

    const inviteText = lower(get('send_invite'));
    const sendInvite = inviteText === '' || YES.has(inviteText) ? true : NO.has(inviteText) ? false : null;
    if (sendInvite === null) errors.push('send_invite must be yes or no');

    const checked = createUserSchema.safeParse({
      first_name: get('first_name'),
      last_name: get('last_name'),
      email: get('email'),
      phone: get('phone'),
      password: '',
      // An unknown role name is already reported; 'Role is required' is for a blank one.
      role_id: role?.id ?? (roleName ? 'unknown' : ''),
      department_id: '',
      manager_id: '',
      send_invite: sendInvite ?? true,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        if (!errors.includes(issue.message)) errors.push(issue.message);
      }
    }

    const email = lower(get('email'));
    if (email && members.has(email)) errors.push('Already a member of this organization');
    const sameEmail = linesByEmail.get(email) ?? [];
    if (sameEmail.length > 1) {
      errors.push(`Email appears more than once in the file (rows ${sameEmail.join(', ')})`);
    }

    const input: Schemas['UserCreateInput'] | null =
      errors.length === 0 && checked.success && role
        ? {
            first_name: checked.data.first_name,
            last_name: checked.data.last_name,
            email: checked.data.email,
            phone: checked.data.phone === '' ? null : checked.data.phone,
            role_id: role.id,
            department_id: department?.id ?? null,
            manager_id: manager?.id ?? null,
            send_invite: sendInvite ?? true,
          }
        : null;

    return {
      line,
      values,
      input,
      errors,
      display: {
        name: fullName({ first_name: get('first_name'), last_name: get('last_name') }),
        email: get('email'),
        role: role?.name ?? (roleName || null),
        roleFound: role !== undefined,
        department: department?.name ?? (departmentText || null),
        manager: manager ? fullName(manager) : managerEmail || null,
        sendInvite,
      },
    };
  });
}
