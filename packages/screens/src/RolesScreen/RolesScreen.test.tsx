import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryApi,
  type DirectoryApiOptions,
  directoryRoles,
  permissionCatalogue,
  roleListFailureHandler,
  rolePermissionFailureHandlers,
  superAdminUser,
} from '../test/departmentHandlers';
import { http, meHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { RolesScreen } from './RolesScreen';

interface SetupOptions extends DirectoryApiOptions {
  /** Sign in as the Admin of the default handlers (no `role.manage`) instead of the Super Admin. */
  asAdmin?: boolean;
  overrides?: Parameters<typeof server.use>;
}

function setup({ asAdmin, overrides = [], ...options }: SetupOptions = {}) {
  const api = createDirectoryApi(options);
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...(asAdmin ? [] : [meHandler(superAdminUser)]), ...overrides);
  const rendered = renderScreen(<RolesScreen />, { signedIn: true });
  return { ...rendered, api };
}

const roleId = (name: string) => {
  const role = directoryRoles().find((entry) => entry.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};
const permissionId = (name: string) => {
  const permission = permissionCatalogue.find((entry) => entry.name === name);
  if (!permission) throw new Error(`no permission ${name}`);
  return permission.id;
};

async function rolesTable() {
  return screen.findByRole('table', { name: 'Roles' });
}

function roleRow(name: string) {
  const header = within(screen.getByRole('table', { name: 'Roles' })).getByRole('rowheader', {
    name: new RegExp(`^${name}`),
  });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function cell(permission: string, role: string) {
  return screen.findByRole('checkbox', { name: `${permission} for ${role}` });
}

describe('RolesScreen', () => {
  it('lists the roles with their system flag, description, holders and permission count', async () => {
    setup();
    await rolesTable();
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Users' })).toBeInTheDocument());

    const superAdmin = roleRow('Super Admin');
    expect(within(superAdmin).getByText('System')).toBeInTheDocument();
    expect(superAdmin).toHaveTextContent('Full access, including roles and permissions');
    expect(superAdmin).toHaveTextContent('All');

    const user = roleRow('User');
    expect(user).toHaveTextContent('Raises requisitions');
    // Priya, Tom (inactive), Omar and Chloe.
    expect(within(user).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(user).toHaveTextContent('2 of 15');

    const auditor = roleRow('Auditor');
    expect(within(auditor).queryByText('System')).not.toBeInTheDocument();
    expect(within(auditor).getAllByRole('cell')[0]).toHaveTextContent('0');
    expect(screen.getByRole('heading', { level: 1, name: /Roles & Permissions/ })).toHaveTextContent('9');
  });

  it('offers Delete only for custom roles', async () => {
    setup();
    await rolesTable();
    expect(within(roleRow('Admin')).getByRole('button', { name: 'Edit Admin' })).toBeInTheDocument();
    expect(within(roleRow('Admin')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(roleRow('Auditor')).getByRole('button', { name: 'Delete Auditor' })).toBeInTheDocument();
  });

  it('deletes an unused custom role after confirmation', async () => {
    const { user, api } = setup();
    await rolesTable();
    await user.click(within(roleRow('Auditor')).getByRole('button', { name: 'Delete Auditor' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Role' });
    expect(confirm).toHaveTextContent('Delete the role Auditor? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Role deleted successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: `/roles/${roleId('Auditor')}` });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Roles' })).queryByText('Auditor'),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal to delete a role that is still held", async () => {
    const { user } = setup();
    await rolesTable();
    await user.click(
      within(roleRow('Procurement Officer')).getByRole('button', { name: 'Delete Procurement Officer' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This role is held by 1 user and cannot be deleted. Assign them another role first.',
      ),
    ).toBeInTheDocument();
    expect(roleRow('Procurement Officer')).toBeInTheDocument();
  });

  it('creates a role, starting from the permissions of another', async () => {
    const { user, api } = setup();
    await rolesTable();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Buyer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Places orders');
    await user.click(within(dialog).getByRole('combobox', { name: 'Copy permissions from' }));
    await user.click(
      within(screen.getByRole('listbox', { name: 'Copy permissions from' })).getByRole('option', {
        name: 'Procurement Officer (5 permissions)',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));

    expect(await screen.findByText('Role created successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/roles',
      body: {
        name: 'Buyer',
        description: 'Places orders',
        permission_ids: [
          permissionId('requisition.create'),
          permissionId('purchase_order.view'),
          permissionId('purchase_order.manage'),
          permissionId('purchase_order.receive'),
          permissionId('vendor.manage'),
        ],
      },
    });
    await waitFor(() => expect(roleRow('Buyer')).toHaveTextContent('5 of 15'));
    expect(await cell('vendor.manage', 'Buyer')).toBeChecked();
  });

  it("says 'Role name is required' and sends nothing for a blank name", async () => {
    const { user, api } = setup();
    await rolesTable();
    await user.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    expect(await within(dialog).findByText('Role name is required')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's message on the name when it is already used", async () => {
    const { user } = setup();
    await rolesTable();
    await user.click(within(roleRow('Auditor')).getByRole('button', { name: 'Edit Auditor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'manager');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('A role named "manager" already exists')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the name of a system role and changes its description', async () => {
    const { user, api } = setup();
    await rolesTable();
    await user.click(within(roleRow('Manager')).getByRole('button', { name: 'Edit Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('readonly');
    expect(within(dialog).getByText('System roles keep their name.')).toBeInTheDocument();
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Leads a team');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Role updated successfully')).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: `/roles/${roleId('Manager')}`,
      body: { name: 'Manager', description: 'Leads a team' },
    });
    await waitFor(() => expect(roleRow('Manager')).toHaveTextContent('Leads a team'));
  });

  it('groups the permission matrix by area', async () => {
    setup();
    const matrix = await screen.findByRole('table', { name: 'Permission matrix' });
    const areas = within(matrix)
      .getAllByRole('rowheader')
      .filter((header) => header.getAttribute('scope') === 'rowgroup')
      .map((header) => header.textContent);
    expect(areas).toEqual([
      'Requisitions',
      'Approvals',
      'Purchase Orders',
      'Users',
      'Organization & Roles',
      'Vendors & Products',
      'Budgets & Reports',
    ]);
    expect(within(matrix).getByRole('rowheader', { name: /role\.manage/ })).toHaveTextContent(
      'Create, edit and delete roles and their permissions',
    );
  });

  it('grants a permission with a tick, at once while it is saved', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, api } = setup();
    server.use(
      http.post('/roles/{id}/permissions', async () => {
        await answered;
        // Let the in-memory API answer once released.
        return undefined as never;
      }),
    );
    const box = await cell('vendor.manage', 'Auditor');
    expect(box).not.toBeChecked();
    await user.click(box);

    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeDisabled();
    expect(screen.getByText('Saving changes...')).toBeInTheDocument();

    release();
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: `/roles/${roleId('Auditor')}/permissions`,
      body: { permission_ids: [permissionId('vendor.manage')] },
    });
    expect(screen.getByText('Changes are saved as you make them.')).toBeInTheDocument();
    await waitFor(() => expect(roleRow('Auditor')).toHaveTextContent('5 of 15'));
  });

  it('revokes a permission with an untick', async () => {
    const { user, api } = setup();
    const box = await cell('report.view', 'Auditor');
    expect(box).toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'DELETE',
        path: `/roles/${roleId('Auditor')}/permissions/${permissionId('report.view')}`,
      }),
    );
    await waitFor(() => expect(roleRow('Auditor')).toHaveTextContent('3 of 15'));
    expect(box).not.toBeChecked();
  });

  it('asks before taking a permission from a role that users hold, saying how many (issue 19 item 14)', async () => {
    const { user, api } = setup();
    const box = await cell('requisition.create', 'User');
    await user.click(box);
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove permission' });
    // Priya, Tom (inactive), Omar and Chloe.
    expect(confirm).toHaveTextContent(
      'Remove "Create, edit and submit own requisitions" from User? 4 users hold this role.',
    );
    expect(box).toBeChecked();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    const revoke = {
      method: 'DELETE',
      path: `/roles/${roleId('User')}/permissions/${permissionId('requisition.create')}`,
    };
    expect(api.calls).not.toContainEqual(revoke);

    await user.click(box);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove permission' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() => expect(api.calls).toContainEqual(revoke));
  });

  it('takes a permission from a role nobody holds, and grants any, without asking', async () => {
    const { user, api } = setup();
    await user.click(await cell('report.view', 'Auditor'));
    await user.click(await cell('vendor.manage', 'User'));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("undoes a change the server refuses and says 'Failed to update permissions'", async () => {
    const { user } = setup({ overrides: rolePermissionFailureHandlers('') });
    const grant = await cell('vendor.manage', 'Auditor');
    await user.click(grant);
    expect(await screen.findByText('Failed to update permissions')).toBeInTheDocument();
    await waitFor(() => expect(grant).not.toBeChecked());

    const revoke = await cell('report.view', 'Auditor');
    await user.click(revoke);
    await waitFor(() => expect(screen.getAllByText('Failed to update permissions')).toHaveLength(2));
    await waitFor(() => expect(revoke).toBeChecked());
  });

  it("shows the server's reason when it refuses a change", async () => {
    const message =
      'No other active member would be able to manage roles: assign someone a role with role.manage first';
    const { user } = setup({ overrides: rolePermissionFailureHandlers(message) });
    await user.click(await cell('user.edit', 'Admin'));
    const confirm = screen.queryByRole('alertdialog', { name: 'Remove permission' });
    if (confirm) await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await cell('user.edit', 'Admin')).toBeChecked();
  });

  it("locks Super Admin's column: it always holds every permission", async () => {
    setup();
    const box = await cell('budget.view', 'Super Admin');
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(await cell('budget.view', 'Auditor')).toBeEnabled();
  });

  it('is read-only for someone without role.manage', async () => {
    setup({ asAdmin: true });
    await rolesTable();
    expect(await cell('vendor.manage', 'Auditor')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('says the roles failed to load, with Retry', async () => {
    const { user } = setup({ overrides: [roleListFailureHandler()] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load roles. Please try again.');
    server.use(...createDirectoryApi().handlers);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rolesTable()).toBeInTheDocument();
  });

  it('shows a spinner while the roles load', async () => {
    setup({
      overrides: [
        http.get('/roles', async ({ response }) => {
          await delay('infinite');
          return response(200).json({ data: [] });
        }),
      ],
    });
    expect(await screen.findByRole('status', { name: 'Loading roles' })).toBeInTheDocument();
  });
});
