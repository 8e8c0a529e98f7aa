import { Flex, IconButton, Popover, TextField as RadixTextField } from '@radix-ui/themes';
import { format, isAfter, isBefore, isValid, parse, startOfDay } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { FieldLabel, FieldMessage } from '../Field';
import { usePortalContainer } from '../PortalContainer';

/** The format of a {@link DatePicker}'s value: an ISO calendar date such as `2025-03-10`. */
export const DATE_VALUE_FORMAT = 'yyyy-MM-dd';

/**
 * Fixed rules of {@link DatePicker} (spec 001 §5 "Date picker"). The display format is the one every
 * screen reads dates in ('15 Dec 2026', `formatDate`), not the specification's `yyyy-MM-dd`: issue 19
 * item 8 asks that no date field shows a format token or an ISO date (docs/decisions.md).
 */
export const datePickerDefaults = {
  /** Default display format of the text field (date-fns tokens): '15 Dec 2026'. */
  displayFormat: 'd MMM yyyy',
  /** Weeks start on Sunday. */
  weekStartsOn: 0,
} as const;

/** A date bound: a `yyyy-MM-dd` string or a `Date` (its time is ignored). */
export type DateBound = string | Date;

/** Props of {@link DatePicker}. */
export interface DatePickerProps {
  /** Visible label, tied to the text field. */
  label: string;
  /** The chosen day as `yyyy-MM-dd` (controlled); `null` for none. */
  value?: string | null;
  /** The initially chosen day when uncontrolled. */
  defaultValue?: string | null;
  /** Called with the new day as `yyyy-MM-dd`, or `null` when cleared. */
  onChange?: (value: string | null) => void;
  /** Days before this one are disabled (and typed dates before it are refused). */
  minDate?: DateBound;
  /** Days after this one are disabled (and typed dates after it are refused). */
  maxDate?: DateBound;
  /**
   * date-fns format of the text field, default `d MMM yyyy` ('15 Dec 2026'); typed text is read with it,
   * and also as `yyyy-MM-dd`, `d/M/yyyy` or with the month's full name.
   */
  displayFormat?: string;
  /** Placeholder of the text field; defaults to an example day in the display format ('e.g. 31 Dec 2026'). */
  placeholder?: string;
  /** Shows a clear button while a day is chosen (default true). */
  clearable?: boolean;
  /** Disables the field and its buttons. */
  disabled?: boolean;
  /** Marks the field required. */
  required?: boolean;
  /** Error text under the field; marks it invalid and describes it. */
  error?: string;
  /** Help text under the field when there is no error. */
  hint?: string;
  /** Id of the text field; generated when absent. */
  id?: string;
  /** Name of the text field, for native forms. */
  name?: string;
}

/** Other ways a typed day is read when the display format does not read it. */
const TYPED_FORMATS = [DATE_VALUE_FORMAT, 'd/M/yyyy', 'd MMMM yyyy', 'd-M-yyyy', 'd.M.yyyy'];

/** The day a person typed, read in the display format first, then in the other usual ways. */
function readTyped(typed: string, displayFormat: string): Date | null {
  for (const pattern of [displayFormat, ...TYPED_FORMATS]) {
    const day = parse(typed, pattern, new Date());
    // Only a four-digit year: 'd/M/yyyy' would read '1/2/26' as the year 26.
    if (isValid(day) && day.getFullYear() >= 1000) return day;
  }
  return null;
}

/** The example day of the default placeholder: the last day of the current year. */
function exampleDay(displayFormat: string): string {
  return `e.g. ${format(new Date(new Date().getFullYear(), 11, 31), displayFormat)}`;
}

function toDay(value: DateBound | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = typeof value === 'string' ? parse(value, DATE_VALUE_FORMAT, new Date()) : value;
  return isValid(date) ? startOfDay(date) : undefined;
}

const dayPickerStyles: Partial<Record<string, CSSProperties>> = {
  root: { position: 'relative', fontSize: 'var(--font-size-2)' },
  month_caption: {
    display: 'flex',
    alignItems: 'center',
    height: 32,
    fontWeight: 'var(--font-weight-bold)',
    paddingInlineStart: 4,
  },
  nav: { position: 'absolute', top: 0, right: 0, display: 'flex', gap: 4 },
  button_previous: navButton(),
  button_next: navButton(),
  chevron: { width: 16, height: 16, fill: 'currentColor' },
  month_grid: { borderCollapse: 'collapse' },
  weekday: { fontWeight: 'normal', color: 'var(--gray-11)', fontSize: 'var(--font-size-1)', height: 28 },
  day: { padding: 1, textAlign: 'center', borderRadius: 'var(--radius-2)' },
  day_button: {
    width: 34,
    height: 34,
    border: 'none',
    borderRadius: 'var(--radius-2)',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
  },
};

function navButton(): CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 28,
    height: 28,
    border: 'none',
    borderRadius: 'var(--radius-2)',
    background: 'transparent',
    color: 'var(--gray-12)',
    cursor: 'pointer',
  };
}

