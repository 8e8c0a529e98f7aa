import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type NumberInputProps } from './NumberInput';

function setup(props: Partial<NumberInputProps> = {}) {
  const onChange = vi.fn();
  render(<NumberInput label="Quantity" onChange={onChange} {...props} />);
  return {
    onChange,
    input: screen.getByRole('spinbutton', { name: 'Quantity' }),
    decrease: screen.getByRole('button', { name: 'Decrease Quantity' }),
    increase: screen.getByRole('button', { name: 'Increase Quantity' }),
  };
}

function Controlled() {
  const [value, setValue] = useState<number | null>(2);
  return (
    <>
      <NumberInput label="Quantity" value={value} onChange={setValue} />
      <button type="button" onClick={() => setValue(20)}>
        Set twenty
      </button>
    </>
  );
}

describe('NumberInput', () => {
  it('is a spinbutton named by its label, exposing its value and bounds', () => {
    const { input } = setup({ defaultValue: 4, min: 1, max: 10 });
    expect(input).toHaveValue('4');
    expect(input).toHaveAttribute('aria-valuenow', '4');
    expect(input).toHaveAttribute('aria-valuemin', '1');
    expect(input).toHaveAttribute('aria-valuemax', '10');
  });

  it('with passOutOfRange, passes a typed value outside the range on, keeps it on blur and tells onBlur (issue 19, item 9)', async () => {
    const onBlur = vi.fn();
    const { input, onChange, increase } = setup({
      defaultValue: 1,
      min: 1,
      max: 10,
      passOutOfRange: true,
      onBlur,
    });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    expect(input).toHaveValue('0');
    expect(onBlur).toHaveBeenCalledTimes(1);
    // The steppers still move within the bounds.
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('passes on a typed value within the range', async () => {
    const { input, onChange } = setup({ min: 1, max: 100 });
    await userEvent.type(input, '42');
    expect(onChange).toHaveBeenLastCalledWith(42);
    expect(input).toHaveAttribute('aria-valuenow', '42');
  });

  it('ignores a typed value above max: it is not passed on and the last accepted value stays', async () => {
    const { input, onChange } = setup({ min: 1, max: 100 });
    await userEvent.type(input, '150');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(15);
    expect(onChange).not.toHaveBeenCalledWith(150);
    expect(input).toHaveAttribute('aria-valuenow', '15');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('ignores a typed value below min', async () => {
    const { input, onChange } = setup({ min: 10, max: 100 });
    await userEvent.type(input, '5');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).not.toHaveAttribute('aria-valuenow');
  });

  it('shows the last accepted value again when the field loses focus after an out-of-range entry', async () => {
    const { input } = setup({ max: 100 });
    await userEvent.type(input, '150');
    await userEvent.tab();
    expect(input).toHaveValue('15');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps only digits and one dot', async () => {
    const { input, onChange } = setup();
    await userEvent.type(input, '1a2.5.0');
    expect(input).toHaveValue('12.50');
    expect(onChange).toHaveBeenLastCalledWith(12.5);
  });

  it('blocks a minus sign when min is 0 or more', async () => {
    const { input, onChange } = setup({ min: 0 });
    await userEvent.type(input, '-3');
    expect(input).toHaveValue('3');
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('accepts a negative value when min allows it', async () => {
    const { input, onChange } = setup({ min: -10 });
    await userEvent.type(input, '-3');
    expect(onChange).toHaveBeenLastCalledWith(-3);
  });

  it('passes on null when the field is cleared', async () => {
    const { input, onChange } = setup({ defaultValue: 7 });
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('steps up and down by step with its labelled buttons', async () => {
    const { decrease, increase, input, onChange } = setup({ defaultValue: 10, step: 5 });
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(15);
    expect(input).toHaveValue('15');
    await userEvent.click(decrease);
    await userEvent.click(decrease);
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(input).toHaveValue('5');
  });

  it('does not step past max: it stops at max and then disables the increase button', async () => {
    const { increase, onChange } = setup({ defaultValue: 8, step: 5, max: 10 });
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(increase).toBeDisabled();
  });

  it('does not step below min: it stops at min and then disables the decrease button', async () => {
    const { decrease, onChange } = setup({ defaultValue: 2, step: 5, min: 1 });
    expect(decrease).toBeEnabled();
    await userEvent.click(decrease);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(decrease).toBeDisabled();
  });

  it('steps from an empty field into the range', async () => {
    const { increase, onChange } = setup({ min: 5 });
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('steps decimals without floating-point noise', async () => {
    const { increase, onChange } = setup({ defaultValue: 0.2, step: 0.1 });
    await userEvent.click(increase);
    expect(onChange).toHaveBeenLastCalledWith(0.3);
  });

  it('steps with ArrowUp and ArrowDown and jumps to min and max with Home and End', async () => {
    const { input, onChange } = setup({ defaultValue: 5, min: 1, max: 9 });
    input.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(6);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    await userEvent.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith(9);
    await userEvent.keyboard('{ArrowUp}');
    expect(onChange).toHaveBeenCalledTimes(4);
    await userEvent.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input).toHaveValue('1');
  });

  it('keeps the steppers out of the tab order, since the arrow keys do the same', async () => {
    const { increase } = setup();
    expect(increase).toHaveAttribute('tabindex', '-1');
  });

  it('disables the input and both steppers when disabled', () => {
    const { decrease, increase, input } = setup({ disabled: true, defaultValue: 3 });
    expect(input).toBeDisabled();
    expect(decrease).toBeDisabled();
    expect(increase).toBeDisabled();
  });

  it('shows the error text, marks the input invalid and describes it with the error', () => {
    const { input } = setup({ error: 'Quantity must be at least 1' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Quantity must be at least 1');
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity must be at least 1');
  });

  it('shows a hint as the description when there is no error', () => {
    const { input } = setup({ hint: 'Whole units' });
    expect(input).toHaveAccessibleDescription('Whole units');
  });

  it('follows a controlled value', async () => {
    render(<Controlled />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await userEvent.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    expect(input).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Set twenty' }));
    expect(input).toHaveValue('20');
  });
});
