import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { DEMO_PASSWORD, handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { LoginScreen, type LoginScreenProps } from './LoginScreen';

type StoryArgs = LoginScreenProps & { navigate: Navigation['navigate'] };

const meta = {
  title: 'Screens/LoginScreen',
  component: LoginScreen,
  args: { navigate: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers } },
  render: ({ navigate, ...args }) => (
    <StoryProviders navigate={navigate}>
      <LoginScreen {...args} />
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty sign-in form. */
export const Default: Story = {};

/** Submitting an empty form shows the validation messages. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(await canvas.findByText('Please enter a valid email address')).toBeInTheDocument();
    await expect(canvas.getByText('Password is required')).toBeInTheDocument();
  },
};

/** A wrong password: the server's message appears as a toast. */
export const InvalidCredentials: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  },
};

/** Signing in with the demo password. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'admin@acme.test');
    await userEvent.type(canvas.getByLabelText('Password', { selector: 'input' }), DEMO_PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  },
};
