import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
    ],
  },
  { key: 'po_number', label: 'PO number', type: 'text' },
];

function Stateful({ initial = {} }: { initial?: FilterValues }) {
  const [values, setValues] = useState<FilterValues>(initial);
  return <SearchBar filters={filters} values={values} onChange={setValues} />;
}

describe('SearchBar', () => {
  it('reports the text typed into its labelled search input', async () => {
    const onSearchChange = vi.fn();
    render(<SearchBar label="Search purchase orders" onSearchChange={onSearchChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search purchase orders' }), 'PO-1');
    expect(onSearchChange).toHaveBeenLastCalledWith('PO-1');
  });

  it('has no Filters toggle when there are no filters', () => {
    render(<SearchBar />);
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });

  it('expands and collapses the filter panel with the Filters toggle', async () => {
    render(<Stateful />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('shows the number of active filters on the toggle', async () => {
    render(<Stateful initial={{ status: 'sent' }} />);
    const toggle = screen.getByRole('button', { name: 'Filters 1 active' });
    await userEvent.click(toggle);
    await userEvent.type(screen.getByRole('textbox', { name: 'PO number' }), 'PO');
    expect(toggle).toHaveAccessibleName('Filters 2 active');
  });

  it("clears every filter with 'Clear All' and the count disappears", async () => {
    render(<Stateful initial={{ status: 'sent', po_number: 'PO-7' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters 2 active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'PO number' })).toHaveValue('');
  });
});
