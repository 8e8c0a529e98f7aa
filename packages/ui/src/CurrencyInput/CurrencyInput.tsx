import { Flex, IconButton, Select, Text, TextField } from '@radix-ui/themes';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { FieldLabel, FieldMessage } from '../Field';
import { currencySymbol } from '../format/formatMoney';
import { usePortalContainer } from '../PortalContainer';

/** A currency the selector offers (document 2 §3): ISO code, symbol and name. */
export interface CurrencyOption {
  /** ISO 4217 code, e.g. 'AUD'. */
  code: string;
  /** The sign amounts of it are written with ({@link currencySymbol}: '$' for AUD, else the code). */
  symbol: string;
  /** Name shown in the selector. */
  name: string;
}

/**
 * The currencies offered by {@link CurrencyInput}, in the spec's order with its AUD/'US Dollar' defect
 * corrected (DECISIONS §9). Decimal places come from `Intl` ({@link currencyDecimals}): JPY has none.
 */
export const CURRENCIES = [
  { code: 'USD', symbol: 'USD', name: 'US Dollar' },
  { code: 'EUR', symbol: 'EUR', name: 'Euro' },
  { code: 'GBP', symbol: 'GBP', name: 'British Pound' },
  { code: 'AUD', symbol: '$', name: 'Australian Dollar' },
  { code: 'CAD', symbol: 'CAD', name: 'Canadian Dollar' },
  { code: 'JPY', symbol: 'JPY', name: 'Japanese Yen' },
  { code: 'CHF', symbol: 'CHF', name: 'Swiss Franc' },
] as const satisfies readonly CurrencyOption[];

/** The code of one of {@link CURRENCIES}. */
export type CurrencyCode = (typeof CURRENCIES)[number]['code'];

/** The number of minor-unit decimals of a currency per `Intl` (2 for most, 0 for JPY); 2 if unknown. */
export function currencyDecimals(code: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
}

/**
 * Cleans typed text by the money input rules (document 2 §5): keeps digits, the dot and the minus only;
 * drops the minus unless `allowNegative` (and keeps it only in front); keeps one dot, and none when
 * `decimals` is 0; cuts the fraction to `decimals` digits.
 */
export function sanitizeAmount(text: string, { allowNegative = false, decimals = 2 } = {}): string {
  const kept = text.replace(/[^\d.-]/g, '');
  const negative = allowNegative && kept.startsWith('-');
  const unsigned = kept.replace(/-/g, '');
  const dot = unsigned.indexOf('.');
  let body = unsigned;
  if (dot !== -1) {
    const whole = unsigned.slice(0, dot);
    const fraction = unsigned.slice(dot + 1).replace(/\./g, '');
    body = decimals > 0 ? `${whole}.${fraction.slice(0, decimals)}` : whole;
  }
  return `${negative ? '-' : ''}${body}`;
}

function parseAmount(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
}

/** Props of {@link CurrencyInput}. */
export interface CurrencyInputProps {
  /** Visible label, tied to the amount input. */
  label: string;
  /** The amount (controlled); `null` when empty. Leave undefined to use `defaultValue`. */
  value?: number | null;
  /** The starting amount when uncontrolled. */
  defaultValue?: number | null;
  /**
   * Called with each accepted amount as a number, or `null` when the input is emptied. Amounts outside
   * `min`/`max` are not passed on.
   */
  onValueChange?: (value: number | null) => void;
  /** The currency code (controlled). Leave undefined to use `defaultCurrency`. */
  currency?: string;
  /** The starting currency when uncontrolled; defaults to 'AUD' (document 2 §9). */
  defaultCurrency?: string;
  /**
   * Called with the chosen currency code. If the new currency has fewer decimals, the amount is rounded
   * to them and the rounded amount is passed to `onValueChange`.
   */
  onCurrencyChange?: (code: string) => void;
  /** Currencies offered; defaults to {@link CURRENCIES}. */
  currencies?: readonly CurrencyOption[];
  /**
   * Shows the currency selector; defaults to true. When false the currency's sign is shown instead, as
   * `formatMoney` writes it in `locale` ('$' for AUD in en-AU, the code for the others).
   */
  showCurrencySelect?: boolean;
  /** Lowest accepted amount. */
  min?: number;
  /** Highest accepted amount. */
  max?: number;
  /** Decimal places; defaults to the currency's (2, or 0 for JPY). */
  decimals?: number;
  /** Accepts a leading minus; off by default. */
  allowNegative?: boolean;
  /** Locale for the formatting on blur; defaults to 'en-AU'. */
  locale?: string;
  /** Error text under the input; marks it invalid. */
  error?: string;
  /** Help text under the input when there is no error. */
  hint?: string;
  /** Disables the input, the steppers and the currency selector. */
  disabled?: boolean;
  /** Marks the input required and adds an asterisk to the label. */
  required?: boolean;
  /** Placeholder; defaults to zero in the current decimals ('0.00'). */
  placeholder?: string;
  /** Id of the amount input; generated when absent. */
  id?: string;
  /** Name of the amount input, for forms. */
  name?: string;
  /** Called when the amount input loses focus (after formatting). */
  onBlur?: () => void;
}

/**
 * A money amount input with a currency selector, following the money input rules of document 2 §5:
 * typed text keeps digits, dot and minus only (minus only with `allowNegative`); amounts outside
 * `min`/`max` are not passed on (and are restored to the last accepted amount on blur); 2 decimal places
 * by default (the currency's own otherwise, 0 for JPY); the Up/Down arrow keys and the stepper buttons
 * move by one smallest unit (0.01 for 2 decimals) within the bounds; the amount is formatted with
 * `Intl.NumberFormat` on blur. The input has role `spinbutton`.
 */
