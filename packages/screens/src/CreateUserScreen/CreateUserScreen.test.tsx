import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  adminPeople,
  createAdminApi,
  createUserErrorHandler,
  departmentListErrorHandler,
  roleListErrorHandler,
} from '../test/adminHandlers';
import { meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { CreateUserScreen } from './CreateUserScreen';

function serve() {
  const api = createAdminApi();
  server.use(...api.handlers);
  return api;
}

async function renderForm() {
  const rendered = renderScreen(<CreateUserScreen />, { signedIn: true });
  await screen.findByRole('form', { name: 'Create user' });
  return rendered;
}

async function choose(user: ReturnType<typeof renderScreen>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const preview = () => screen.getByRole('complementary', { name: 'Preview' });

describe('CreateUserScreen', () => {
  it('shows the three sections, the invitation on by default and an empty preview', async () => {
    serve();
    await renderForm();
    for (const name of ['Personal Information', 'Role & Organization', 'Account Setup']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Send invitation email' })).toBeChecked();
    expect(preview()).toHaveTextContent('New User');
    expect(preview()).toHaveTextContent('Not selected');
    expect(preview()).toHaveTextContent('Active');
    expect(preview()).toHaveTextContent('Email Invitation');
  });

  it('updates the preview as the form is filled in', async () => {
    serve();
    const { user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Shaw');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nina@acme.test');
    await choose(user, 'Role', 'Finance Manager');
    await choose(user, 'Department', 'Finance (FIN)');
    await choose(user, 'Manager', 'Sophia Turner (General Manager)');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    const panel = preview();
    expect(within(panel).getByText('Nina Shaw')).toBeInTheDocument();
    expect(within(panel).getByText('nina@acme.test')).toBeInTheDocument();
    expect(within(panel).getByText('Finance Manager')).toHaveAttribute('data-accent-color', 'blue');
    expect(within(panel).getByText('Finance')).toBeInTheDocument();
    expect(within(panel).getByText('Sophia Turner')).toBeInTheDocument();
    expect(within(panel).getByText('Password Set')).toBeInTheDocument();
  });

  it('shows the chosen role with its System Role badge and what it allows', async () => {
    serve();
    const { user } = await renderForm();
    await choose(user, 'Role', 'Manager');
    const details = screen.getByRole('group', { name: 'Role details: Manager' });
    expect(within(details).getByText('System Role')).toBeInTheDocument();
    expect(details).toHaveTextContent('3 permissions:');
    // Each permission in words, never its raw key (issue 19, item 13).
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Create, edit and submit own requisitions',
      'Approve, reject, request information on and delegate requisitions',
      'View purchase orders',
    ]);
    expect(details).not.toHaveTextContent('requisition.create');
    await choose(user, 'Role', 'Procurement Officer');
    expect(
      within(screen.getByRole('group', { name: 'Role details: Procurement Officer' })).queryByText(
        'System Role',
      ),
    ).not.toBeInTheDocument();
  });

  it('validates with the specification messages, word for word', async () => {
    const api = serve();
    const { user } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Role is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByRole('textbox', { name: /First Name/ })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('accepts a blank password but checks one that is given', async () => {
    serve();
    const { user } = await renderForm();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Short1');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'alllowercase1');
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument();
    await user.clear(password);
    await waitFor(() => expect(screen.queryByText(/Password must/)).not.toBeInTheDocument());
  });

  it('offers as managers only active users whose first role is a manager role', async () => {
    serve();
    const { user } = await renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Manager' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Alex Morgan (Admin)',
      'Daniel Kim (Department Head)',
      'Fiona Chen (Finance Manager)',
      'Grace Liu (Department Head)',
      'Marcus Reed (Manager)',
      'Omar Haddad (Manager)',
      'Sophia Turner (General Manager)',
    ]);
  });

  it('offers only active departments', async () => {
    serve();
    const { user } = await renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Finance (FIN)',
      'Information Technology (IT)',
      'Operations (OPS)',
      'Procurement (PROC)',
    ]);
  });

  it('creates the user, says so and returns to the user list', async () => {
    const api = serve();
    const { user, navigate } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), '  Nina ');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Shaw');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nina@acme.test');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+61 2 9000 1234');
    await choose(user, 'Role', 'User');
    await choose(user, 'Manager', 'Omar Haddad (Manager)');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/admin/users');
    expect(api.calls).toEqual([
      {
        operation: 'createUser',
        body: {
          first_name: 'Nina',
          last_name: 'Shaw',
          email: 'nina@acme.test',
          phone: '+61 2 9000 1234',
          role_id: api.roles.find((role) => role.name === 'User')?.id,
          department_id: null,
          manager_id: adminPeople.omar.id,
          send_invite: true,
        },
      },
    ]);
  });

  it('sends the password when one is set, and no invitation when it is turned off', async () => {
    const api = serve();
    const { user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Shaw');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nina@acme.test');
    await choose(user, 'Role', 'User');
    await user.click(screen.getByRole('switch', { name: 'Send invitation email' }));
    expect(
      screen.getByText(/Without a password or an invitation the user cannot sign in/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    expect(screen.queryByText(/Without a password or an invitation/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await screen.findByText('User created successfully');
    expect(api.calls[0]?.body).toMatchObject({ password: 'Secret123', send_invite: false });
  });

  it("shows the server's message and marks the field it names", async () => {
    serve();
    const { user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Fiona');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Chen');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'FINANCE@acme.test');
    await choose(user, 'Role', 'User');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const message = 'A user with this email is already a member of this organization';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled();
  });

  it("says 'Failed to create user' when the server gives no message", async () => {
    serve();
    server.use(createUserErrorHandler(500, ''));
    const { user, navigate } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Shaw');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nina@acme.test');
    await choose(user, 'Role', 'User');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to create user')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the role and department choices empty when their lists fail to load', async () => {
    serve();
    server.use(roleListErrorHandler(), departmentListErrorHandler());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByText('No options found')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('explains the missing permission to a user without user.create', async () => {
    serve();
    server.use(meHandler(plainUser));
    renderScreen(<CreateUserScreen />, { signedIn: true });
    expect(
      await screen.findByText("You don't have permission to create users in Acme Corporation."),
    ).toBeInTheDocument();
  });

  it('links Cancel and the breadcrumb back to the user list', async () => {
    serve();
    await renderForm();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });
});
