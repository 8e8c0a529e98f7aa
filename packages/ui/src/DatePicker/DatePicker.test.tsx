import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './DatePicker';

function Controlled(props: { initial?: string | null; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <DatePicker
        label="Delivery date"
        value={value}
        onChange={setValue}
        minDate={props.minDate}
        maxDate={props.maxDate}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
    </>
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });

describe('DatePicker', () => {
  it('shows the value as people read dates, with an example day as placeholder, never a format token (issue 19, item 8)', () => {
    const { rerender } = render(<DatePicker label="Delivery date" value="2025-03-10" />);
    const input = screen.getByRole('textbox', { name: 'Delivery date' });
    expect(input).toHaveValue('10 Mar 2025');
    rerender(<DatePicker label="Delivery date" value={null} />);
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', `e.g. 31 Dec ${new Date().getFullYear()}`);
  });

  it.each([['15 Dec 2026'], ['15 december 2026'], ['2026-12-15'], ['15/12/2026']])(
    'reads the typed day %s and shows it as 15 Dec 2026',
    async (typed) => {
      render(<Controlled />);
      const input = screen.getByRole('textbox', { name: 'Delivery date' });
      await userEvent.type(input, `${typed}{Enter}`);
      expect(input).toHaveValue('15 Dec 2026');
      expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2026-12-15');
    },
  );

  it('shows the value in a configured display format and reads typed text with it', async () => {
    const onChange = vi.fn();
    render(
      <DatePicker
        label="Delivery date"
        defaultValue="2025-03-10"
        displayFormat="dd/MM/yyyy"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Delivery date' });
    expect(input).toHaveValue('10/03/2025');
    await userEvent.clear(input);
    await userEvent.type(input, '04/07/2025{Enter}');
    expect(onChange).toHaveBeenCalledWith('2025-07-04');
  });

  it('passes a typed date on as yyyy-MM-dd when the field loses focus', async () => {
    render(<Controlled />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Delivery date' }), '2025-03-10');
    await userEvent.tab();
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-03-10');
  });

  it('refuses an unreadable typed date and shows the last value again', async () => {
    render(<Controlled initial="2025-03-10" />);
    const input = screen.getByRole('textbox', { name: 'Delivery date' });
    await userEvent.clear(input);
    await userEvent.type(input, 'soon{Enter}');
    expect(input).toHaveValue('10 Mar 2025');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-03-10');
  });

  it('opens a calendar whose weeks start on Sunday and picks a day', async () => {
    render(<Controlled initial="2025-03-10" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Delivery date' }));
    const dialog = screen.getByRole('dialog', { name: 'Delivery date calendar' });
    expect(dialog).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader', { hidden: true });
    expect(headers[0]).toHaveAccessibleName('Sunday');
    expect(headers[6]).toHaveAccessibleName('Saturday');
    await userEvent.click(day(/March 14, 2025/));
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-03-14');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Delivery date' })).toHaveValue('14 Mar 2025');
  });

  it('disables the days before minDate and after maxDate', async () => {
    render(<Controlled initial="2025-01-15" minDate="2025-01-10" maxDate="2025-01-20" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose Delivery date' }));
    expect(day(/January 9, 2025/)).toBeDisabled();
    expect(day(/January 10, 2025/)).toBeEnabled();
    expect(day(/January 20, 2025/)).toBeEnabled();
    expect(day(/January 21, 2025/)).toBeDisabled();
    await userEvent.click(day(/January 21, 2025/));
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-01-15');
  });

  it('refuses a typed date outside minDate and maxDate', async () => {
    render(<Controlled initial="2025-01-15" minDate="2025-01-10" maxDate="2025-01-20" />);
    const input = screen.getByRole('textbox', { name: 'Delivery date' });
    await userEvent.clear(input);
    await userEvent.type(input, '2025-01-09{Enter}');
    expect(input).toHaveValue('15 Jan 2025');
    await userEvent.clear(input);
    await userEvent.type(input, '2025-01-21{Enter}');
    expect(input).toHaveValue('15 Jan 2025');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-01-15');
  });

  it('is operable by keyboard: focus lands on the chosen day, arrows move, Enter picks', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2025-03-10" />);
    screen.getByRole('button', { name: 'Choose Delivery date' }).focus();
    await user.keyboard('{Enter}');
    expect(day(/March 10, 2025/)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(day(/March 18, 2025/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-03-18');
  });

  it('closes the calendar on Escape without changing the value', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="2025-03-10" />);
    await user.click(screen.getByRole('button', { name: 'Choose Delivery date' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2025-03-10');
  });

  it('clears the value with its clear button', async () => {
    render(<Controlled initial="2025-03-10" />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Delivery date' }));
    expect(screen.getByRole('textbox', { name: 'Delivery date' })).toHaveValue('');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('none');
    expect(screen.queryByRole('button', { name: 'Clear Delivery date' })).not.toBeInTheDocument();
  });

  it('describes the field with its error text', () => {
    render(<DatePicker label="Delivery date" error="Delivery date cannot be in the past" />);
    const input = screen.getByRole('textbox', { name: 'Delivery date' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Delivery date cannot be in the past');
  });

  it('disables the field and the calendar button when disabled', () => {
    render(<DatePicker label="Delivery date" value="2025-03-10" disabled />);
    expect(screen.getByRole('textbox', { name: 'Delivery date' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose Delivery date' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear Delivery date' })).not.toBeInTheDocument();
  });
});
