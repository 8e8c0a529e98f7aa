import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createDirectoryApi,
  departmentUsersFailureHandler,
  directoryDepartments,
  directoryPeople,
} from '../test/departmentHandlers';
import { adminUser, meHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { DepartmentUsersScreen } from './DepartmentUsersScreen';

const idOf = (code: string) => {
  const department = directoryDepartments().find((entry) => entry.code === code);
  if (!department) throw new Error(`no department ${code}`);
  return department.id;
};

function setup(departmentId: string, overrides: Parameters<typeof server.use> = []) {
  const api = createDirectoryApi();
  // server.use puts the newest handlers first: the overrides go in last so they win.
  server.use(...api.handlers);
  server.use(...overrides);
  return renderScreen(<DepartmentUsersScreen departmentId={departmentId} />, { signedIn: true });
}

/** Alex Morgan with only `org.settings` in ACME: may see departments but not edit users. */
function settingsOnlyUser(): Schemas['User'] {
  const [acmeMembership, ...others] = adminUser.user_organizations;
  if (!acmeMembership) throw new Error('the admin fixture has no membership');
  const orgSettings = acmeMembership.role.permissions.filter(
    (permission) => permission.name === 'org.settings',
  );
  return {
    ...adminUser,
    permissions: ['org.settings'],
    user_organizations: [
      { ...acmeMembership, role: { ...acmeMembership.role, permissions: orgSettings } },
      ...others,
    ],
  };
}

function row(name: string) {
  const header = screen.getByRole('rowheader', { name: new RegExp(name) });
  const element = header.closest('tr');
  if (!element) throw new Error(`no row for ${name}`);
  return element;
}

describe('DepartmentUsersScreen', () => {
  it("shows the department's name, code, status, head, parent and description", async () => {
    setup(idOf('PROC'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Procurement' })).toBeInTheDocument();
    expect(screen.getByText('Sourcing, supplier contracts and purchasing')).toBeInTheDocument();
    expect(screen.getByText('PROC')).toBeInTheDocument();
    const details = screen.getByText('Parent Department').closest('.rt-Card');
    expect(details).toHaveTextContent('Department HeadMarcus Reed');
    expect(details).toHaveTextContent('Parent DepartmentOperations');
    // The status stands beside the page's heading, under the breadcrumb back to the departments.
    const head = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(head).getByText('Active')).toBeInTheDocument();
  });

  it("lists the department's users with email, role, manager and status, each with Edit", async () => {
    setup(idOf('PROC'));
    const table = await screen.findByRole('table', { name: /^Users of / });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const omar = row('Omar Haddad');
    expect(omar).toHaveTextContent('omar.haddad@acme.test');
    expect(omar).toHaveTextContent('User');
    expect(omar).toHaveTextContent('Marcus Reed');
    expect(omar).toHaveTextContent('Active');
    expect(within(omar).getByRole('link', { name: 'Edit Omar Haddad' })).toHaveAttribute(
      'href',
      `/admin/users/${directoryPeople.omar.id}`,
    );
    expect(row('Ravi Iyer')).toHaveTextContent('Procurement Officer');
    expect(row('Marcus Reed')).toHaveTextContent('Grace Liu');
    expect(screen.getByRole('heading', { level: 2, name: /Users/ })).toHaveTextContent('3');
  });

  it('flags an inactive member as Inactive', async () => {
    setup(idOf('IT'));
    await screen.findByRole('table', { name: /^Users of / });
    expect(row('Tom Becker')).toHaveTextContent('Inactive');
    expect(row('Daniel Kim')).toHaveTextContent('Active');
  });

  it('hides Edit from someone who may not edit users', async () => {
    setup(idOf('PROC'), [meHandler(settingsOnlyUser())]);
    await screen.findByRole('table', { name: /^Users of / });
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: /Omar Haddad/ })).toBeInTheDocument();
  });

  it('links back to the departments from its breadcrumb', async () => {
    setup(idOf('PROC'));
    await screen.findByRole('heading', { level: 1, name: 'Procurement' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Departments' })).toHaveAttribute(
      'href',
      '/admin/departments',
    );
    expect(within(trail).getByText('Procurement')).toHaveAttribute('aria-current', 'page');
  });

  it('says when no one is assigned to the department', async () => {
    setup(idOf('MKT'));
    expect(
      await screen.findByRole('heading', { name: 'No users are assigned to this department yet.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it("says 'Department not found.' for a missing department, with a way back", async () => {
    const { user, navigate } = setup('00000000-0000-4000-8000-000000009999');
    expect(await screen.findByRole('heading', { name: 'Department not found.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Departments' }));
    expect(navigate).toHaveBeenCalledWith('/admin/departments');
  });

  it('says the users failed to load, with Retry, while still showing the department', async () => {
    const { user } = setup(idOf('PROC'), [departmentUsersFailureHandler()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Failed to load the department's users. Please try again.",
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Procurement' })).toBeInTheDocument();
    server.use(...createDirectoryApi().handlers);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /^Users of / })).toBeInTheDocument();
  });
});
