import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import {
  adminPeople,
  createAdminApi,
  userDetailErrorHandler,
  userDetailLoadingHandler,
} from '../test/adminHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { EditUserScreen, type EditUserScreenProps } from './EditUserScreen';

type StoryArgs = EditUserScreenProps & { navigate: Navigation['navigate'] };

/** A fresh in-memory organisation per story. */
const adminHandlers = () => [...createAdminApi().handlers, ...handlers];

const meta = {
  title: 'Screens/EditUserScreen',
  component: EditUserScreen,
  args: { userId: adminPeople.tom.id, navigate: fn() },
  parameters: { msw: { handlers: adminHandlers() } },
  render: ({ navigate, ...props }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <EditUserScreen {...props} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tom Becker, prefilled; Save Changes waits for a change ('No changes detected'). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No changes detected')).toBeVisible();
  },
};

/** A new role and the account turned off: the overview shows current and new values, with the warning. */
export const Changed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await canvas.findByRole('form', { name: 'Edit Tom Becker' });
    await userEvent.click(canvas.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await page.findByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(page.queryByRole('listbox')).toBeNull());
    await userEvent.click(canvas.getByRole('switch', { name: 'Account Active' }));
    await expect(canvas.getByText(/will lose access/)).toBeVisible();
  },
};

/** An inactive member. */
export const InactiveUser: Story = { args: { userId: adminPeople.lena.id } };

/** Editing yourself: the Account Active toggle is locked. */
export const Yourself: Story = { args: { userId: adminPeople.alex.id } };

/** Reset Password asks first. */
export const ResetPasswordConfirmation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('form', { name: 'Edit Tom Becker' });
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Reset password',
    });
    // Visible once its opening animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** While the user loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [userDetailLoadingHandler(), ...adminHandlers()] } },
};

/** The user failed to load: Error Loading User with Retry. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [userDetailErrorHandler(500), ...adminHandlers()] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Error Loading User')).toBeVisible();
  },
};

/** Not a member of the organisation. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [userDetailErrorHandler(404), ...adminHandlers()] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('User Not Found')).toBeVisible();
  },
};

/** The address does not hold a user id. */
export const InvalidId: Story = { args: { userId: 'not-a-user' } };
