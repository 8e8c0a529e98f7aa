import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createPasswordApi, forgotPasswordThrottledHandler } from '../test/departmentHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

const api = () => createPasswordApi().handlers;

const meta = {
  title: 'Screens/ForgotPasswordScreen',
  component: ForgotPasswordScreen,
  parameters: { layout: 'fullscreen', msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders>
      <ForgotPasswordScreen />
    </StoryProviders>
  ),
} satisfies Meta<typeof ForgotPasswordScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form. */
export const Default: Story = {};

/** An address that is not one. */
export const ValidationError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'alex@');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await canvas.findByText('Please enter a valid email address')).toBeInTheDocument();
  },
};

/** After sending: the same confirmation whatever the address. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'alex.morgan@acme.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await canvas.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  },
};

/** Too many requests: the server's message. */
export const Throttled: Story = {
  parameters: { msw: { handlers: [forgotPasswordThrottledHandler(), ...api(), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'alex.morgan@acme.test');
    await userEvent.click(canvas.getByRole('button', { name: 'Send Reset Link' }));
    await expect(await canvas.findByRole('alert')).toBeInTheDocument();
  },
};
