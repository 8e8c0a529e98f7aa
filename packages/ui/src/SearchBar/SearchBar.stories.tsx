import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { FilterDefinition, FilterValues } from '../FilterPanel';
import { SearchBar } from './SearchBar';

const filters: FilterDefinition[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'sent', label: 'Sent' },
      { value: 'received', label: 'Received' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  },
  { key: 'delivery_from', label: 'Delivery from', type: 'date' },
  { key: 'po_number', label: 'PO number', type: 'text' },
];

const meta = {
  title: 'UI/SearchBar',
  component: SearchBar,
  args: {
    label: 'Search purchase orders',
    placeholder: 'Search by PO number or vendor',
    filters,
    values: {},
    onChange: fn(),
    onSearchChange: fn(),
  },
  render: (args) => {
    const [values, setValues] = useState<FilterValues>(args.values ?? {});
    return (
      <SearchBar
        {...args}
        values={values}
        onChange={(next) => {
          args.onChange?.(next);
          setValues(next);
        }}
      />
    );
  },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof SearchBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The search input with the panel collapsed. */
export const Default: Story = {};

/** Two filters applied: the toggle shows the count. */
export const WithActiveFilters: Story = { args: { values: { status: 'sent', po_number: 'PO-2025' } } };

/** The panel expanded by the toggle. */
export const Expanded: Story = {
  args: { values: { status: 'draft' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Filters 1 active' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: 'Filters' })).toBeVisible();
  },
};

/** A search input alone, without filters. */
export const SearchOnly: Story = { args: { filters: [] } };
