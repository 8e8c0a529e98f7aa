import { Flex, IconButton, TextField as RadixTextField } from '@radix-ui/themes';
import { Minus, Plus } from 'lucide-react';
import { type ChangeEvent, forwardRef, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { FieldLabel, FieldMessage } from '../Field';

/** Props of {@link NumberInput}. */
export interface NumberInputProps {
  /** Visible label, tied to the input; the stepper buttons are named after it ('Increase Quantity'). */
  label: string;
  /** The value (controlled); `null` when empty. */
  value?: number | null;
  /** The starting value when uncontrolled. */
  defaultValue?: number | null;
  /**
   * Called with each accepted value: a number within `min`..`max`, or `null` when cleared. Typed values
   * outside the range are ignored (not passed on); on blur the field shows the last accepted value again.
   */
  onChange?: (value: number | null) => void;
  /** Smallest accepted value; a minus sign can only be typed when this is below 0 or not set. */
  min?: number;
  /** Largest accepted value. */
  max?: number;
  /** How far the steppers and the arrow keys move the value; defaults to 1. */
  step?: number;
  /** Error text shown under the input; marks it invalid. */
  error?: string;
  /** Help text shown under the input when there is no error. */
  hint?: string;
  /** Disables the input and its steppers. */
  disabled?: boolean;
  /** Marks the field as required. */
  required?: boolean;
  /** Id of the input; generated when left out. */
  id?: string;
  /** Form field name. */
  name?: string;
  /** Placeholder text. */
  placeholder?: string;
  /**
   * Passes typed values outside `min`/`max` on too (still marked invalid), so a form rule can say why
   * it refuses them instead of the field dropping them in silence; the steppers and Home/End still
   * keep within the bounds. Off by default: out-of-range entries are ignored (document 2 §5).
   */
  passOutOfRange?: boolean;
  /** Called when the input loses focus (after the text shows the value again). */
  onBlur?: () => void;
}

function decimalsOf(value: number): number {
  const [, fraction = ''] = String(value).split('.');
  return fraction.length;
}

function format(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The number a text stands for, or null when it is empty or incomplete ('-', '.'). */
function parse(text: string): number | null {
  if (!/\d/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/**
 * A labelled number field (role `spinbutton`) with decrease/increase buttons. It keeps digits, one dot
 * and (when negatives are allowed) a leading minus; out-of-range entries are ignored, and the steppers,
 * ArrowUp/ArrowDown, Home and End move within `min`..`max`.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  {
    label,
    value,
    defaultValue = null,
    onChange,
    min,
    max,
    step = 1,
    error,
    hint,
    disabled,
    required,
    id,
    name,
    placeholder,
    passOutOfRange = false,
    onBlur,
  },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const controlled = value !== undefined;
  const [internal, setInternal] = useState<number | null>(defaultValue);
  const current = controlled ? value : internal;
  const [text, setText] = useState(() => format(current));

  // Follow a controlled value changed from outside, unless the text already stands for it.
  useEffect(() => {
    setText((previous) => (parse(previous) === current ? previous : format(current)));
  }, [current]);

  const inRange = (number: number) =>
    (min === undefined || number >= min) && (max === undefined || number <= max);
  const allowNegative = min === undefined || min < 0;

  const accept = (next: number | null) => {
    if (!controlled) setInternal(next);
    onChange?.(next);
  };

  const stepBy = (direction: 1 | -1) => {
    const base = current ?? 0;
    const decimals = Math.max(decimalsOf(step), decimalsOf(base));
    let next = Number((base + direction * step).toFixed(decimals));
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    if (next === current) return;
    setText(format(next));
    accept(next);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    let sanitized = event.target.value.replace(allowNegative ? /[^\d.-]/g : /[^\d.]/g, '');
    // A minus only at the start, and one dot at most.
    sanitized = (sanitized.startsWith('-') ? '-' : '') + sanitized.replace(/-/g, '');
    const dot = sanitized.indexOf('.');
    if (dot !== -1) sanitized = sanitized.slice(0, dot + 1) + sanitized.slice(dot + 1).replace(/\./g, '');
    setText(sanitized);
    if (sanitized === '') {
      if (current !== null) accept(null);
      return;
    }
    const number = parse(sanitized);
    if (number !== null && (passOutOfRange || inRange(number)) && number !== current) accept(number);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') stepBy(1);
    else if (event.key === 'ArrowDown') stepBy(-1);
    else if (event.key === 'Home' && min !== undefined && current !== min) {
      setText(format(min));
      accept(min);
    } else if (event.key === 'End' && max !== undefined && current !== max) {
      setText(format(max));
      accept(max);
    } else return;
    event.preventDefault();
  };

  const typed = parse(text);
  const outOfRange = typed !== null && !inRange(typed);
  const message = error ?? hint;
  const canDecrease = !disabled && (min === undefined || current === null || current > min);
  const canIncrease = !disabled && (max === undefined || current === null || current < max);

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <RadixTextField.Root
        ref={ref}
        id={inputId}
        name={name}
        type="text"
        role="spinbutton"
        inputMode={Number.isInteger(step) && !allowNegative ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          setText(format(current));
          onBlur?.();
        }}
        disabled={disabled}
        required={required}
        aria-valuenow={current ?? undefined}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-invalid={error || outOfRange ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        color={error || outOfRange ? 'red' : undefined}
        size="3"
      >
        <RadixTextField.Slot side="right" gap="1">
          {/* Out of the tab order: ArrowUp/ArrowDown do the same from the input (spinbutton pattern). */}
          <IconButton
            type="button"
            size="1"
            variant="soft"
            color="gray"
            tabIndex={-1}
            aria-label={`Decrease ${label}`}
            aria-controls={inputId}
            disabled={!canDecrease}
            onClick={() => stepBy(-1)}
          >
            <Minus size={14} aria-hidden />
          </IconButton>
          <IconButton
            type="button"
            size="1"
            variant="soft"
            color="gray"
            tabIndex={-1}
            aria-label={`Increase ${label}`}
            aria-controls={inputId}
            disabled={!canIncrease}
            onClick={() => stepBy(1)}
          >
            <Plus size={14} aria-hidden />
          </IconButton>
        </RadixTextField.Slot>
      </RadixTextField.Root>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Flex>
  );
});
