import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { type FilterDefinition, FilterPanel, type FilterValues } from './FilterPanel';

const filters: FilterDefinition[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    placeholder: 'Any status',
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'sent', label: 'Sent' },
      { value: 'received', label: 'Received' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
  },
  {
    key: 'vendor_ids',
    label: 'Vendors',
    type: 'multiselect',
    placeholder: 'Any vendor',
    options: [
      { value: 'v1', label: 'Acme Supplies' },
      { value: 'v2', label: 'Bolt Hardware' },
      { value: 'v3', label: 'Contoso Stationery' },
    ],
  },
  { key: 'created_from', label: 'Created from', type: 'date' },
  { key: 'min_total', label: 'Minimum total', type: 'number', placeholder: '0.00' },
  { key: 'po_number', label: 'PO number', type: 'text', placeholder: 'PO-' },
];

/** A FilterPanel.Root holding its values in state, as a caller would. */
function Stateful(props: {
  filters?: FilterDefinition[];
  initial?: FilterValues;
  onChange?: (v: FilterValues) => void;
}) {
  const [values, setValues] = useState<FilterValues>(props.initial ?? {});
  return (
    <FilterPanel.Root
      filters={props.filters}
      values={values}
      onChange={(next) => {
        props.onChange?.(next);
        setValues(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/FilterPanel',
  component: FilterPanel.Root,
  args: { filters, values: {}, onChange: fn() },
  render: (args) => <Stateful filters={args.filters} initial={args.values} onChange={args.onChange} />,
} satisfies Meta<typeof FilterPanel.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every field type, nothing applied ('Clear All' disabled). */
export const Default: Story = {};

/** Some filters applied. */
export const WithValues: Story = {
  args: {
    values: {
      status: 'sent',
      vendor_ids: ['v1', 'v3'],
      created_from: '2025-03-01',
      min_total: 500,
      po_number: 'PO-2025',
    },
  },
};

/** Built from FilterPanel.Field children instead of definitions. */
export const CompoundFields: Story = {
  render: (args) => {
    const [values, setValues] = useState<FilterValues>({});
    return (
      <FilterPanel.Root
        values={values}
        onChange={(next) => {
          args.onChange(next);
          setValues(next);
        }}
      >
        <FilterPanel.Field filter={{ key: 'keyword', label: 'Keyword', type: 'text' }} />
        <FilterPanel.Field filter={{ key: 'due', label: 'Due by', type: 'date' }} />
      </FilterPanel.Root>
    );
  },
};