const dayModifierStyles: Record<string, CSSProperties> = {
  selected: { background: 'var(--accent-9)', color: 'var(--accent-contrast)' },
  today: { fontWeight: 'var(--font-weight-bold)', color: 'var(--accent-11)' },
  disabled: { color: 'var(--gray-a8)', textDecoration: 'line-through' },
  outside: { color: 'var(--gray-a10)' },
};

/**
 * Names a day button 'Saturday, March 1, 2025' (not '1st'), so the visible day number is a word of its
 * accessible name (WCAG 2.5.3 Label in Name).
 */
function labelDayButton(date: Date, modifiers: { today?: boolean; selected?: boolean }): string {
  const today = modifiers.today ? 'Today, ' : '';
  const selected = modifiers.selected ? ', selected' : '';
  return `${today}${format(date, 'EEEE, MMMM d, yyyy')}${selected}`;
}

/**
 * A labelled date field: type a date ('15 Dec 2026', or `2026-12-15`, `15/12/2026`), or pick one from a calendar popover
 * (weeks start on Sunday; arrow keys move between days, Enter picks, Escape closes). Days before
 * `minDate` or after `maxDate` are disabled. The value is always a `yyyy-MM-dd` string.
 */
export function DatePicker({
  label,
  value,
  defaultValue = null,
  onChange,
  minDate,
  maxDate,
  displayFormat = datePickerDefaults.displayFormat,
  placeholder,
  clearable = true,
  disabled = false,
  required,
  error,
  hint,
  id,
  name,
}: DatePickerProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;

  const isControlled = value !== undefined;
  const [internal, setInternal] = useState<string | null>(defaultValue);
  const current = isControlled ? value : internal;
  const selectedDay = toDay(current);
  const min = toDay(minDate);
  const max = toDay(maxDate);

  const display = selectedDay ? format(selectedDay, displayFormat) : '';
  const [text, setText] = useState(display);
  const [open, setOpen] = useState(false);
  const portalContainer = usePortalContainer();

  // Show the new value whenever it changes from outside (or after a commit).
  useEffect(() => setText(display), [display]);

  const emit = (next: string | null) => {
    if (!isControlled) setInternal(next);
    if (next !== current) onChange?.(next);
  };

  const outOfRange = (day: Date) => (min && isBefore(day, min)) || (max && isAfter(day, max));

  const commitText = () => {
    const typed = text.trim();
    if (typed === '') {
      emit(null);
      return;
    }
    const day = readTyped(typed, displayFormat);
    if (day && !outOfRange(day)) {
      emit(format(day, DATE_VALUE_FORMAT));
      setText(format(day, displayFormat));
    } else {
      // Refuse an unreadable or out-of-range date: show the last valid value again.
      setText(display);
    }
  };

  const disabledDays: Matcher[] = [];
  if (min) disabledDays.push({ before: min });
  if (max) disabledDays.push({ after: max });

  const today = startOfDay(new Date());
  const openingMonth =
    selectedDay ?? (min && isBefore(today, min) ? min : max && isAfter(today, max) ? max : today);

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <RadixTextField.Root
          id={inputId}
          name={name}
          size="3"
          value={text}
          placeholder={placeholder ?? exampleDay(displayFormat)}
          disabled={disabled}
          required={required}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          color={error ? 'red' : undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commitText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitText();
            } else if (event.key === 'ArrowDown' && event.altKey) {
              event.preventDefault();
              setOpen(true);
            }
          }}
        >
          <RadixTextField.Slot side="right">
            {clearable && current && !disabled ? (
              <IconButton
                type="button"
                variant="ghost"
                color="gray"
                size="1"
                aria-label={`Clear ${label}`}
                onClick={() => emit(null)}
              >
                <X size={16} aria-hidden />
              </IconButton>
            ) : null}
            <Popover.Trigger>
              <IconButton
                type="button"
                variant="ghost"
                color="gray"
                size="1"
                disabled={disabled}
                aria-label={`Choose ${label}`}
              >
                <CalendarDays size={16} aria-hidden />
              </IconButton>
            </Popover.Trigger>
          </RadixTextField.Slot>
        </RadixTextField.Root>
        <Popover.Content
          container={portalContainer}
          size="1"
          align="end"
          aria-label={`${label} calendar`}
          // DayPicker focuses the chosen day (or today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <DayPicker
            mode="single"
            autoFocus
            // Picking the chosen day again keeps it; the clear button empties the field.
            required
            selected={selectedDay}
            defaultMonth={openingMonth}
            startMonth={min}
            endMonth={max}
            disabled={disabledDays}
            weekStartsOn={datePickerDefaults.weekStartsOn}
            labels={{ labelDayButton }}
            styles={dayPickerStyles}
            modifiersStyles={dayModifierStyles}
            onSelect={(day: Date) => {
              emit(format(day, DATE_VALUE_FORMAT));
              setOpen(false);
            }}
          />
        </Popover.Content>
      </Popover.Root>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Flex>
  );
}
