import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DashboardScreen } from '../DashboardScreen';
import type { Navigation } from '../PurchasingProvider';
import { globex, handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { AppShell, type AppShellProps, SIDEBAR_COLLAPSED_KEY } from './AppShell';

type StoryArgs = AppShellProps & { navigate: Navigation['navigate']; organizationId?: string };

const meta = {
  title: 'Screens/AppShell',
  component: AppShell,
  args: { currentPath: '/dashboard', navigate: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers } },
  beforeEach: () => {
    window.localStorage.removeItem(SIDEBAR_COLLAPSED_KEY);
  },
  render: ({ navigate, organizationId, ...args }) => (
    <StoryProviders signedIn navigate={navigate} organizationId={organizationId}>
      <AppShell {...args}>
        <DashboardScreen />
      </AppShell>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Alex Morgan, Admin of ACME: all ten items, with the dashboard inside. */
export const Default: Story = {};

/** Collapsed to icons. */
export const Collapsed: Story = {
  beforeEach: () => {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
  },
};

/** A plain user: no Users or Departments. */
export const PlainUser: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...handlers] } },
};

/** The same admin working in GLOBEX, where the role is Finance Manager. */
export const FinanceManagerInGlobex: Story = {
  args: { organizationId: globex.id, currentPath: '/approvals' },
};

/** A user without organisations. */
export const NoOrganizations: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...handlers] } },
};

/** On a phone (390 px): no sidebar beside the screen, a menu button in the header. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(canvas.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};

/** The phone menu open: the sidebar's content in a panel over a scrim. */
export const PhoneMenuOpen: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Open menu' }));
    // The dialog is portalled to the body, outside the story's canvas.
    const dialog = await screen.findByRole('dialog', { name: 'Purchasing' });
    // Once the panel has faded in.
    await waitFor(() => expect(within(dialog).getByRole('navigation', { name: 'Main' })).toBeVisible());
    await expect(within(dialog).getByRole('combobox', { name: 'Organization' })).toBeVisible();
    assertNoSidewaysScroll();
  },
};
