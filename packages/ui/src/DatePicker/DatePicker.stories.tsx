import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DatePicker } from './DatePicker';

const meta = {
  title: 'UI/DatePicker',
  component: DatePicker,
  args: { label: 'Delivery date', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 420 }}>{Story()}</div>],
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An empty date field. */
export const Default: Story = {};

/** A chosen date, with its clear button. */
export const WithValue: Story = { args: { defaultValue: '2025-03-10' } };

/** The calendar open on the chosen month; weeks start on Sunday. */
export const Open: Story = {
  args: { defaultValue: '2025-03-10' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Choose Delivery date' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: 'Delivery date calendar' })).toBeInTheDocument();
  },
};

/** Days outside minDate and maxDate are disabled. */
export const WithMinAndMax: Story = {
  args: { defaultValue: '2025-03-10', minDate: '2025-03-05', maxDate: '2025-03-20' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Choose Delivery date' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('button', { name: /March 4, 2025/ })).toBeDisabled();
  },
};

/** A custom display format. */
export const CustomFormat: Story = { args: { defaultValue: '2025-03-10', displayFormat: 'dd/MM/yyyy' } };

/** With an error message. */
export const WithError: Story = {
  args: { defaultValue: '2020-01-01', error: 'Delivery date cannot be in the past' },
};

/** Disabled. */
export const Disabled: Story = { args: { defaultValue: '2025-03-10', disabled: true } };
