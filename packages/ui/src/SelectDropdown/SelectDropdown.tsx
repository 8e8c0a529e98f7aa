import {
  Badge,
  Box,
  Button,
  Flex,
  IconButton,
  Popover,
  TextField as RadixTextField,
  Text,
} from '@radix-ui/themes';
import { Check, ChevronDown, Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldLabel, FieldMessage } from '../Field';
import { usePortalContainer } from '../PortalContainer';

/** One choice of a {@link SelectDropdown} (spec 001 §3 "Select option"). */
export interface SelectOption {
  /** The value passed to `onChange`. */
  value: string;
  /** The text shown to the user and matched by the search. */
  label: string;
  /** A disabled option is shown but cannot be chosen. */
  disabled?: boolean;
}

/** Product copy of {@link SelectDropdown} (spec 001 §8). */
export const selectDropdownMessages = {
  noOptions: 'No options found',
} as const;

interface SelectDropdownBaseProps {
  /** Visible label, tied to the trigger; also names the list and the search box. */
  label: string;
  /** The choices, in display order. */
  options: SelectOption[];
  /** Text of the trigger when nothing is chosen; defaults to 'Select...'. */
  placeholder?: string;
  /** Shows a search box above the list (default true). */
  searchable?: boolean;
  /** Placeholder of the search box; defaults to 'Search...'. */
  searchPlaceholder?: string;
  /** Shows a clear button while something is chosen (default true). */
  clearable?: boolean;
  /** Disables the trigger, the clear button and chip removal. */
  disabled?: boolean;
  /** Error text under the field; marks the trigger invalid and describes it. */
  error?: string;
  /** Help text under the field when there is no error. */
  hint?: string;
  /** Id of the trigger; generated when absent. */
  id?: string;
  /** Marks the field required (visual asterisk and aria-required). */
  required?: boolean;
}

/** Props of a single-choice {@link SelectDropdown}. */
export interface SingleSelectDropdownProps extends SelectDropdownBaseProps {
  /** Single choice (the default). */
  multiple?: false;
  /** The chosen value (controlled); `null` for none. */
  value?: string | null;
  /** The initially chosen value when uncontrolled. */
  defaultValue?: string | null;
  /** Called with the new value, or `null` when cleared. */
  onChange?: (value: string | null) => void;
}

/** Props of a multiple-choice {@link SelectDropdown}. */
export interface MultiSelectDropdownProps extends SelectDropdownBaseProps {
  /** Several choices; shown as a count in the trigger and as removable chips under it. */
  multiple: true;
  /** The chosen values (controlled). */
  value?: string[];
  /** The initially chosen values when uncontrolled. */
  defaultValue?: string[];
  /** Called with every chosen value, in option order (with `chosenOrder`, in the order chosen). */
  onChange?: (value: string[]) => void;
  /**
   * Keeps the values in the order they were chosen (a newly ticked one last) and shows them so, for a
   * list whose order means something (fallback roles tried in turn); default: option order.
   */
  chosenOrder?: boolean;
}

/** Props of {@link SelectDropdown}: single choice by default, several with `multiple`. */
export type SelectDropdownProps = SingleSelectDropdownProps | MultiSelectDropdownProps;

