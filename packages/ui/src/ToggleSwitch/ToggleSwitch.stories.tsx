import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ToggleSwitch } from './ToggleSwitch';

const meta = {
  title: 'UI/ToggleSwitch',
  component: ToggleSwitch,
  args: { label: 'Send invitation email', onCheckedChange: fn() },
} satisfies Meta<typeof ToggleSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Off. */
export const Default: Story = {};

/** On. */
export const Checked: Story = { args: { defaultChecked: true } };

/** With a description under the label. */
export const WithDescription: Story = {
  args: {
    label: 'Account Active',
    description: 'An inactive user cannot access the system.',
    defaultChecked: true,
  },
};

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
