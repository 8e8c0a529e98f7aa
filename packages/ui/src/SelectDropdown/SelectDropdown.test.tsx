import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectDropdown, type SelectOption } from './SelectDropdown';

const options: SelectOption[] = [
  { value: 'fin', label: 'Finance' },
  { value: 'ops', label: 'Operations' },
  { value: 'it', label: 'IT', disabled: true },
  { value: 'hr', label: 'Human Resources' },
];

function Controlled({ multiple = false }: { multiple?: boolean }) {
  const [single, setSingle] = useState<string | null>(null);
  const [many, setMany] = useState<string[]>([]);
  return multiple ? (
    <SelectDropdown label="Departments" options={options} multiple value={many} onChange={setMany} />
  ) : (
    <SelectDropdown label="Department" options={options} value={single} onChange={setSingle} />
  );
}

describe('SelectDropdown', () => {
  it('opens a labelled listbox from the labelled combobox and chooses one option', async () => {
    const onChange = vi.fn();
    render(<SelectDropdown label="Department" options={options} onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Department' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent('Select...');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Department' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'listbox');
    expect(trigger).toHaveAttribute('aria-controls', listbox.id);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Operations' }));
    expect(onChange).toHaveBeenCalledWith('ops');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Operations');
  });

  it('filters the options by the search text, ignoring case', async () => {
    render(<Controlled />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Department' }), 'fin');
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['Finance']);
  });

  it("shows 'No options found' when nothing matches the search", async () => {
    render(<Controlled />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Department' }), 'zzz');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No options found');
  });

  it('does not choose a disabled option', async () => {
    const onChange = vi.fn();
    render(<SelectDropdown label="Department" options={options} onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    const itOption = screen.getByRole('option', { name: 'IT' });
    expect(itOption).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(itOption);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is operable by keyboard: arrows skip disabled options, Enter chooses, focus returns to the trigger', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const trigger = screen.getByRole('combobox', { name: 'Department' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('searchbox', { name: 'Search Department' });
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Finance' }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Operations, then IT is skipped because it is disabled.
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Human Resources' }).id,
    );
    await user.keyboard('{Enter}');
    expect(trigger).toHaveTextContent('Human Resources');
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape without changing the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectDropdown label="Department" options={options} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears the chosen value with its clear button', async () => {
    const onChange = vi.fn();
    render(<SelectDropdown label="Department" options={options} defaultValue="fin" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Department' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveTextContent('Select...');
    expect(screen.queryByRole('button', { name: 'Clear Department' })).not.toBeInTheDocument();
  });

  it('puts the clear button inside the field, beside the chevron (issue 19, item 13)', () => {
    render(<SelectDropdown label="Department" options={options} defaultValue="fin" />);
    const clear = screen.getByRole('button', { name: 'Clear Department' });
    const trigger = screen.getByRole('combobox', { name: 'Department' });
    // One box holds both, the button laid over the field's right end.
    expect(clear.parentElement).toBe(trigger.parentElement);
    expect(clear.style.position).toBe('absolute');
  });

  it('offers no clear button when not clearable', () => {
    render(<SelectDropdown label="Department" options={options} defaultValue="fin" clearable={false} />);
    expect(screen.queryByRole('button', { name: 'Clear Department' })).not.toBeInTheDocument();
  });

  it('with multiple, toggles several options, stays open, and names the ticked ones in the field and as removable chips (issue 19, item 13)', async () => {
    render(<Controlled multiple />);
    const trigger = screen.getByRole('combobox', { name: 'Departments' });
    await userEvent.click(trigger);
    const listbox = screen.getByRole('listbox', { name: 'Departments' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Human Resources' }));
    await userEvent.click(screen.getByRole('option', { name: 'Finance' }));
    expect(screen.getByRole('option', { name: 'Finance' })).toHaveAttribute('aria-selected', 'true');
    expect(trigger).toHaveTextContent('Finance, Human Resources');
    await userEvent.keyboard('{Escape}');
    const chips = screen.getByRole('group', { name: 'Chosen Departments' });
    expect(within(chips).getByText('Finance')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Finance' }));
    expect(trigger).toHaveTextContent('Human Resources');
    expect(trigger).not.toHaveTextContent('selected');
    expect(screen.queryByRole('button', { name: 'Remove Finance' })).not.toBeInTheDocument();
  });

  it('with multiple, reports the values in option order and clears them all', async () => {
    const onChange = vi.fn();
    render(
      <SelectDropdown
        label="Departments"
        options={options}
        multiple
        defaultValue={['hr']}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Departments' }));
    await userEvent.click(screen.getByRole('option', { name: 'Finance' }));
    expect(onChange).toHaveBeenLastCalledWith(['fin', 'hr']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Departments' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('with chosenOrder, keeps and shows the values in the order they were chosen', async () => {
    const onChange = vi.fn();
    render(
      <SelectDropdown
        label="Departments"
        options={options}
        multiple
        chosenOrder
        defaultValue={['hr', 'fin']}
        onChange={onChange}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Departments' });
    expect(trigger).toHaveTextContent('Human Resources, Finance');
    const chips = within(screen.getByRole('group', { name: 'Chosen Departments' })).getAllByRole('button');
    expect(chips.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Remove Human Resources',
      'Remove Finance',
    ]);
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: 'Operations' }));
    expect(onChange).toHaveBeenLastCalledWith(['hr', 'fin', 'ops']);
    await userEvent.click(screen.getByRole('option', { name: 'Human Resources' }));
    await userEvent.click(screen.getByRole('option', { name: 'Human Resources' }));
    expect(onChange).toHaveBeenLastCalledWith(['fin', 'ops', 'hr']);
  });

  it('describes the trigger with the error text and marks it invalid', () => {
    render(<SelectDropdown label="Role" options={options} error="Role is required" />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Role is required');
  });

  it('cannot be opened when disabled', async () => {
    render(<SelectDropdown label="Department" options={options} defaultValue="fin" disabled />);
    const trigger = screen.getByRole('combobox', { name: 'Department' });
    expect(trigger).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear Department' })).not.toBeInTheDocument();
  });
});