export function CurrencyInput({
  label,
  value: valueProp,
  defaultValue = null,
  onValueChange,
  currency: currencyProp,
  defaultCurrency = 'AUD',
  onCurrencyChange,
  currencies = CURRENCIES,
  showCurrencySelect = true,
  min,
  max,
  decimals: decimalsProp,
  allowNegative = false,
  locale = 'en-AU',
  error,
  hint,
  disabled,
  required,
  placeholder,
  id,
  name,
  onBlur,
}: CurrencyInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const [innerValue, setInnerValue] = useState<number | null>(defaultValue);
  const [innerCurrency, setInnerCurrency] = useState(defaultCurrency);
  const value = valueProp === undefined ? innerValue : valueProp;
  const currency = currencyProp ?? innerCurrency;
  const decimals = decimalsProp ?? currencyDecimals(currency);
  const step = 10 ** -decimals;

  const format = (amount: number | null, places = decimals) =>
    amount === null
      ? ''
      : new Intl.NumberFormat(locale, {
          minimumFractionDigits: places,
          maximumFractionDigits: places,
        }).format(amount);
  const plain = (amount: number | null) => (amount === null ? '' : amount.toFixed(decimals));

  // While focused the reader edits `draft`; otherwise the formatted value is shown.
  const [draft, setDraft] = useState<string | null>(null);
  const portalContainer = usePortalContainer();
  const text = draft ?? format(value);
  const inRange = (amount: number) =>
    (min === undefined || amount >= min) && (max === undefined || amount <= max);
  const draftValue = draft === null ? value : parseAmount(draft);
  const outOfRange = draftValue !== null && !inRange(draftValue);
  const message = error ?? hint;

  const commit = (amount: number | null) => {
    if (amount === value) return;
    if (valueProp === undefined) setInnerValue(amount);
    onValueChange?.(amount);
  };

  const handleChange = (raw: string) => {
    const cleaned = sanitizeAmount(raw, { allowNegative, decimals });
    setDraft(cleaned);
    const amount = parseAmount(cleaned);
    if (amount === null) {
      if (cleaned === '') commit(null);
      return;
    }
    if (inRange(amount)) commit(amount);
  };

  const stepBy = (direction: 1 | -1) => {
    const start = value ?? (min !== undefined && min > 0 ? min - direction * step : 0);
    let next = Number((start + direction * step).toFixed(decimals));
    if (max !== undefined && next > max) next = max;
    if (min !== undefined && next < min) next = min;
    if (!allowNegative && next < 0) next = 0;
    commit(next);
    if (draft !== null) setDraft(plain(next));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  const changeCurrency = (code: string) => {
    if (currencyProp === undefined) setInnerCurrency(code);
    onCurrencyChange?.(code);
    const places = decimalsProp ?? currencyDecimals(code);
    if (value !== null) {
      const rounded = Number(value.toFixed(places));
      if (rounded !== value) commit(rounded);
    }
  };

  const atMax = value !== null && max !== undefined && value >= max;
  const atMin = value !== null && ((min !== undefined && value <= min) || (!allowNegative && value <= 0));
  // The notation of the totals beside the input (formatMoney), never a second one ('A$' beside '$').
  const symbol = currencySymbol(currency, locale);

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <Flex gap="2" align="center">
        {showCurrencySelect ? (
          <Select.Root value={currency} onValueChange={changeCurrency} disabled={disabled} size="3">
            {/* The trigger shows the code only; the list shows code and name. */}
            <Select.Trigger aria-label={`${label} currency`}>{currency}</Select.Trigger>
            <Select.Content container={portalContainer}>
              {currencies.map((option) => (
                <Select.Item key={option.code} value={option.code}>
                  {`${option.code} (${option.name})`}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        ) : null}
        <TextField.Root
          style={{ flexGrow: 1 }}
          id={inputId}
          name={name}
          size="3"
          role="spinbutton"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          placeholder={placeholder ?? format(0)}
          disabled={disabled}
          required={required}
          aria-valuenow={value ?? undefined}
          aria-valuetext={value === null ? undefined : `${format(value)} ${currency}`}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-invalid={error || outOfRange ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          color={error ? 'red' : undefined}
          onFocus={() => setDraft(plain(value))}
          onBlur={() => {
            setDraft(null);
            onBlur?.();
          }}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
        >
          <TextField.Slot>
            <Text size="2" color="gray" aria-hidden>
              {symbol}
            </Text>
          </TextField.Slot>
          <TextField.Slot side="right" gap="0">
            <Flex direction="column">
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                tabIndex={-1}
                aria-label={`Increase ${label}`}
                aria-controls={inputId}
                disabled={disabled || atMax}
                onClick={() => stepBy(1)}
                style={{ height: 14 }}
              >
                <ChevronUp size={12} aria-hidden />
              </IconButton>
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                color="gray"
                tabIndex={-1}
                aria-label={`Decrease ${label}`}
                aria-controls={inputId}
                disabled={disabled || atMin}
                onClick={() => stepBy(-1)}
                style={{ height: 14 }}
              >
                <ChevronDown size={12} aria-hidden />
              </IconButton>
            </Flex>
          </TextField.Slot>
        </TextField.Root>
      </Flex>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Flex>
  );
}
