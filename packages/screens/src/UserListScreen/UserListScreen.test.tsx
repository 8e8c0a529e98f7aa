import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  adminPeople,
  buildManyAdminUsers,
  createAdminApi,
  deactivateUserErrorHandler,
  defaultAdminUsers,
  resetPasswordErrorHandler,
  roleListErrorHandler,
  userListErrorHandler,
} from '../test/adminHandlers';
import { http, meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { IMPORT_HEADER } from './bulkImport';
import { UserListScreen } from './UserListScreen';

type User = Schemas['User'];

function serve(users?: User[]) {
  const api = createAdminApi(users ? { users } : {});
  server.use(...api.handlers);
  return api;
}

function renderList() {
  return renderScreen(<UserListScreen />, { signedIn: true });
}

function rowOf(name: string) {
  const header = screen.getByRole('rowheader', { name: new RegExp(name) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const names = () =>
  screen.getAllByRole('rowheader').map((cell) => within(cell).getByRole('link').textContent);

function csvFile(lines: string[], name = 'users.csv') {
  return new File([[IMPORT_HEADER.join(','), ...lines].join('\r\n')], name, { type: 'text/csv' });
}

describe('UserListScreen', () => {
  it('shows each member with the role, department and manager of their first membership, status and last login', async () => {
    serve();
    renderList();
    const link = await screen.findByRole('link', { name: 'Fiona Chen' });
    expect(link).toHaveAttribute('href', `/admin/users/${adminPeople.fiona.id}`);
    const row = rowOf('Fiona Chen');
    expect(within(row).getByText('finance@acme.test')).toBeInTheDocument();
    expect(within(row).getByText('Finance Manager')).toHaveAttribute('data-accent-color', 'blue');
    expect(within(row).getByText('Finance')).toBeInTheDocument();
    expect(within(row).getByText('Sophia Turner')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('18 Nov 2026')).toBeInTheDocument();
    expect(within(rowOf('Lena Novak')).getByText('Inactive')).toBeInTheDocument();
    expect(within(rowOf('Chloe Martin')).getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Users 13 in total/ })).toBeInTheDocument();
  });

  it('shows a member added but not yet accepted as Pending', async () => {
    const users = defaultAdminUsers().map((user) =>
      user.id === adminPeople.fiona.id
        ? {
            ...user,
            is_active: false,
            last_login_at: null,
            user_organizations: user.user_organizations.map((membership) => ({
              ...membership,
              is_active: false,
              is_pending: true,
            })),
          }
        : user,
    );
    serve(users);
    renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    const row = rowOf('Fiona Chen');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).queryByText('Inactive')).not.toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
  });

  it('pages ten users at a time on the client', async () => {
    serve([...defaultAdminUsers(), ...buildManyAdminUsers(9)]);
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 22 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByRole('rowheader')).toHaveLength(2);
    expect(screen.getByText('Showing 21 to 22 of 22 results')).toBeInTheDocument();
  });

  it('searches by name, email, role or department and goes back to the first page', async () => {
    serve([...defaultAdminUsers(), ...buildManyAdminUsers(9)]);
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'department head');
    expect(names()).toEqual(['Daniel Kim', 'Grace Liu']);
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'TOM.BECKER@');
    expect(names()).toEqual(['Tom Becker']);
  });

  it('filters by role and by status', async () => {
    serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    expect(names()).toEqual(['Tom Becker', 'Chloe Martin', 'Lena Novak', 'Uma Patel']);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));
    expect(names()).toEqual(['Lena Novak']);
  });

  it('says when nothing matches and clears the search and filters', async () => {
    serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody at all');
    expect(screen.getByText('No users match your search or filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
  });

  it('shows an error with Retry when the list fails, and loads on retry', async () => {
    serve();
    server.use(userListErrorHandler());
    const { user } = renderList();
    expect(await screen.findByText('Failed to load users. Please try again.')).toBeInTheDocument();
    // Handlers added later answer first: the list now loads.
    serve();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Fiona Chen' })).toBeInTheDocument();
  });

  it('still lists users when the roles fail to load, with no role to filter by', async () => {
    serve();
    server.use(roleListErrorHandler());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByText('No options found')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('deactivates a user after confirmation, and the row turns inactive', async () => {
    const api = serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Tom Becker' });
    await user.click(within(rowOf('Tom Becker')).getByRole('button', { name: 'Deactivate Tom Becker' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate user' });
    expect(dialog).toHaveTextContent('Deactivate Tom Becker? They lose access to Acme Corporation at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Tom Becker')).getByText('Inactive')).toBeInTheDocument());
    expect(api.calls).toContainEqual({ operation: 'deactivateUser', id: adminPeople.tom.id });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("says 'Failed to deactivate user' with the server's reason when deactivation fails", async () => {
    serve();
    server.use(deactivateUserErrorHandler('The last active Super Admin cannot be deactivated'));
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Ravi Iyer' });
    await user.click(screen.getByRole('button', { name: 'Deactivate Ravi Iyer' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(
      await screen.findByText('Failed to deactivate user: The last active Super Admin cannot be deactivated'),
    ).toBeInTheDocument();
  });

  it('offers Deactivate only for active members other than yourself', async () => {
    serve();
    renderList();
    await screen.findByRole('link', { name: 'Alex Morgan' });
    expect(screen.queryByRole('button', { name: 'Deactivate Alex Morgan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Lena Novak' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Fiona Chen' })).toBeInTheDocument();
  });

  it('sends a password reset email after confirmation', async () => {
    const api = serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Uma Patel' });
    await user.click(screen.getByRole('button', { name: 'Reset password of Uma Patel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset password' });
    expect(dialog).toHaveTextContent('Send a password reset email to user@acme.test?');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Password reset email sent')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ operation: 'resetUserPassword', id: adminPeople.uma.id });
  });

  it("shows the server's message when the reset email fails, else the default text", async () => {
    serve();
    server.use(resetPasswordErrorHandler('Mail is not configured'));
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Uma Patel' });
    await user.click(screen.getByRole('button', { name: 'Reset password of Uma Patel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send reset email' }),
    );
    expect(await screen.findByText('Mail is not configured')).toBeInTheDocument();

    server.use(resetPasswordErrorHandler(''));
    await user.click(screen.getByRole('button', { name: 'Reset password of Uma Patel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send reset email' }),
    );
    expect(await screen.findByText('Failed to send reset email')).toBeInTheDocument();
  });

  it('links Add User to the create screen and hides it without user.create', async () => {
    serve();
    renderList();
    expect(await screen.findByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/admin/users/new');
    expect(screen.getByRole('button', { name: 'Bulk Import' })).toBeInTheDocument();
  });

  it('explains the missing permission to a user without user.edit', async () => {
    serve();
    server.use(meHandler(plainUser));
    renderList();
    expect(
      await screen.findByText("You don't have permission to manage users in Acme Corporation."),
    ).toBeInTheDocument();
  });

  it('refreshes the list from the server', async () => {
    const api = serve();
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Fiona Chen' });
    api.users[0] = { ...(api.users[0] as User), first_name: 'Renamed' };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('link', { name: /^Renamed / })).toBeInTheDocument();
  });

  describe('Bulk Import', () => {
    async function openImport() {
      const rendered = renderList();
      await screen.findByRole('link', { name: 'Fiona Chen' });
      await rendered.user.click(screen.getByRole('button', { name: 'Bulk Import' }));
      const dialog = await screen.findByRole('dialog', { name: 'Bulk Import Users' });
      await waitFor(() => expect(within(dialog).getByLabelText(/Choose CSV file/)).toBeEnabled());
      return { ...rendered, dialog };
    }

    it('documents the columns and offers the template for download', async () => {
      serve();
      const created: Blob[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:template';
      });
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { user, dialog } = await openImport();
      for (const column of IMPORT_HEADER) {
        expect(within(dialog).getByRole('rowheader', { name: column })).toBeInTheDocument();
      }
      await user.click(within(dialog).getByRole('button', { name: 'Download template' }));
      expect(click).toHaveBeenCalled();
      expect(await created[0]?.text()).toContain(IMPORT_HEADER.join(','));
      click.mockRestore();
    });

    it('previews each row with its errors, imports the valid rows one by one and sums up', async () => {
      const api = serve();
      server.use(
        http.post('/users', async ({ request, response }) => {
          // A clone: the in-memory API reads the body again when this handler lets the request through.
          const body = await request.clone().json();
          if (body.email === 'taken.elsewhere@example.com') {
            return response(409).json({
              message: 'This email belongs to a deactivated account',
              code: 'CONFLICT',
              details: [],
            });
          }
          return undefined;
        }),
        ...api.handlers,
      );
      const { user, dialog } = await openImport();
      await user.upload(
        within(dialog).getByLabelText(/Choose CSV file/),
        csvFile([
          'Nina,Shaw,nina.shaw@example.com,,User,FIN,finance@acme.test,yes',
          'Omar,Twice,fiona.chen@example.com,,Janitor,,,',
          ',Blank,blank@example.com,,User,,,',
          'Taken,Elsewhere,taken.elsewhere@example.com,,Manager,IT,,no',
        ]),
      );
      expect(await within(dialog).findByText('users.csv')).toBeInTheDocument();
      expect(within(dialog).getByText('2 ready')).toBeInTheDocument();
      expect(within(dialog).getByText('2 with errors')).toBeInTheDocument();
      expect(within(dialog).getByRole('list', { name: 'Errors in row 3' })).toHaveTextContent(
        'Role "Janitor" not found',
      );
      expect(within(dialog).getByRole('list', { name: 'Errors in row 4' })).toHaveTextContent(
        'First name is required',
      );

      await user.click(within(dialog).getByRole('button', { name: 'Import 2 users' }));
      expect(await within(dialog).findByRole('heading', { name: 'Created (1)' })).toBeInTheDocument();
      expect(
        within(dialog).getByText('1 user created · 1 failed · 2 rows with errors skipped'),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('region', { name: 'Users created' })).toHaveTextContent('Nina Shaw');
      expect(within(dialog).getByRole('region', { name: 'Rows that failed' })).toHaveTextContent(
        'Row 5 · taken.elsewhere@example.com',
      );
      expect(within(dialog).getByRole('region', { name: 'Rows that failed' })).toHaveTextContent(
        'This email belongs to a deactivated account',
      );
      expect(api.calls).toEqual([
        {
          operation: 'createUser',
          body: {
            first_name: 'Nina',
            last_name: 'Shaw',
            email: 'nina.shaw@example.com',
            phone: null,
            role_id: api.roles.find((role) => role.name === 'User')?.id,
            department_id: api.departments.find((department) => department.code === 'FIN')?.id,
            manager_id: adminPeople.fiona.id,
            send_invite: true,
          },
        },
      ]);

      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nina');
      expect(await screen.findByRole('link', { name: 'Nina Shaw' })).toBeInTheDocument();
    });

    it('refuses a file without the documented header, naming the columns', async () => {
      serve();
      const { user, dialog } = await openImport();
      await user.upload(
        within(dialog).getByLabelText(/Choose CSV file/),
        new File(['email,first_name,last_name,role\r\na@example.com,A,B,User'], 'old.csv', {
          type: 'text/csv',
        }),
      );
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'old.csv cannot be imported. Missing column: role_name. Unknown column: role.',
      );
      expect(within(dialog).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    });

    it('offers nothing to import when every row has errors', async () => {
      serve();
      const { user, dialog } = await openImport();
      await user.upload(
        within(dialog).getByLabelText(/Choose CSV file/),
        csvFile(['A,B,admin@acme.test,,User,,,']),
      );
      expect(await within(dialog).findByText('Already a member of this organization')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Import 0 users' })).toBeDisabled();
    });
  });
});
