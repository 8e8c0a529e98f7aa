import { Flex, TextField as RadixTextField, Spinner, Text } from '@radix-ui/themes';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** Fixed rules of {@link Typeahead} (spec 001 §5 and §9). */
export const typeaheadDefaults = {
  /** Wait this long after the last keystroke before searching. */
  debounceMs: 300,
  /** Show at most this many results. */
  maxResults: 50,
  /** Keep the results this long after the field loses focus, so a click on one still lands. */
  blurClearDelayMs: 200,
  /** Search once the text has at least this many characters. */
  minLength: 1,
} as const;

/** Product copy of {@link Typeahead} (spec 001 §8). */
export const typeaheadMessages = {
  searching: 'Searching...',
  noResults: 'No results found',
} as const;

/** Props of {@link Typeahead}. */
export interface TypeaheadProps<T> {
  /** Visible label, tied to the input. */
  label: string;
  /** Looks results up for the text; called after the debounce. A rejection shows no results. */
  onSearch: (text: string) => Promise<T[]>;
  /** Called with the result the user picks. */
  onSelect: (item: T) => void;
  /**
   * The text of a result in the list and in the input after it is picked; defaults to the item's
   * `label` field, else the item as a string.
   */
  getItemLabel?: (item: T) => string;
  /** A stable key of a result; defaults to its label. */
  getItemKey?: (item: T) => string;
  /** Custom content of a result row; defaults to its label. */
  renderItem?: (item: T) => ReactNode;
  /** Minimum number of characters before searching (default 1). */
  minLength?: number;
  /** Placeholder of the input. */
  placeholder?: string;
  /** Disables the input. */
  disabled?: boolean;
  /** Error text under the field; marks it invalid and describes it. */
  error?: string;
  /** Help text under the field when there is no error. */
  hint?: string;
  /** Id of the input; generated when absent. */
  id?: string;
}

type Status = 'idle' | 'searching' | 'done';

function defaultItemLabel(item: unknown): string {
  if (typeof item === 'object' && item !== null && 'label' in item && typeof item.label === 'string') {
    return item.label;
  }
  return String(item);
}

/**
 * A labelled search field that suggests results as the user types (combobox with a listbox popup).
 * It calls `onSearch` 300 ms after the last keystroke once the text has `minLength` characters,
 * shows at most 50 results, 'Searching...' while waiting and 'No results found' when empty; answers
 * to older text never replace newer ones. ArrowUp/ArrowDown move, Enter picks, Escape closes; the
 * list closes 200 ms after the field loses focus.
 */
