import { describe, expect, it } from 'vitest';
import { adminPeople, defaultAdminUsers, defaultDepartments, defaultRoles } from '../test/adminHandlers';
import { IMPORT_HEADER, importTemplateCsv, MAX_IMPORT_ROWS, parseImportCsv } from './bulkImport';

const roles = defaultRoles();
const departments = defaultDepartments();
const context = { roles, departments, users: defaultAdminUsers(roles, departments) };
const header = IMPORT_HEADER.join(',');

function parse(...lines: string[]) {
  return parseImportCsv([header, ...lines].join('\r\n'), context);
}

describe('parseImportCsv', () => {
  it('turns a valid row into the create payload with role, department and manager ids', () => {
    const { fileErrors, rows } = parse(
      'Nina,Shaw,Nina.Shaw@Example.com,+61 2 9000 1234,finance manager,fin,FINANCE@acme.test,no',
    );
    expect(fileErrors).toEqual([]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.errors).toEqual([]);
    expect(row?.line).toBe(2);
    expect(row?.input).toEqual({
      first_name: 'Nina',
      last_name: 'Shaw',
      email: 'Nina.Shaw@Example.com',
      phone: '+61 2 9000 1234',
      role_id: roles.find((role) => role.name === 'Finance Manager')?.id,
      department_id: departments.find((department) => department.code === 'FIN')?.id,
      manager_id: adminPeople.fiona.id,
      send_invite: false,
    });
  });

  it('finds a department by its name as well as its code, and sends the invitation when send_invite is blank', () => {
    const { rows } = parse('Nina,Shaw,nina@example.com,,User,Information Technology,,');
    expect(rows[0]?.errors).toEqual([]);
    expect(rows[0]?.input).toMatchObject({
      department_id: departments.find((department) => department.code === 'IT')?.id,
      manager_id: null,
      phone: null,
      send_invite: true,
    });
  });

  it('reports the Create User messages word for word', () => {
    const { rows } = parse(',,not-an-email,,,,,');
    expect(rows[0]?.input).toBeNull();
    expect(rows[0]?.errors).toEqual(
      expect.arrayContaining([
        'First name is required',
        'Last name is required',
        'Invalid email address',
        'Role is required',
      ]),
    );
  });

  it('refuses unknown roles and departments, inactive departments, and managers without a manager role', () => {
    const { rows } = parse(
      'A,One,a1@example.com,,Janitor,,,',
      'A,Two,a2@example.com,,User,XYZ,,',
      'A,Three,a3@example.com,,User,MKT,,',
      'A,Four,a4@example.com,,User,,tom.becker@acme.test,',
      'A,Five,a5@example.com,,User,,nobody@example.com,maybe',
    );
    expect(rows.map((row) => row.errors)).toEqual([
      ['Role "Janitor" not found'],
      ['Department "XYZ" not found'],
      ['Department "Marketing" is inactive'],
      ['Tom Becker (User) cannot be a manager'],
      ['Manager "nobody@example.com" is not a member of this organization', 'send_invite must be yes or no'],
    ]);
  });

  it('flags every row of an email repeated in the file, and emails that are already members', () => {
    const { rows } = parse(
      'A,One,same@example.com,,User,,,',
      'A,Two,SAME@example.com,,User,,,',
      'A,Three,admin@acme.test,,User,,,',
    );
    expect(rows[0]?.errors).toEqual(['Email appears more than once in the file (rows 2, 3)']);
    expect(rows[1]?.errors).toEqual(['Email appears more than once in the file (rows 2, 3)']);
    expect(rows[2]?.errors).toEqual(['Already a member of this organization']);
  });

  it('numbers rows as a spreadsheet does and skips blank lines', () => {
    const { rows } = parse('A,One,a1@example.com,,User,,,', '', ',,,,,,,', 'A,Two,a2@example.com,,User,,,');
    expect(rows.map((row) => row.line)).toEqual([2, 5]);
  });

  it('refuses a file whose header misses or adds columns, naming them', () => {
    const { fileErrors, rows } = parseImportCsv('email,first_name,role\r\na@example.com,A,User', context);
    expect(rows).toEqual([]);
    expect(fileErrors).toEqual([
      'Missing columns: last_name, role_name.',
      'Unknown column: role.',
      `The first line must name the columns: ${IMPORT_HEADER.join(', ')}.`,
    ]);
  });

  it('accepts columns in any order and case, with a byte order mark', () => {
    const { rows } = parseImportCsv(
      '\uFEFFEmail,Role_Name,Last_Name,First_Name\r\nz@example.com,User,Zed,Zoe',
      context,
    );
    expect(rows[0]?.errors).toEqual([]);
    expect(rows[0]?.input).toMatchObject({ email: 'z@example.com', first_name: 'Zoe', last_name: 'Zed' });
  });

  it('refuses an empty file, a header without rows and too many rows', () => {
    expect(parseImportCsv('', context).fileErrors).toEqual(['The file is empty.']);
    expect(parse().fileErrors).toEqual(['The file has no user rows under its header.']);
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A,B,u${i}@example.com,,User,,,`);
    expect(parse(...many).fileErrors).toEqual([
      `The file has ${MAX_IMPORT_ROWS + 1} user rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    ]);
  });

  it('reports a row with the wrong number of values', () => {
    const { rows } = parse('A,One,a1@example.com,,User');
    expect(rows[0]?.errors[0]).toBe(`Expected ${IMPORT_HEADER.length} values separated by commas`);
    expect(rows[0]?.input).toBeNull();
  });

  it('offers a template made of the documented header', () => {
    expect(importTemplateCsv()).toBe(`${header}\r\n`);
  });
});
