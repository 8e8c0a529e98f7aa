import { Theme } from '@radix-ui/themes';
import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../format';
import {
  CURRENCIES,
  CurrencyInput,
  type CurrencyInputProps,
  currencyDecimals,
  sanitizeAmount,
} from './CurrencyInput';
import * as stories from './CurrencyInput.stories';

function renderInput(props: Partial<CurrencyInputProps> = {}) {
  const onValueChange = vi.fn();
  const onCurrencyChange = vi.fn();
  render(
    <Theme>
      <CurrencyInput
        label="Amount"
        onValueChange={onValueChange}
        onCurrencyChange={onCurrencyChange}
        {...props}
      />
    </Theme>,
  );
  const input = screen.getByRole('spinbutton', { name: 'Amount' });
  const lastValue = () => onValueChange.mock.calls.at(-1)?.[0];
  return { input, onValueChange, onCurrencyChange, lastValue, user: userEvent.setup() };
}

describe('CurrencyInput', () => {
  it.each([
    ['AUD', '$'],
    ['USD', 'USD'],
    ['EUR', 'EUR'],
  ])(
    'shows %s with the sign the totals use (%s), never a second notation such as A$ (issue 19, item 9)',
    (currency, sign) => {
      renderInput({ currency, showCurrencySelect: false, value: 12.5 });
      const field = screen.getByRole('spinbutton', { name: 'Amount' }).parentElement as HTMLElement;
      expect(field.textContent?.startsWith(sign)).toBe(true);
      expect(field.textContent).not.toContain('A$');
      expect(formatMoney(12.5, currency).startsWith(sign)).toBe(true);
    },
  );

  it('keeps digits, dot and minus only', async () => {
    const { input, user, lastValue } = renderInput({ allowNegative: true });
    await user.type(input, '-1a2,3 $.4x5');
    expect(input).toHaveValue('-123.45');
    expect(lastValue()).toBe(-123.45);
  });

  it('blocks the minus unless negatives are allowed', async () => {
    const { input, user, lastValue } = renderInput();
    await user.type(input, '-50');
    expect(input).toHaveValue('50');
    expect(lastValue()).toBe(50);
  });

  it('keeps a minus only in front and a single dot', () => {
    expect(sanitizeAmount('1-2', { allowNegative: true })).toBe('12');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('--7', { allowNegative: true })).toBe('-7');
  });

  it('does not pass on values below min or above max', async () => {
    const { input, user, onValueChange } = renderInput({ min: 10, max: 400 });
    await user.type(input, '5');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '0');
    expect(onValueChange).toHaveBeenLastCalledWith(50);
    await user.type(input, '0');
    expect(onValueChange).toHaveBeenLastCalledWith(50);
    expect(onValueChange).toHaveBeenCalledTimes(1);
  });

  it('shows the last amount passed on when it loses focus after an out-of-range entry', async () => {
    const { input, user, lastValue } = renderInput({ max: 100, defaultValue: 80 });
    await user.clear(input);
    await user.type(input, '250');
    expect(lastValue()).toBe(25);
    await user.tab();
    expect(input).toHaveValue('25.00');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('has 2 decimal places by default', async () => {
    const { input, user, lastValue } = renderInput();
    await user.type(input, '1.239');
    expect(input).toHaveValue('1.23');
    expect(lastValue()).toBe(1.23);
  });

  it('follows the decimals prop', async () => {
    const { input, user, lastValue } = renderInput({ decimals: 3 });
    await user.type(input, '1.2345');
    expect(lastValue()).toBe(1.234);
  });

  it('has no decimal places in JPY', async () => {
    const { input, user, lastValue } = renderInput({ defaultCurrency: 'JPY' });
    await user.type(input, '1500.5');
    expect(input).toHaveValue('15005');
    expect(lastValue()).toBe(15005);
    await user.keyboard('{ArrowUp}');
    expect(lastValue()).toBe(15006);
  });

  it('moves by one smallest unit with the Up and Down arrow keys', async () => {
    const { input, user, lastValue } = renderInput({ defaultValue: 1.1 });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(lastValue()).toBe(1.11);
    expect(input).toHaveValue('1.11');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(lastValue()).toBe(1.09);
  });

  it('moves by one smallest unit with the stepper buttons', async () => {
    const { user, lastValue } = renderInput({ defaultValue: 0.3 });
    await user.click(screen.getByRole('button', { name: 'Increase Amount' }));
    expect(lastValue()).toBe(0.31);
    await user.click(screen.getByRole('button', { name: 'Decrease Amount' }));
    expect(lastValue()).toBe(0.3);
  });

  it('keeps stepping within the bounds and disables the stepper at a bound', async () => {
    const { input, user, onValueChange } = renderInput({ min: 1, max: 2, defaultValue: 1.99 });
    await user.click(input);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(onValueChange.mock.calls).toEqual([[2]]);
    expect(screen.getByRole('button', { name: 'Increase Amount' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '1.01');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(onValueChange).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('button', { name: 'Decrease Amount' })).toBeDisabled();
  });

  it('does not step below zero unless negatives are allowed', async () => {
    const { input, user, lastValue } = renderInput({ defaultValue: 0 });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(lastValue()).toBeUndefined();
    expect(input).toHaveValue('0.00');
  });

  it('formats the amount with Intl.NumberFormat on blur', async () => {
    const { input, user } = renderInput();
    await user.type(input, '1234567.5');
    expect(input).toHaveValue('1234567.5');
    await user.tab();
    expect(input).toHaveValue('1,234,567.50');
    await user.click(input);
    expect(input).toHaveValue('1234567.50');
  });

  it('passes null when the input is emptied', async () => {
    const { input, user, onValueChange } = renderInput({ defaultValue: 12 });
    await user.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a controlled value', () => {
    const { input } = renderInput({ value: 42 });
    expect(input).toHaveValue('42.00');
    expect(input).toHaveAttribute('aria-valuenow', '42');
  });

  it('offers the currencies in a labelled selector, AUD by default', async () => {
    const { user, onCurrencyChange } = renderInput();
    const select = screen.getByRole('combobox', { name: 'Amount currency' });
    expect(select).toHaveTextContent('AUD');
    await user.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'USD (US Dollar)',
      'EUR (Euro)',
      'GBP (British Pound)',
      'AUD (Australian Dollar)',
      'CAD (Canadian Dollar)',
      'JPY (Japanese Yen)',
      'CHF (Swiss Franc)',
    ]);
    await user.click(screen.getByRole('option', { name: 'EUR (Euro)' }));
    expect(onCurrencyChange).toHaveBeenCalledWith('EUR');
    expect(select).toHaveTextContent('EUR');
  });

  it('rounds the amount to no decimals when switching to JPY', async () => {
    const { user, onValueChange, input } = renderInput({ defaultValue: 12.5 });
    await user.click(screen.getByRole('combobox', { name: 'Amount currency' }));
    await user.click(screen.getByRole('option', { name: 'JPY (Japanese Yen)' }));
    expect(onValueChange).toHaveBeenLastCalledWith(13);
    expect(input).toHaveValue('13');
  });

  it('lists the corrected currency data, JPY with 0 decimals', () => {
    expect(CURRENCIES.map(({ code, name }) => `${code} ${name}`)).toEqual([
      'USD US Dollar',
      'EUR Euro',
      'GBP British Pound',
      'AUD Australian Dollar',
      'CAD Canadian Dollar',
      'JPY Japanese Yen',
      'CHF Swiss Franc',
    ]);
    expect(CURRENCIES.map(({ code }) => currencyDecimals(code))).toEqual([2, 2, 2, 2, 2, 0, 2]);
  });

  it('ties the error text to the input and marks it invalid', () => {
    const { input } = renderInput({ error: 'Amount is required' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Amount is required');
  });
});

describe('CurrencyInput stories', () => {
  it.each(Object.entries(composeStories(stories)))(
    '%s renders without console errors or axe violations',
    async (_name, Story) => {
      const error = vi.spyOn(console, 'error');
      const { container } = render(
        <Theme>
          <Story />
        </Theme>,
      );
      // jsdom cannot compute colours; contrast comes from Radix defaults.
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((violation) => violation.id)).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      error.mockRestore();
    },
  );
});
