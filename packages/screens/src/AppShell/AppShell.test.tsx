import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globex, http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { asPhone } from '../test/viewport';
import { AppShell, PROGRAM_TITLE, SIDEBAR_COLLAPSED_KEY } from './AppShell';
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

/** The shell on a path that changes as a host router's would, without a link (the back button). */
function Routed({ onRouter }: { onRouter(setPath: (path: string) => void): void }) {
  const [path, setPath] = useState('/dashboard');
  onRouter(setPath);
  return (
    <AppShell currentPath={path}>
      <p>Screen content</p>
    </AppShell>
  );
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
      'Out of Office',
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
    expect(sidebarItems.find((item) => item.id === 'reports')?.permission).toBe('report.view');
  });
});

describe('AppShell', () => {
  it('shows every item in order to an admin of the current organisation', async () => {
    await renderShell();
    await waitFor(() => expect(navLinks()).toHaveLength(13));
    expect(navLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Requisitions', '/requisitions'],
      ['Approvals', '/approvals'],
      ['Out of Office', '/out-of-office'],
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
    await waitFor(() => expect(navLinks()).toHaveLength(6));
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
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
    expect(navLinks()).toHaveLength(10);
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

  it('shows the program title in the header, never the screen’s name: the screen names itself once (issue 19, item 12)', async () => {
    await renderShell('/requisitions/abc/edit');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Purchasing Platform')).toBeInTheDocument();
    expect(within(header).queryByRole('heading')).not.toBeInTheDocument();
    expect(within(header).queryByText('Requisitions')).not.toBeInTheDocument();
  });

  it('highlights the item of the current path, also below it', async () => {
    await renderShell('/requisitions/abc/edit');
    const active = await screen.findByRole('link', { name: 'Requisitions' });
    expect(active).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
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
    // The organisation is a menu button instead of the select (see below).
    expect(screen.queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
    unmount();

    await renderShell();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
    expect(screen.getByRole('complementary', { name: 'Sidebar' }).style.width).toBe('256px');
  });

  it('keeps the organisation selector reachable when collapsed to icons: a menu naming the current one', async () => {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    const { user, store } = await renderShell();
    const button = await screen.findByRole('button', { name: 'Organization: Acme Corporation' });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Acme Corporation' })).toBeChecked();
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Globex Industries' }));
    await waitFor(() => expect(store.getOrganizationId()).toBe(globex.id));
    expect(
      await screen.findByRole('button', { name: 'Organization: Globex Industries' }),
    ).toBeInTheDocument();
  });

  describe('on a phone', () => {
    let phone: ReturnType<typeof asPhone>;
    beforeEach(() => {
      phone = asPhone();
    });
    afterEach(() => phone.restore());

    const menuButton = () => screen.getByRole('button', { name: 'Open menu' });

    it('has no sidebar beside the content but a menu button in the header, and remembers nothing', async () => {
      await renderShell();
      expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Open menu' })).toBe(
        menuButton(),
      );
      expect(within(screen.getByRole('banner')).getByText(PROGRAM_TITLE)).toBeInTheDocument();
      expect(window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBeNull();
    });

    it('opens the navigation, the organisation selector and Sign out in a dialog; Escape closes it', async () => {
      const { user } = await renderShell('/requisitions');
      await user.click(menuButton());
      const dialog = await screen.findByRole('dialog', { name: 'Purchasing' });
      const nav = within(dialog).getByRole('navigation', { name: 'Main' });
      expect(within(nav).getAllByRole('link')).toHaveLength(13);
      expect(within(nav).getByRole('link', { name: 'Requisitions' })).toHaveAttribute('aria-current', 'page');
      await waitFor(() =>
        expect(within(dialog).getByRole('combobox', { name: 'Organization' })).toHaveTextContent(
          'Acme Corporation',
        ),
      );
      expect(within(dialog).getByText('Alex Morgan')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(menuButton()).toHaveFocus();
    });

    it('keeps the focus inside the open menu', async () => {
      const { user } = await renderShell();
      await user.click(menuButton());
      const dialog = await screen.findByRole('dialog', { name: 'Purchasing' });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      for (let stop = 0; stop < 20; stop += 1) {
        await user.tab();
        expect(dialog).toContainElement(document.activeElement as HTMLElement);
      }
      // The content behind it is out of reach of assistive technology.
      expect(screen.queryByRole('main', { name: 'Content' })).not.toBeInTheDocument();
    });

    it('closes when a link navigates', async () => {
      const { user, navigate } = await renderShell();
      await user.click(menuButton());
      const dialog = await screen.findByRole('dialog', { name: 'Purchasing' });
      await user.click(within(dialog).getByRole('link', { name: 'Approvals' }));
      expect(navigate).toHaveBeenCalledWith('/approvals', undefined);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("closes when the path changes otherwise (the browser's back button)", async () => {
      let goTo: (path: string) => void = () => {};
      const { user } = renderScreen(<Routed onRouter={(setPath) => (goTo = setPath)} />, { signedIn: true });
      await user.click(await screen.findByRole('button', { name: 'Open menu' }));
      await screen.findByRole('dialog', { name: 'Purchasing' });
      act(() => goTo('/approvals'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('closes on a click on the scrim beside the panel', async () => {
      const { user } = await renderShell();
      await user.click(menuButton());
      const dialog = await screen.findByRole('dialog', { name: 'Purchasing' });
      const scrim = dialog.closest('.rt-BaseDialogOverlay');
      expect(scrim).not.toBeNull();
      await user.click(scrim as HTMLElement);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('shows the sidebar again, and closes the menu, when the screen widens', async () => {
      const { user } = await renderShell();
      await user.click(menuButton());
      await screen.findByRole('dialog', { name: 'Purchasing' });
      phone.widen();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    });
  });

  it('shows the user, a labelled notifications bell and the current organisation', async () => {
    await renderShell();
    expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
    expect(screen.getByText('admin@acme.test')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, no unread' })).toBeInTheDocument();
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
