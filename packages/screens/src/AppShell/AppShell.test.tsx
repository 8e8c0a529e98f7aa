import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { globex, http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { AppShell, NARROW_SCREEN_QUERY, SIDEBAR_COLLAPSED_KEY } from './AppShell';
import { sidebarItems } from './sidebarItems';

async function renderShell(
  path = '/dashboard',
  options: { organizationId?: string; waitForOrganization?: boolean } = {},
) {
  const result = renderScreen(
    <AppShell currentPath={path}>
      <p>Screen content</p>
    </AppShell>,
    { signedIn: true, organizationId: options.organizationId },
  );
  // Signed in, with the organisations loaded, once an organisation is chosen.
  if (options.waitForOrganization ?? true) {
    await waitFor(() => expect(result.store.getOrganizationId()).not.toBeNull());
  }
  return result;
}

function navLinks() {
  return within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
}

describe('sidebarItems', () => {
  it('lists the ten items of the specification in order with their paths', () => {
    expect(sidebarItems.map((item) => item.label)).toEqual([
      'Dashboard',
      'Requisitions',
      'Approvals',
      'Purchase Orders',
      'Vendors',
      'Products',
      'Users',
      'Departments',
      'Exchange Rates',
      'Roles',
      'Budgets',
      'Reports',
      'Settings',
    ]);
    expect(sidebarItems.find((item) => item.id === 'users')?.permission).toBe('user.edit');
    expect(sidebarItems.find((item) => item.id === 'departments')?.permission).toBe('org.settings');
    expect(sidebarItems.find((item) => item.id === 'roles')?.permission).toBe('role.manage');
    expect(sidebarItems.find((item) => item.id === 'budgets')?.permission).toBe('budget.view');
  });
});

describe('AppShell', () => {
  it('shows every item in order to an admin of the current organisation', async () => {
    await renderShell();
    await waitFor(() => expect(navLinks()).toHaveLength(12));
    expect(navLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Requisitions', '/requisitions'],
      ['Approvals', '/approvals'],
      ['Purchase Orders', '/purchase-orders'],
      ['Vendors', '/vendors'],
      ['Products', '/products'],
      ['Users', '/admin/users'],
      ['Departments', '/admin/departments'],
      ['Exchange Rates', '/admin/exchange-rates'],
      ['Budgets', '/budgets'],
      ['Reports', '/reports'],
      ['Settings', '/settings'],
    ]);
  });

  it('offers a plain user nothing they cannot use: no Users, Departments or Approvals', async () => {
    server.use(meHandler(plainUser));
    await renderShell();
    await screen.findByText('Uma Patel');
    await waitFor(() => expect(navLinks()).toHaveLength(7));
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Departments' })).not.toBeInTheDocument();
    // Without approval.act the queue would answer 403 (issue 19, item 1).
    expect(screen.queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase Orders' })).toBeInTheDocument();
  });

  it("filters by the current organisation's role: the admin of ACME is a Finance Manager in GLOBEX", async () => {
    await renderShell('/dashboard', { organizationId: globex.id });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveTextContent('Globex'),
    );
    expect(navLinks()).toHaveLength(9);
    expect(screen.getByRole('link', { name: 'Budgets' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('offers Skip to content as the first Tab stop, which moves the focus to the content', async () => {
    const { user } = await renderShell();
    await screen.findByText('Screen content');
    await user.tab();
    const skip = screen.getByRole('button', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main', { name: 'Content' })).toHaveFocus();
  });

  it('highlights the item of the current path, also below it, and titles the page with it', async () => {
    await renderShell('/requisitions/abc/edit');
    const active = await screen.findByRole('link', { name: 'Requisitions' });
    expect(active).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeInTheDocument();
    expect(screen.getByText('Screen content')).toBeInTheDocument();
  });

  it('navigates in-app on a plain click and leaves ctrl-click and middle-click to the browser', async () => {
    const { navigate } = await renderShell();
    const approvals = await screen.findByRole('link', { name: 'Approvals' });
    fireEvent.click(approvals, { ctrlKey: true });
    fireEvent.click(approvals, { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(approvals);
    expect(navigate).toHaveBeenCalledWith('/approvals', undefined);
  });

  it('collapses to icons with a labelled toggle and remembers the choice', async () => {
    const { user, unmount } = await renderShell();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Narrow, icons only; each link keeps its name for assistive technology.
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).style.width).toBe('68px');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Alex Morgan')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
    unmount();

    await renderShell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).style.width).toBe('256px');
  });

  it('starts as icons on a narrow screen and opens over the content without remembering it', async () => {
    const wide = window.matchMedia;
    // jsdom has no layout: answer the narrow-screen media query as a phone would.
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query === NARROW_SCREEN_QUERY });
    try {
      const { user } = await renderShell();
      const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
      expect(sidebar.style.width).toBe('68px');
      await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
      expect(sidebar.style.width).toBe('256px');
      expect(sidebar.style.position).toBe('fixed');
      expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('shows the user, a labelled notifications bell and the current organisation', async () => {
    await renderShell();
    expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
    expect(screen.getByText('admin@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications (unread)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveTextContent('Acme Corporation'),
    );
  });

  it('switches organisation from the selector', async () => {
    const { user, store } = await renderShell();
    const select = await screen.findByRole('combobox', { name: 'Organization' });
    await waitFor(() => expect(select).toHaveTextContent('Acme Corporation'));
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Globex Industries' }));
    await waitFor(() => expect(select).toHaveTextContent('Globex Industries'));
    expect(store.getOrganizationId()).toBe(globex.id);
  });

  it("shows 'No organizations' when the user has none", async () => {
    server.use(organizationsHandler([]));
    await renderShell('/dashboard', { waitForOrganization: false });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Organization' })).toHaveTextContent('No organizations'),
    );
  });

  it("shows 'Loading...' in the selector while the organisations load", async () => {
    server.use(
      http.get('/organizations', async ({ response }) => {
        await delay('infinite');
        return response(200).json({ organizations: [] });
      }),
    );
    await renderShell('/dashboard', { waitForOrganization: false });
    await screen.findByText('Alex Morgan');
    const select = screen.getByRole('combobox', { name: 'Organization' });
    expect(select).toHaveTextContent('Loading...');
    expect(select).toBeDisabled();
  });

  it('signs out and goes to the login page', async () => {
    const { user, navigate, store } = await renderShell();
    await screen.findByText('Alex Morgan');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));
    expect(store.getAccessToken()).toBeNull();
  });
});
