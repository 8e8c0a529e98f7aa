import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import {
  createAdminApi,
  createUserErrorHandler,
  departmentListErrorHandler,
  roleListErrorHandler,
} from '../test/adminHandlers';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { CreateUserScreen } from './CreateUserScreen';

type StoryArgs = { navigate: Navigation['navigate'] };

/** A fresh in-memory organisation per story. */
const adminHandlers = () => [...createAdminApi().handlers, ...handlers];

const meta = {
  title: 'Screens/CreateUserScreen',
  component: CreateUserScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: adminHandlers() } },
  render: ({ navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <CreateUserScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: the invitation on, the preview waiting for a name. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('form', { name: 'Create user' })).toBeVisible();
  },
};

/** Filled in: the preview shows the new user with role, department, manager and login method. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('form', { name: 'Create user' });
    await userEvent.type(canvas.getByRole('textbox', { name: /First Name/ }), 'Nina');
    await userEvent.type(canvas.getByRole('textbox', { name: /Last Name/ }), 'Shaw');
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'nina.shaw@acme.test');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await page.findByRole('option', { name: 'Finance Manager' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await page.findByRole('option', { name: 'Finance (FIN)' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Manager' }));
    await userEvent.click(await page.findByRole('option', { name: 'Sophia Turner (General Manager)' }));
    await expect(canvas.getByRole('group', { name: 'Role details: Finance Manager' })).toBeVisible();
  },
};

/** Create pressed on an empty form: the specification's messages. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Create user' });
    await userEvent.type(canvas.getByLabelText('Password'), 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Create User' }));
    await expect(await canvas.findByText('Role is required')).toBeVisible();
  },
};

/** The server refused the user (an email already a member): its message on the field and in a toast. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        createUserErrorHandler(409, 'A user with this email is already a member of this organization', [
          { field: 'email', message: 'A user with this email is already a member of this organization' },
        ]),
        ...adminHandlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('form', { name: 'Create user' });
    await userEvent.type(canvas.getByRole('textbox', { name: /First Name/ }), 'Fiona');
    await userEvent.type(canvas.getByRole('textbox', { name: /Last Name/ }), 'Chen');
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'finance@acme.test');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await page.findByRole('option', { name: 'User' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create User' }));
    await expect((await page.findAllByText(/already a member/)).length).toBeGreaterThan(0);
  },
};

/** Roles and departments failed to load: their choices are simply empty (document 2 §7). */
export const ListsFailed: Story = {
  parameters: {
    msw: { handlers: [roleListErrorHandler(), departmentListErrorHandler(), ...adminHandlers()] },
  },
};

/** No organisation is chosen. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...adminHandlers()] } },
};

/** A plain user, without `user.create`. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...adminHandlers()] } },
};
