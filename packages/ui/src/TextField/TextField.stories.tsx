import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './TextField';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Email', placeholder: 'you@company.com' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A plain labelled input. */
export const Default: Story = {};

/** With an error message. */
export const WithError: Story = {
  args: { error: 'Please enter a valid email address', defaultValue: 'uma@' },
};

/** A password input with its visibility toggle. */
export const Password: Story = {
  args: { label: 'Password', type: 'password', placeholder: 'Your password' },
};

/** Disabled while a form submits. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 'uma@acme.test' } };