function toArray(value: string | string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * A labelled dropdown of {@link SelectOption}s with a search box, a clear button and, with `multiple`,
 * several choices shown as a count and removable chips. Keyboard: Enter, Space or ArrowDown opens it;
 * ArrowUp/ArrowDown/Home/End move through the options, Enter chooses, Escape closes.
 */
export function SelectDropdown(props: SelectDropdownProps) {
  const {
    label,
    options,
    placeholder = 'Select...',
    searchable = true,
    searchPlaceholder = 'Search...',
    clearable = true,
    disabled = false,
    error,
    hint,
    id,
    required,
    multiple = false,
  } = props;
  const generatedId = useId();
  const triggerId = id ?? `${generatedId}-trigger`;
  const labelId = `${generatedId}-label`;
  const listboxId = `${generatedId}-listbox`;
  const messageId = `${generatedId}-message`;
  const message = error ?? hint;

  const isControlled = props.value !== undefined;
  const [internal, setInternal] = useState<string[]>(() => toArray(props.defaultValue));
  const selected = isControlled ? toArray(props.value) : internal;

  const [open, setOpen] = useState(false);
  const portalContainer = usePortalContainer();
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return options
      .map((option, index) => ({ option, index }))
      .filter(({ option }) => option.label.toLowerCase().includes(needle));
  }, [options, query]);

  const chosenOrder = props.multiple === true && props.chosenOrder === true;
  const commit = (next: string[]) => {
    // Keep the caller's option order, whatever order the user clicked in (unless the order is chosen).
    const known = options.map((o) => o.value);
    const ordered = chosenOrder
      ? next.filter((v) => known.includes(v))
      : known.filter((v) => next.includes(v));
    if (!isControlled) setInternal(ordered);
    if (props.multiple) props.onChange?.(ordered);
    else props.onChange?.(ordered[0] ?? null);
  };

  const firstEnabled = (list: typeof filtered) => list.findIndex(({ option }) => !option.disabled);

  // When the list opens or the search changes, point at the chosen option or the first enabled one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open/search changes
  useEffect(() => {
    if (!open) return;
    const chosen = filtered.findIndex(({ option }) => selected.includes(option.value) && !option.disabled);
    setActiveIndex(query === '' && chosen >= 0 ? chosen : firstEnabled(filtered));
  }, [open, query]);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex]);

  const handleOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery('');
  };

  const choose = (option: SelectOption) => {
    if (option.disabled) return;
    if (multiple) {
      commit(
        selected.includes(option.value)
          ? selected.filter((v) => v !== option.value)
          : [...selected, option.value],
      );
    } else {
      commit([option.value]);
      handleOpenChange(false);
    }
  };

  const move = (from: number, step: 1 | -1) => {
    if (filtered.length === 0) return -1;
    let index = from;
    for (let i = 0; i < filtered.length; i += 1) {
      index = (index + step + filtered.length) % filtered.length;
      if (!filtered[index]?.option.disabled) return index;
    }
    return -1;
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((i) => move(i < 0 ? -1 : i, 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((i) => move(i < 0 ? filtered.length : i, -1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(move(-1, 1));
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(move(filtered.length, -1));
        break;
      case 'Enter': {
        const active = filtered[activeIndex];
        if (active) {
          event.preventDefault();
          choose(active.option);
        }
        break;
      }
      case ' ':
        // Space types into the search box; without one it chooses, as in a native select.
        if (!searchable && filtered[activeIndex]) {
          event.preventDefault();
          choose(filtered[activeIndex].option);
        }
        break;
      default:
    }
  };

  const selectedOptions = chosenOrder
    ? selected.flatMap((value) => options.filter((o) => o.value === value))
    : options.filter((o) => selected.includes(o.value));
  // A multi-select names what is ticked ('Draft, Approved'), never only how many (issue 19, item 13).
  const triggerText =
    selectedOptions.length > 0 ? selectedOptions.map((option) => option.label).join(', ') : placeholder;
  const showClear = clearable && selected.length > 0 && !disabled;
  const activeId = activeIndex >= 0 ? optionId(listboxId, filtered[activeIndex]?.index) : undefined;
  const showList = filtered.length > 0;

  return (
    <Flex direction="column" gap="1">
      <FieldLabel id={labelId} htmlFor={triggerId} required={required}>
        {label}
      </FieldLabel>
      {/* The clear button sits inside the field, before its chevron (issue 19, item 13). */}
      <Box position="relative">
        <Popover.Root open={open} onOpenChange={handleOpenChange}>
          <Popover.Trigger>
            <Button
              id={triggerId}
              type="button"
              role="combobox"
              variant="surface"
              color={error ? 'red' : 'gray'}
              size="3"
              disabled={disabled}
              aria-haspopup="listbox"
              aria-expanded={open}
              aria-controls={open ? listboxId : undefined}
              aria-labelledby={labelId}
              aria-describedby={message ? messageId : undefined}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  setOpen(true);
                }
              }}
              style={{
                width: '100%',
                justifyContent: 'space-between',
                fontWeight: 'normal',
                minWidth: 0,
              }}
            >
              <Text
                truncate
                color={selectedOptions.length > 0 ? undefined : 'gray'}
                highContrast={selectedOptions.length > 0}
                // Room for the clear button, laid over the field just before the chevron.
                style={showClear ? { paddingRight: 28 } : undefined}
              >
                {triggerText}
              </Text>
              <ChevronDown size={16} aria-hidden />
            </Button>
          </Popover.Trigger>
          <Popover.Content
            container={portalContainer}
            size="1"
            align="start"
            aria-label={label}
            style={{ width: 'var(--radix-popover-trigger-width)', minWidth: 200, padding: 4 }}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (searchable ? searchRef.current : listRef.current)?.focus();
            }}
            onKeyDown={onListKeyDown}
          >
            {searchable ? (
              <RadixTextField.Root
                ref={searchRef}
                type="search"
                size="2"
                placeholder={searchPlaceholder}
                aria-label={`Search ${label}`}
                aria-controls={showList ? listboxId : undefined}
                aria-activedescendant={activeId}
                aria-autocomplete="list"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                style={{ marginBottom: 4 }}
              >
                <RadixTextField.Slot>
                  <Search size={14} aria-hidden />
                </RadixTextField.Slot>
              </RadixTextField.Root>
            ) : null}
            {showList ? (
              <div
                ref={listRef}
                id={listboxId}
                role="listbox"
                aria-labelledby={labelId}
                aria-multiselectable={multiple || undefined}
                aria-activedescendant={searchable ? undefined : activeId}
                tabIndex={searchable ? -1 : 0}
                style={{ maxHeight: 240, overflowY: 'auto', outlineOffset: -2 }}
              >
                {filtered.map(({ option, index }, position) => {
                  const isSelected = selected.includes(option.value);
                  const isActive = position === activeIndex;
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the popover (aria-activedescendant)
                    <div
                      key={option.value}
                      id={optionId(listboxId, index)}
                      role="option"
                      aria-selected={isSelected}
                      aria-disabled={option.disabled || undefined}
                      data-index={position}
                      tabIndex={-1}
                      // Keep focus in the search box (or list), which owns the keyboard.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                      onMouseMove={() => {
                        if (!option.disabled && activeIndex !== position) setActiveIndex(position);
                      }}
                      style={{
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'space-between',
                        gap: 8,
                        padding: '6px 8px',
                        borderRadius: 'var(--radius-2)',
                        cursor: option.disabled ? 'not-allowed' : 'pointer',
                        fontSize: 'var(--font-size-2)',
                        color: option.disabled ? 'var(--gray-a9)' : 'var(--gray-12)',
                        background: isActive ? 'var(--accent-a4)' : undefined,
                        outline: isActive ? '2px solid var(--accent-8)' : undefined,
                        outlineOffset: -2,
                      }}
                    >
                      <span>{option.label}</span>
                      {isSelected ? <Check size={14} aria-hidden /> : null}
                    </div>
                  );
                })}
              </div>
            ) : (
              <Text as="p" role="status" size="2" color="gray" style={{ padding: '6px 8px' }}>
                {selectDropdownMessages.noOptions}
              </Text>
            )}
          </Popover.Content>
        </Popover.Root>
        {showClear ? (
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            size="1"
            aria-label={`Clear ${label}`}
            onClick={() => commit([])}
            style={{ position: 'absolute', right: 38, top: '50%', transform: 'translateY(-50%)', margin: 0 }}
          >
            <X size={16} aria-hidden />
          </IconButton>
        ) : null}
      </Box>
      {multiple && selectedOptions.length > 0 ? (
        <Flex gap="1" wrap="wrap" aria-label={`Chosen ${label}`} role="group">
          {selectedOptions.map((option) => (
            <Badge key={option.value} size="2" variant="soft" color="gray" highContrast>
              {option.label}
              <IconButton
                type="button"
                variant="ghost"
                color="gray"
                size="1"
                disabled={disabled}
                aria-label={`Remove ${option.label}`}
                onClick={() => commit(selected.filter((v) => v !== option.value))}
                style={{ margin: 0 }}
              >
                <X size={12} aria-hidden />
              </IconButton>
            </Badge>
          ))}
        </Flex>
      ) : null}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Flex>
  );
}

function optionId(listboxId: string, index: number | undefined) {
  return index === undefined ? undefined : `${listboxId}-option-${index}`;
}
