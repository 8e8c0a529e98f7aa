import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppShell } from '../AppShell';
import {
  createDirectoryApi,
  roleListFailureHandler,
  roleListPendingHandler,
  superAdminUser,
} from '../test/departmentHandlers';
import { handlers, meHandler } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { RolesScreen } from './RolesScreen';

const api = () => createDirectoryApi().handlers;
const asSuperAdmin = meHandler(superAdminUser);

const meta = {
  title: 'Screens/RolesScreen',
  component: RolesScreen,
  parameters: { msw: { handlers: [asSuperAdmin, ...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <RolesScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof RolesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The roles and the permission matrix, for a Super Admin (who holds role.manage). */
export const Default: Story = {};

/** Inside the application shell, as the host shows it (with the Roles item in the sidebar). */
export const InAppShell: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StoryProviders signedIn>
      <AppShell currentPath="/admin/roles">
        <RolesScreen />
      </AppShell>
    </StoryProviders>
  ),
};

/** An Admin without role.manage: everything is read-only. */
export const ReadOnly: Story = { parameters: { msw: { handlers: [...api(), ...handlers] } } };

/** While the roles load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [asSuperAdmin, roleListPendingHandler(), ...api(), ...handlers] } },
};

/** The roles failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [asSuperAdmin, roleListFailureHandler(), ...api(), ...handlers] } },
};

/** Add Role, starting from another role's permissions. */
export const AddRoleDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Role' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Add Role' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Buyer');
    await expect(within(dialog).getByRole('combobox', { name: 'Copy permissions from' })).toBeInTheDocument();
  },
};

/** Ticking a box grants the permission at once. */
export const GrantPermission: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = await canvas.findByRole('checkbox', { name: 'vendor.manage for Auditor' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
  },
};
