import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NumberInput } from './NumberInput';

const meta = {
  title: 'UI/NumberInput',
  component: NumberInput,
  args: { label: 'Quantity', min: 1, max: 100, defaultValue: 1, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 240 }}>{Story()}</div>],
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Whole units from 1 to 100. */
export const Default: Story = {};

/** Empty, with a placeholder. */
export const Empty: Story = { args: { defaultValue: null, placeholder: '0' } };

/** At its maximum: the increase button is disabled. */
export const AtMaximum: Story = { args: { defaultValue: 100 } };

/** At its minimum: the decrease button is disabled. */
export const AtMinimum: Story = { args: { defaultValue: 1 } };

/** Decimal steps. */
export const DecimalStep: Story = {
  args: { label: 'Discount rate', min: 0, max: 1, step: 0.05, defaultValue: 0.1 },
};

/** With help text. */
export const WithHint: Story = { args: { hint: 'Between 1 and 100' } };

/** With an error message. */
export const WithError: Story = {
  args: { error: 'Quantity is required', defaultValue: null, required: true },
};

/** Disabled. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 5 } };
