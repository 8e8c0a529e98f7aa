import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryApi,
  type DirectoryApiOptions,
  departmentListFailureHandler,
  departmentWriteFailureHandlers,
  directoryDepartments,
  userListForbiddenHandler,
} from '../test/departmentHandlers';
import { organizationsHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { DepartmentManagementScreen } from './DepartmentManagementScreen';

function setup(options: DirectoryApiOptions = {}, overrides: Parameters<typeof server.use> = []) {
  const api = createDirectoryApi(options);
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...overrides);
  const rendered = renderScreen(<DepartmentManagementScreen />, { signedIn: true });
  return { ...rendered, api };
}

const idOf = (code: string) => {
  const department = directoryDepartments().find((entry) => entry.code === code);
  if (!department) throw new Error(`no department ${code}`);
  return department.id;
};

async function card(name: string) {
  return screen.findByRole('article', { name });
}

async function openDialog(user: ReturnType<typeof setup>['user'], button: { name: string | RegExp }) {
  await user.click(await screen.findByRole('button', button));
  return screen.findByRole('dialog');
}

async function choose(user: ReturnType<typeof setup>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(
    within(screen.getByRole('listbox', { name: label })).getByRole('option', { name: option }),
  );
}

describe('DepartmentManagementScreen', () => {
  it('shows a card per department with code, status, description, head, parent and member count', async () => {
    setup();
    const finance = await card('Finance');
    expect(within(finance).getByText('FIN')).toBeInTheDocument();
    expect(within(finance).getByText('Active')).toBeInTheDocument();
    expect(finance).toHaveTextContent('Accounts payable and receivable, budgets and reporting');
    expect(finance).toHaveTextContent('HeadFiona Chen');
    expect(finance).toHaveTextContent('ParentNone (top level)');
    await waitFor(() => expect(finance).toHaveTextContent('Members3 members'));

    const procurement = await card('Procurement');
    expect(procurement).toHaveTextContent('ParentOperations');

    const marketing = await card('Marketing');
    expect(within(marketing).getByText('Inactive')).toBeInTheDocument();
    expect(marketing).toHaveTextContent('No description');
    expect(marketing).toHaveTextContent('HeadNot assigned');
    expect(within(marketing).getByRole('button', { name: 'Reactivate Marketing' })).toBeInTheDocument();
    expect(within(marketing).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: /Department Management/ })).toHaveTextContent('6');
  });

  it("links each card to the department's users", async () => {
    setup();
    const finance = await card('Finance');
    expect(within(finance).getByRole('link', { name: 'View Users of Finance' })).toHaveAttribute(
      'href',
      `/admin/departments/${idOf('FIN')}/users`,
    );
  });

  it('leaves the member count out when the member list cannot be read', async () => {
    setup({}, [userListForbiddenHandler()]);
    const finance = await card('Finance');
    expect(finance).toHaveTextContent('HeadFiona Chen');
    expect(finance).not.toHaveTextContent('Members');
  });

  it('searches names, codes and descriptions, and says when nothing matches', async () => {
    const { user } = setup();
    await card('Finance');
    const search = screen.getByRole('searchbox', { name: 'Search departments' });

    await user.type(search, 'ACCOUNTS');
    expect(screen.getAllByRole('article').map((entry) => entry.getAttribute('aria-labelledby'))).toEqual([
      `department-${idOf('FIN')}`,
    ]);

    await user.clear(search);
    await user.type(search, 'proc');
    expect(screen.getByRole('article', { name: 'Procurement' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Finance' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'it');
    // 'IT' is a code, and Operations' description mentions 'facilities'.
    expect(screen.getAllByRole('article').map((entry) => entry.getAttribute('aria-labelledby'))).toEqual([
      `department-${idOf('IT')}`,
      `department-${idOf('OPS')}`,
    ]);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('heading', { name: 'No departments found' })).toBeInTheDocument();
  });

  it('shows only inactive or only active departments with the status switch', async () => {
    const { user } = setup();
    await card('Finance');
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Marketing' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('article', { name: 'Marketing' })).not.toBeInTheDocument();
  });

  it('creates a department, with the code upper-cased as typed, a head and a parent', async () => {
    const { user, api } = setup();
    const dialog = await openDialog(user, { name: 'Add Department' });
    expect(dialog).toHaveAccessibleName('Add Department');

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Legal');
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await user.type(code, 'leg-1');
    expect(code).toHaveValue('LEG-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Contracts and compliance');
    await choose(user, 'Department Head', 'Priya Shah');
    await choose(user, 'Parent Department', 'Finance (FIN)');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));

    expect(await screen.findByText('Department created successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/departments',
      body: {
        name: 'Legal',
        code: 'LEG-1',
        description: 'Contracts and compliance',
        department_head_id: '00000000-0000-4000-8000-000000005205',
        parent_department_id: idOf('FIN'),
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const legal = await card('Legal');
    expect(legal).toHaveTextContent('HeadPriya Shah');
    expect(legal).toHaveTextContent('ParentFinance');
  });

  it("says 'Name and code are required' and sends nothing when either is blank", async () => {
    const { user, api } = setup();
    const dialog = await openDialog(user, { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Name and code are required');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(api.calls).toEqual([]);

    // Typing into the fields takes the message away with their marks.
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'LEG');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a code with other characters than letters, digits, - and _', async () => {
    const { user, api } = setup();
    const dialog = await openDialog(user, { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Legal');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'LE GAL');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(
      await within(dialog).findByText("The code may contain only letters, digits, '-' and '_'"),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('edits a department in a dialog, prefilled, offering neither itself nor its sub-departments as parent', async () => {
    const { user, api } = setup();
    await card('Operations');
    const dialog = await openDialog(user, { name: 'Edit Operations' });
    expect(dialog).toHaveAccessibleName('Edit Department');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Operations');
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveValue('OPS');
    expect(within(dialog).getByRole('combobox', { name: 'Department Head' })).toHaveTextContent('Grace Liu');

    await user.click(within(dialog).getByRole('combobox', { name: 'Parent Department' }));
    const parents = within(screen.getByRole('listbox', { name: 'Parent Department' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Procurement is under Operations and Logistics under Procurement; Marketing is inactive.
    expect(parents).toEqual(['Finance (FIN)', 'Information Technology (IT)']);
    await user.keyboard('{Escape}');

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Operations & Facilities');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Department updated successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: `/departments/${idOf('OPS')}`,
      body: {
        name: 'Operations & Facilities',
        code: 'OPS',
        description: 'Warehousing, logistics and facilities',
        department_head_id: '00000000-0000-4000-8000-000000005203',
        parent_department_id: null,
      },
    });
    expect(await card('Operations & Facilities')).toBeInTheDocument();
  });

  it("shows the server's field problem on the field and its message, keeping the dialog open", async () => {
    const { user } = setup();
    await card('Finance');
    const dialog = await openDialog(user, { name: 'Edit Finance' });
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await user.clear(code);
    await user.type(code, 'it');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const message = 'A department with the code "IT" already exists';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Failed to create department' and 'Failed to update department' without a server message", async () => {
    const { user } = setup({}, departmentWriteFailureHandlers(''));
    let dialog = await openDialog(user, { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Legal');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'LEG');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(await screen.findByText('Failed to create department')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openDialog(user, { name: 'Edit Finance' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update department')).toBeInTheDocument();
  });

  it("shows the server's message when a save fails with one", async () => {
    const { user } = setup({}, departmentWriteFailureHandlers('The department service is read-only today'));
    const dialog = await openDialog(user, { name: 'Add Department' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Legal');
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'LEG');
    await user.click(within(dialog).getByRole('button', { name: 'Create Department' }));
    expect(await screen.findByText('The department service is read-only today')).toBeInTheDocument();
  });

  it('deactivates a department after confirmation', async () => {
    const { user, api } = setup();
    const finance = await card('Finance');
    await user.click(within(finance).getByRole('button', { name: 'Deactivate Finance' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Department' });
    expect(confirm).toHaveTextContent('Deactivate Finance (FIN)?');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Department deactivated successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: `/departments/${idOf('FIN')}` });
    await waitFor(() => expect(within(finance).getByText('Inactive')).toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends nothing when the deactivation is cancelled', async () => {
    const { user, api } = setup();
    const finance = await card('Finance');
    await user.click(within(finance).getByRole('button', { name: 'Deactivate Finance' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls).toEqual([]);
  });

  it("says 'Failed to deactivate department' when the deactivation fails without a message", async () => {
    const { user } = setup({}, departmentWriteFailureHandlers(''));
    const finance = await card('Finance');
    await user.click(within(finance).getByRole('button', { name: 'Deactivate Finance' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByText('Failed to deactivate department')).toBeInTheDocument();
  });

  it('reactivates an inactive department with its own values', async () => {
    const { user, api } = setup();
    const marketing = await card('Marketing');
    await user.click(within(marketing).getByRole('button', { name: 'Reactivate Marketing' }));
    expect(await screen.findByText('Department reactivated successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: `/departments/${idOf('MKT')}`,
      body: {
        name: 'Marketing',
        code: 'MKT',
        description: null,
        department_head_id: null,
        parent_department_id: null,
        is_active: true,
      },
    });
    await waitFor(() => expect(within(marketing).getByText('Active')).toBeInTheDocument());
  });

  it("says 'No departments found' when the organisation has none, with Add Department", async () => {
    setup({ departments: [] });
    expect(await screen.findByRole('heading', { name: 'No departments found' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Department' })).toHaveLength(2);
  });

  it('says the departments failed to load, with Retry', async () => {
    const { user } = setup({}, [departmentListFailureHandler()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load departments. Please try again.',
    );
    server.use(...createDirectoryApi().handlers);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Finance')).toBeInTheDocument();
  });

  it('asks for an organisation when the user has none', async () => {
    setup({}, [organizationsHandler([])]);
    expect(
      await screen.findByText('Please select an organization from the header to manage departments'),
    ).toBeInTheDocument();
  });
});
