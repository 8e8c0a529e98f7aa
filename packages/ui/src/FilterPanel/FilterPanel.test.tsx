import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadDatePicker } from '../DatePicker';
import { countActiveFilters, type FilterDefinition, FilterPanel, type FilterValues } from './FilterPanel';

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
  {
    key: 'vendors',
    label: 'Vendors',
    type: 'multiselect',
    options: [
      { value: 'v1', label: 'Acme Supplies' },
      { value: 'v2', label: 'Bolt Hardware' },
    ],
  },
  { key: 'from', label: 'Created from', type: 'date' },
  { key: 'min_total', label: 'Minimum total', type: 'number', placeholder: '0.00' },
  { key: 'po_number', label: 'PO number', type: 'text', placeholder: 'PO-' },
];

function Stateful({ initial = {}, spy }: { initial?: FilterValues; spy?: (v: FilterValues) => void }) {
  const [values, setValues] = useState<FilterValues>(initial);
  return (
    <FilterPanel.Root
      filters={filters}
      values={values}
      onChange={(next) => {
        spy?.(next);
        setValues(next);
      }}
    />
  );
}

describe('FilterPanel', () => {
  // The date field loads the date picker's code on first use (a lazy chunk in the app). Fetched once
  // here so that transforming it in the test runner does not outlast a findBy query's wait; each field
  // still renders through the lazy boundary.
  beforeAll(() => preloadDatePicker());

  it('renders a labelled field for each filter type inside a Filters region', async () => {
    render(<FilterPanel.Root filters={filters} values={{}} onChange={() => {}} />);
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Vendors' })).toBeInTheDocument();
    // The date field loads its code on first render.
    expect(await screen.findByRole('textbox', { name: 'Created from' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Minimum total' })).toHaveAttribute('placeholder', '0.00');
    expect(screen.getByRole('textbox', { name: 'PO number' })).toHaveAttribute('placeholder', 'PO-');
  });

  it('renders its date fields only once it is first shown (their code loads then)', async () => {
    const { rerender } = render(
      <FilterPanel.Root filters={filters} values={{}} onChange={() => {}} hidden />,
    );
    // Hidden and never shown: the date field keeps its placeholder, even after the module could load.
    await preloadDatePicker();
    expect(screen.queryByRole('textbox', { name: 'Created from', hidden: true })).toBeNull();
    rerender(<FilterPanel.Root filters={filters} values={{}} onChange={() => {}} />);
    expect(await screen.findByRole('textbox', { name: 'Created from' })).toBeInTheDocument();
    // Hidden again: the field stays (its value and focus are kept).
    rerender(<FilterPanel.Root filters={filters} values={{}} onChange={() => {}} hidden />);
    expect(screen.getByRole('textbox', { name: 'Created from', hidden: true })).toBeInTheDocument();
  });

  it('shows the values it is given', async () => {
    render(
      <FilterPanel.Root
        filters={filters}
        values={{
          status: 'sent',
          vendors: ['v1', 'v2'],
          from: '2025-03-01',
          min_total: 100,
          po_number: 'PO-7',
        }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Sent');
    expect(screen.getByRole('combobox', { name: 'Vendors' })).toHaveTextContent(
      'Acme Supplies, Bolt Hardware',
    );
    expect(await screen.findByRole('textbox', { name: 'Created from' })).toHaveValue('1 Mar 2025');
    expect(screen.getByRole('spinbutton', { name: 'Minimum total' })).toHaveValue(100);
    expect(screen.getByRole('textbox', { name: 'PO number' })).toHaveValue('PO-7');
  });

  it('reports the whole values record when a select filter changes', async () => {
    const spy = vi.fn();
    render(<Stateful initial={{ po_number: 'PO-7' }} spy={spy} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Draft' }));
    expect(spy).toHaveBeenLastCalledWith({ po_number: 'PO-7', status: 'draft' });
  });

  it('reports multiselect values as a list and date values as yyyy-MM-dd', async () => {
    const spy = vi.fn();
    render(<Stateful spy={spy} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Vendors' }));
    await userEvent.click(screen.getByRole('option', { name: 'Bolt Hardware' }));
    expect(spy).toHaveBeenLastCalledWith({ vendors: ['v2'] });
    await userEvent.keyboard('{Escape}');
    // The date field loads its code on first render.
    await userEvent.type(await screen.findByRole('textbox', { name: 'Created from' }), '2025-03-01{Enter}');
    expect(spy).toHaveBeenLastCalledWith({ vendors: ['v2'], from: '2025-03-01' });
  });

  it('reports a number filter as a number and drops it when emptied', async () => {
    const spy = vi.fn();
    render(<Stateful spy={spy} />);
    const input = screen.getByRole('spinbutton', { name: 'Minimum total' });
    await userEvent.type(input, '250');
    expect(spy).toHaveBeenLastCalledWith({ min_total: 250 });
    await userEvent.clear(input);
    expect(spy).toHaveBeenLastCalledWith({});
  });

  it('removes a text filter from the values when it is emptied', async () => {
    const spy = vi.fn();
    render(<Stateful initial={{ po_number: 'P' }} spy={spy} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'PO number' }));
    expect(spy).toHaveBeenLastCalledWith({});
  });

  it("clears every filter with 'Clear All'", async () => {
    const spy = vi.fn();
    render(<Stateful initial={{ status: 'sent', vendors: ['v1'], po_number: 'PO-7' }} spy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(spy).toHaveBeenLastCalledWith({});
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Select...');
    expect(screen.getByRole('textbox', { name: 'PO number' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('renders FilterPanel.Field children bound to the same values', async () => {
    const onChange = vi.fn();
    render(
      <FilterPanel.Root values={{ q: 'steel' }} onChange={onChange}>
        <FilterPanel.Field filter={{ key: 'q', label: 'Keyword', type: 'text' }} />
      </FilterPanel.Root>,
    );
    const input = screen.getByRole('textbox', { name: 'Keyword' });
    expect(input).toHaveValue('steel');
    await userEvent.type(input, 's');
    expect(onChange).toHaveBeenLastCalledWith({ q: 'steels' });
  });

  it('refuses a FilterPanel.Field outside FilterPanel.Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FilterPanel.Field filter={{ key: 'q', label: 'Keyword', type: 'text' }} />)).toThrow(
      'FilterPanel.Field must be used inside FilterPanel.Root',
    );
    vi.restoreAllMocks();
  });

  it('counts only applied filters as active', () => {
    expect(
      countActiveFilters({ a: 'x', b: '', c: [], d: ['v'], e: null, f: undefined, g: 0, h: Number.NaN }),
    ).toBe(3);
  });
});
