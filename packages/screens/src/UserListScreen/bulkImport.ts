/**
 * The bulk import of users from a CSV file: the documented columns, the template, and the reading of a
 * file into rows checked with the Create User rules plus the organisation's roles, departments and
 * managers, so only rows the server should accept are sent.
 */
import type { Schemas } from '@purchasing/api-client';
import Papa from 'papaparse';
import { firstMembership, isManagerChoice, isMemberActive } from '../CreateUserScreen/userChoices';
import { createUserSchema, MANAGER_ROLE_NAMES } from '../CreateUserScreen/userFormSchema';
import { fullName } from '../shared/display';

type User = Schemas['User'];
type Role = Schemas['Role'];
type Department = Schemas['Department'];

/** One column of the import file, as the Bulk Import dialog documents it. */
export interface ImportColumn {
  name: string;
  required: boolean;
  description: string;
  example: string;
}

/** The columns of the import file, in the template's order (the header names are exact, any case). */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'first_name', required: true, description: 'Given name.', example: 'Nina' },
  { name: 'last_name', required: true, description: 'Family name.', example: 'Shaw' },
  {
    name: 'email',
    required: true,
    description: 'The sign-in address; not already a member, and once per file.',
    example: 'nina.shaw@example.com',
  },
  {
    name: 'phone',
    required: false,
    description: 'Any format, up to 50 characters.',
    example: '+61 2 9000 1234',
  },
  {
    name: 'role_name',
    required: true,
    description: 'A role name as listed under Roles, e.g. User or Finance Manager.',
    example: 'User',
  },
  {
    name: 'department',
    required: false,
    description: 'An active department, by code or by name, e.g. FIN or Finance.',
    example: 'FIN',
  },
  {
    name: 'manager_email',
    required: false,
    description: `The email of an active member whose role is ${MANAGER_ROLE_NAMES.slice(0, -1).join(', ')} or ${MANAGER_ROLE_NAMES.at(-1)}.`,
    example: 'finance@example.com',
  },
  {
    name: 'send_invite',
    required: false,
    description:
      'yes or no; blank means yes. Yes emails a link, valid for 7 days, where the user chooses a password; with no, they get no email until you use Reset Password.',
    example: 'yes',
  },
];

/** The header line of the import file. */
export const IMPORT_HEADER: readonly string[] = IMPORT_COLUMNS.map((column) => column.name);

/** The most user rows one file may hold: each becomes one call, one after another. */
export const MAX_IMPORT_ROWS = 500;
/** The largest import file, in bytes. */
export const MAX_IMPORT_FILE_SIZE = 1024 * 1024;

/** The name of the downloadable template. */
export const IMPORT_TEMPLATE_FILE_NAME = 'users-import-template.csv';

/** The template: the header line only, so no example row can be imported by mistake. */
export function importTemplateCsv(): string {
  // The names are plain identifiers: nothing to quote or escape.
  return `${IMPORT_HEADER.join(',')}\r\n`;
}

/** An example line under the header, as the dialog shows it. */
export const IMPORT_EXAMPLE_LINE = IMPORT_COLUMNS.map((column) =>
  /[",\r\n]/.test(column.example) ? `"${column.example.replace(/"/g, '""')}"` : column.example,
).join(',');

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

/** What {@link parseImportCsv} found in a file. */
export interface ImportParseResult {
  /** Problems with the file as a whole (columns, size); when present, `rows` is empty. */
  fileErrors: string[];
  rows: ImportRow[];
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

const lower = (text: string) => text.trim().toLowerCase();

/**
 * Reads an import file (text of a CSV file, UTF-8, with or without a byte order mark) and checks each
 * row: the Create User rules, the role by name, the department by code or name (active), the manager by
 * email (an active member with a manager role), send_invite as yes or no, emails not already members and
 * not repeated in the file. Blank lines are skipped.
 */
export function parseImportCsv(text: string, context: ImportContext): ImportParseResult {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: false,
    transformHeader: (header) => lower(header),
  });
  const fields = (parsed.meta.fields ?? []).filter((field) => field !== '');
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !fields.includes(column.name)).map(
    (column) => column.name,
  );
  const unknown = fields.filter((field) => !IMPORT_HEADER.includes(field));
  const fileErrors: string[] = [];
  if (fields.length === 0) {
    return { fileErrors: ['The file is empty.'], rows: [] };
  }
  if (missing.length > 0)
    fileErrors.push(`Missing ${plural(missing.length, 'column')}: ${missing.join(', ')}.`);
  if (unknown.length > 0)
    fileErrors.push(`Unknown ${plural(unknown.length, 'column')}: ${unknown.join(', ')}.`);
  if (fileErrors.length > 0) {
    fileErrors.push(`The first line must name the columns: ${IMPORT_HEADER.join(', ')}.`);
    return { fileErrors, rows: [] };
  }

  const shapeErrors = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.type === 'FieldMismatch') {
      shapeErrors.set(error.row, `Expected ${IMPORT_HEADER.length} values separated by commas`);
    } else if (error.row !== undefined && error.type === 'Quotes') {
      shapeErrors.set(error.row, 'A quoted value is not closed');
    }
  }
  const entries = parsed.data
    .map((record, index) => ({ record, index }))
    .filter(({ record }) => Object.values(record).some((value) => (value ?? '').trim() !== ''));
  if (entries.length === 0) return { fileErrors: ['The file has no user rows under its header.'], rows: [] };
  if (entries.length > MAX_IMPORT_ROWS) {
    return {
      fileErrors: [`The file has ${entries.length} user rows; import at most ${MAX_IMPORT_ROWS} at a time.`],
      rows: [],
    };
  }

  const members = new Map(context.users.map((user) => [lower(user.email), user]));
  const linesByEmail = new Map<string, number[]>();
  for (const { record, index } of entries) {
    const email = lower(record.email ?? '');
    if (email) linesByEmail.set(email, [...(linesByEmail.get(email) ?? []), index + 2]);
  }

  const rows = entries.map(({ record, index }): ImportRow => {
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
  return { fileErrors: [], rows };
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