export function Typeahead<T>({
  label,
  onSearch,
  onSelect,
  getItemLabel = defaultItemLabel,
  getItemKey = getItemLabel,
  renderItem,
  minLength = typeaheadDefaults.minLength,
  placeholder,
  disabled,
  error,
  hint,
  id,
}: TypeaheadProps<T>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listboxId = `${inputId}-listbox`;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;

  const [text, setText] = useState('');
  const [results, setResults] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [activeIndex, setActiveIndex] = useState(-1);

  const debounceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Each search gets a number; only the answer to the latest one may change the list.
  const latestRequest = useRef(0);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(
    () => () => {
      clearTimeout(debounceTimer.current);
      clearTimeout(blurTimer.current);
      latestRequest.current += 1;
    },
    [],
  );

  const close = () => {
    clearTimeout(debounceTimer.current);
    latestRequest.current += 1;
    setResults([]);
    setStatus('idle');
    setActiveIndex(-1);
  };

  const search = async (query: string) => {
    latestRequest.current += 1;
    const request = latestRequest.current;
    setStatus('searching');
    let found: T[];
    try {
      found = await onSearchRef.current(query);
    } catch {
      found = [];
    }
    if (request !== latestRequest.current) return;
    setResults(found.slice(0, typeaheadDefaults.maxResults));
    setActiveIndex(-1);
    setStatus('done');
  };

  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(debounceTimer.current);
    if (next.trim().length < minLength) {
      close();
      return;
    }
    debounceTimer.current = setTimeout(() => void search(next.trim()), typeaheadDefaults.debounceMs);
  };

  const pick = (item: T) => {
    clearTimeout(blurTimer.current);
    setText(getItemLabel(item));
    close();
    onSelect(item);
  };

  const open = status !== 'idle';
  const showList = status === 'done' && results.length > 0;
  const activeId = showList && activeIndex >= 0 ? `${listboxId}-option-${activeIndex}` : undefined;

  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={inputId} size="2" weight="medium">
        {label}
      </Text>
      <div style={{ position: 'relative' }}>
        <RadixTextField.Root
          id={inputId}
          size="3"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listboxId : undefined}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          color={error ? 'red' : undefined}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => handleChange(event.target.value)}
          onFocus={() => clearTimeout(blurTimer.current)}
          onBlur={() => {
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(close, typeaheadDefaults.blurClearDelayMs);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && showList) {
              event.preventDefault();
              setActiveIndex((i) => (i + 1) % results.length);
            } else if (event.key === 'ArrowUp' && showList) {
              event.preventDefault();
              setActiveIndex((i) => (i <= 0 ? results.length - 1 : i - 1));
            } else if (event.key === 'Enter' && activeIndex >= 0 && results[activeIndex] !== undefined) {
              event.preventDefault();
              pick(results[activeIndex] as T);
            } else if (event.key === 'Escape' && open) {
              event.preventDefault();
              close();
            }
          }}
        >
          <RadixTextField.Slot>
            <Search size={16} aria-hidden />
          </RadixTextField.Slot>
        </RadixTextField.Root>
        {showList ? (
          <div
            style={{
              position: 'absolute',
              top: 'calc(100% + 4px)',
              left: 0,
              right: 0,
              zIndex: 10,
              padding: 4,
              background: 'var(--color-panel-solid)',
              borderRadius: 'var(--radius-3)',
              boxShadow: 'var(--shadow-5)',
              maxHeight: 280,
              overflowY: 'auto',
            }}
          >
            <div id={listboxId} role="listbox" aria-label={label}>
              {results.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the input (aria-activedescendant)
                <div
                  key={getItemKey(item)}
                  id={`${listboxId}-option-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  tabIndex={-1}
                  onClick={() => pick(item)}
                  onMouseMove={() => setActiveIndex(index)}
                  style={{
                    padding: '6px 8px',
                    borderRadius: 'var(--radius-2)',
                    cursor: 'pointer',
                    fontSize: 'var(--font-size-2)',
                    color: 'var(--gray-12)',
                    background: index === activeIndex ? 'var(--accent-a4)' : undefined,
                  }}
                >
                  {renderItem ? renderItem(item) : getItemLabel(item)}
                </div>
              ))}
            </div>
          </div>
        ) : null}
        {/* A persistent live region, so screen readers hear the search state change. */}
        <Text
          role="status"
          size="2"
          color="gray"
          style={
            status === 'searching' || (status === 'done' && results.length === 0)
              ? {
                  position: 'absolute',
                  top: 'calc(100% + 4px)',
                  left: 0,
                  right: 0,
                  zIndex: 11,
                  padding: '10px 12px',
                  display: 'flex',
                  gap: 8,
                  alignItems: 'center',
                  background: 'var(--color-panel-solid)',
                  borderRadius: 'var(--radius-3)',
                  boxShadow: 'var(--shadow-5)',
                }
              : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
          }
        >
          {status === 'searching' ? (
            <>
              <Spinner size="1" />
              {typeaheadMessages.searching}
            </>
          ) : status === 'done' && results.length === 0 ? (
            typeaheadMessages.noResults
          ) : null}
        </Text>
      </div>
      {message ? (
        <Text id={messageId} size="1" color={error ? 'red' : 'gray'} role={error ? 'alert' : undefined}>
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
