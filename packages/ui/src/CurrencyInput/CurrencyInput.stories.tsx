import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CurrencyInput } from './CurrencyInput';

const meta = {
  title: 'UI/CurrencyInput',
  component: CurrencyInput,
  args: { label: 'Unit price', onValueChange: fn(), onCurrencyChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof CurrencyInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty, in the default currency (AUD). */
export const Default: Story = {};

/** With an amount, formatted with grouping and two decimals. */
export const WithValue: Story = { args: { defaultValue: 1234.5 } };

/** Negative amounts allowed (a credit). */
export const Negative: Story = { args: { label: 'Adjustment', allowNegative: true, defaultValue: -25 } };

/** Bounded between 0 and 1,000: the steppers stop at the bounds. */
export const WithBounds: Story = { args: { min: 0, max: 1000, defaultValue: 1000, hint: 'Up to $1,000.00' } };

/** Japanese yen: no decimal places. */
export const Yen: Story = { args: { defaultCurrency: 'JPY', defaultValue: 15000 } };

/** With an error message tied to the input. */
export const WithError: Story = { args: { error: 'Unit price is required', required: true } };

/** Disabled, selector included. */
export const Disabled: Story = { args: { disabled: true, defaultValue: 99.95 } };

/** A fixed currency: the symbol is shown instead of the selector. */
export const WithoutCurrencySelect: Story = {
  args: { showCurrencySelect: false, defaultCurrency: 'EUR', defaultValue: 10 },
};
