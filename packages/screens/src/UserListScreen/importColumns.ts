/** The documented columns of the users import file, its limits and its template. */
import { MANAGER_ROLE_NAMES } from '../CreateUserScreen/userFormSchema';

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
