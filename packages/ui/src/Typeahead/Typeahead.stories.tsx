import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Typeahead } from './Typeahead';

interface Vendor {
  id: string;
  label: string;
}

const vendors: Vendor[] = [
  { id: 'v1', label: 'Acme Supplies' },
  { id: 'v2', label: 'Acme Office Furniture' },
  { id: 'v3', label: 'Bolt Hardware' },
  { id: 'v4', label: 'Contoso Stationery' },
];

const searchVendors = async (text: string): Promise<Vendor[]> => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return vendors.filter((v) => v.label.toLowerCase().includes(text.toLowerCase()));
};

const meta = {
  title: 'UI/Typeahead',
  component: Typeahead<Vendor>,
  args: {
    label: 'Vendor',
    placeholder: 'Type a vendor name',
    onSearch: searchVendors,
    onSelect: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360, minHeight: 280 }}>{Story()}</div>],
} satisfies Meta<typeof Typeahead<Vendor>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for the user to type. */
export const Default: Story = {};

/** Results for 'acme'. */
export const WithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Vendor' }), 'acme');
    await expect(
      await canvas.findByRole('listbox', { name: 'Vendor' }, { timeout: 2000 }),
    ).toBeInTheDocument();
  },
};

/** Waiting for an answer that never comes. */
export const Searching: Story = {
  args: { onSearch: () => new Promise<Vendor[]>(() => {}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Vendor' }), 'acme');
    await expect(await canvas.findByText('Searching...', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

/** A search that finds nothing. */
export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Vendor' }), 'zzz');
    await expect(await canvas.findByText('No results found', {}, { timeout: 2000 })).toBeInTheDocument();
  },
};

/** Searches only from three characters. */
export const MinLengthThree: Story = { args: { minLength: 3, hint: 'Type at least 3 characters' } };

/** With an error message. */
export const WithError: Story = { args: { error: 'Vendor is required' } };

/** Disabled. */
export const Disabled: Story = { args: { disabled: true } };
