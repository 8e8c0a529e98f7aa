import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  adminPeople,
  createAdminApi,
  resetPasswordErrorHandler,
  updateUserErrorHandler,
  userDetailErrorHandler,
  userDetailLoadingHandler,
} from '../test/adminHandlers';
import { http } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { EditUserScreen } from './EditUserScreen';

function serve() {
  const api = createAdminApi();
  server.use(...api.handlers);
  return api;
}

async function renderEdit(userId: string = adminPeople.tom.id) {
  const rendered = renderScreen(<EditUserScreen userId={userId} />, { signedIn: true });
  await screen.findByRole('form', { name: /^Edit / });
  return rendered;
}

async function choose(user: ReturnType<typeof renderScreen>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const overview = () => screen.getByRole('complementary', { name: 'User Overview' });
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('EditUserScreen', () => {
  it('prefills the form and keeps Save Changes disabled with "No changes detected"', async () => {
    serve();
    await renderEdit();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveValue('Tom');
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveValue('Becker');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('tom.becker@acme.test');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('readonly');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('User'));
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('Finance (FIN)');
    expect(screen.getByRole('combobox', { name: 'Manager' })).toHaveTextContent('Fiona Chen');
    expect(screen.getByRole('switch', { name: 'Account Active' })).toBeChecked();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription('No changes detected');
  });

  it('shows the overview: avatar initials, status, role, department, manager, member since and last login', async () => {
    serve();
    await renderEdit();
    const panel = overview();
    expect(await within(panel).findByText('TB')).toBeInTheDocument();
    expect(within(panel).getByText('Active')).toBeInTheDocument();
    expect(within(panel).getByText('User')).toHaveAttribute('data-accent-color', 'gray');
    expect(panel).toHaveTextContent('Finance');
    expect(panel).toHaveTextContent('Fiona Chen');
    expect(panel).toHaveTextContent('3 Feb 2026');
    expect(panel).toHaveTextContent('18 Nov 2026');
  });

  it('sends only the changed personal fields and no role assignment', async () => {
    const api = serve();
    const { user, navigate } = await renderEdit();
    const first = screen.getByRole('textbox', { name: /First Name/ });
    await user.clear(first);
    await user.type(first, 'Thomas');
    expect(screen.queryByText('No changes detected')).not.toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(api.calls).toEqual([
      { operation: 'updateUser', id: adminPeople.tom.id, body: { first_name: 'Thomas' } },
    ]);
    expect(navigate).toHaveBeenCalledWith('/admin/users');
  });

  it('sends the role assignment separately, with only what changed besides the role', async () => {
    const api = serve();
    const { user } = await renderEdit();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Manager' })).toBeEnabled());
    await choose(user, 'Manager', 'Sophia Turner (General Manager)');
    const panel = overview();
    expect(panel).toHaveTextContent('Fiona Chenchanges toSophia Turner');
    await user.click(saveButton());
    await screen.findByText('User updated successfully');
    expect(api.calls).toEqual([
      {
        operation: 'assignUserRole',
        id: adminPeople.tom.id,
        body: {
          role_id: api.roles.find((role) => role.name === 'User')?.id,
          manager_id: adminPeople.sophia.id,
        },
      },
    ]);
  });

  it('shows the current and new role while the role changes', async () => {
    serve();
    const { user } = await renderEdit();
    await choose(user, 'Role', 'Manager');
    expect(overview()).toHaveTextContent('Userchanges toManager');
    expect(screen.getByRole('group', { name: 'Role details: Manager' })).toBeInTheDocument();
  });

  it('does not offer the user as their own manager', async () => {
    serve();
    const { user } = await renderEdit(adminPeople.daniel.id);
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).not.toContain('Daniel Kim (Department Head)');
    expect(options).toContain('Grace Liu (Department Head)');
  });

  it('warns when the account is turned off, and deactivates it on save', async () => {
    const api = serve();
    const { user } = await renderEdit();
    await user.click(screen.getByRole('switch', { name: 'Account Active' }));
    expect(screen.getByText(/Tom will lose access to Acme Corporation when you save/)).toBeInTheDocument();
    expect(overview()).toHaveTextContent('Activechanges toInactive');
    await user.click(saveButton());
    await screen.findByText('User updated successfully');
    expect(api.calls).toEqual([
      { operation: 'updateUser', id: adminPeople.tom.id, body: { is_active: false } },
    ]);
  });

  it('reactivates an inactive user', async () => {
    const api = serve();
    const { user } = await renderEdit(adminPeople.lena.id);
    expect(screen.getByRole('switch', { name: 'Account Active' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Account Active' }));
    await user.click(saveButton());
    await screen.findByText('User updated successfully');
    expect(api.calls).toEqual([
      { operation: 'updateUser', id: adminPeople.lena.id, body: { is_active: true } },
    ]);
  });

  it('does not let administrators deactivate themselves', async () => {
    serve();
    await renderEdit(adminPeople.alex.id);
    expect(screen.getByRole('switch', { name: 'Account Active' })).toBeDisabled();
    expect(screen.getByText("You can't deactivate your own account.")).toBeInTheDocument();
  });

  it("shows 'Failed to update user' when the server gives no message, and the server's message when it does", async () => {
    serve();
    server.use(updateUserErrorHandler(''));
    const { user, navigate } = await renderEdit();
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '0400 000 000');
    await user.click(saveButton());
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    server.use(updateUserErrorHandler('Phone numbers must be unique'));
    await user.click(saveButton());
    expect(await screen.findByText('Phone numbers must be unique')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('places a field error the server names on that field', async () => {
    serve();
    server.use(
      http.post('/users/{id}/roles', ({ response }) =>
        response(400).json({
          message: 'The request is not valid',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'manager_id', message: 'The manager must be an active member' }],
        }),
      ),
    );
    const { user } = await renderEdit();
    await choose(user, 'Manager', 'Sophia Turner (General Manager)');
    await user.click(saveButton());
    expect(await screen.findByText('The manager must be an active member')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Manager' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before sending a password reset email, then sends it', async () => {
    const api = serve();
    const { user } = await renderEdit();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset password' });
    expect(api.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send reset email' }));
    expect(await screen.findByText('Password reset email sent')).toBeInTheDocument();
    expect(api.calls).toEqual([{ operation: 'resetUserPassword', id: adminPeople.tom.id }]);
  });

  it("says 'Failed to send reset email' when the reset fails without a message", async () => {
    serve();
    server.use(resetPasswordErrorHandler(''));
    const { user } = await renderEdit();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send reset email' }),
    );
    expect(await screen.findByText('Failed to send reset email')).toBeInTheDocument();
  });

  it('says Invalid User ID for an id that is not one', async () => {
    serve();
    renderScreen(<EditUserScreen userId="not-an-id" />, { signedIn: true });
    expect(await screen.findByText('Invalid User ID')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users');
  });

  it('shows a spinner while the user loads', async () => {
    serve();
    server.use(userDetailLoadingHandler());
    renderScreen(<EditUserScreen userId={adminPeople.tom.id} />, { signedIn: true });
    expect(await screen.findByRole('status', { name: 'Loading user' })).toBeInTheDocument();
  });

  it('says User Not Found for a user who is not a member', async () => {
    serve();
    renderScreen(<EditUserScreen userId="00000000-0000-4000-8000-999999999999" />, { signedIn: true });
    expect(await screen.findByText('User Not Found')).toBeInTheDocument();
    expect(
      screen.getByText("This user doesn't exist or isn't a member of Acme Corporation."),
    ).toBeInTheDocument();
  });

  it('shows Error Loading User with Retry when the user fails to load', async () => {
    serve();
    server.use(userDetailErrorHandler(500));
    const { user } = renderScreen(<EditUserScreen userId={adminPeople.tom.id} />, { signedIn: true });
    expect(await screen.findByText('Error Loading User')).toBeInTheDocument();
    expect(screen.getByText('Failed to load user information. Please try again.')).toBeInTheDocument();
    serve();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Edit Tom Becker' })).toBeInTheDocument();
  });
});
