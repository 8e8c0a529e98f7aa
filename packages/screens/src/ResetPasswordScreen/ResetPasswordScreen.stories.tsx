import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createPasswordApi, passwordTokens } from '../test/departmentHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { ResetPasswordScreen } from './ResetPasswordScreen';

const meta = {
  title: 'Screens/ResetPasswordScreen',
  component: ResetPasswordScreen,
  args: { token: passwordTokens.valid },
  parameters: { layout: 'fullscreen', msw: { handlers: [...createPasswordApi().handlers, ...handlers] } },
  render: (args) => (
    <StoryProviders>
      <ResetPasswordScreen {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof ResetPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form with the password rules. */
export const Default: Story = {};

/** A password breaking the rules and a confirmation that does not match. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('New password', { selector: 'input' }), 'sunshine');
    await userEvent.type(canvas.getByLabelText('Confirm new password', { selector: 'input' }), 'sunshin');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset Password' }));
    await expect(await canvas.findByText('Passwords do not match')).toBeInTheDocument();
  },
};

/** The link has expired: said when the screen opens, with a way to ask for a new one. */
export const ExpiredLink: Story = {
  args: { token: passwordTokens.expired },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    await expect(canvas.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  },
};

/** The link carried no token. */
export const MissingToken: Story = { args: { token: '' } };
