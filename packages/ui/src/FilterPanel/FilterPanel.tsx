import { Button, Flex, Grid } from '@radix-ui/themes';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { DeferLazyFieldsContext, LazyDatePicker } from '../DatePicker/LazyDatePicker';
import { SelectDropdown, type SelectOption } from '../SelectDropdown';
import { TextField } from '../TextField';

/** The kinds of filter field (spec 001 §3 "Filter definition"). */
export const filterTypes = ['select', 'multiselect', 'date', 'number', 'text'] as const;

/** A kind of filter field. */
export type FilterType = (typeof filterTypes)[number];

/** One filter of a {@link FilterPanel} (spec 001 §3 "Filter definition"). */
export interface FilterDefinition {
  /** Key of the filter's value in the values record. */
  key: string;
  /** Visible label of the field. */
  label: string;
  /** Which field to render: select and multiselect use `options`; date values are `yyyy-MM-dd`. */
  type: FilterType;
  /** Placeholder of the field. */
  placeholder?: string;
  /** Choices of a select or multiselect filter. */
  options?: SelectOption[];
}

/**
 * Filter values by filter key: a string for select, text and date (`yyyy-MM-dd`), a string array for
 * multiselect, a number for number. An absent key means the filter is not applied.
 */
export type FilterValues = Record<string, unknown>;

/** Product copy of {@link FilterPanel} and the search bar's filter toggle. */
export const filterPanelMessages = {
  clearAll: 'Clear All',
  filters: 'Filters',
} as const;

/** Whether a filter value counts as applied: not empty, blank or an empty list. */
export function isActiveFilterValue(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

/** How many filters in `values` are applied (see {@link isActiveFilterValue}). */
export function countActiveFilters(values: FilterValues): number {
  return Object.values(values).filter(isActiveFilterValue).length;
}

interface FilterPanelContextValue {
  values: FilterValues;
  setValue: (key: string, value: unknown) => void;
}

const FilterPanelContext = createContext<FilterPanelContextValue | null>(null);

function useFilterPanel(): FilterPanelContextValue {
  const context = useContext(FilterPanelContext);
  if (!context) throw new Error('FilterPanel.Field must be used inside FilterPanel.Root');
  return context;
}

/** Props of {@link FilterPanel.Root}. */
export interface FilterPanelRootProps {
  /** The filters to render, in order; or pass `FilterPanel.Field` children instead (or as well). */
  filters?: FilterDefinition[];
  /** The current values by filter key (controlled by the caller). */
  values: FilterValues;
  /** Called with the whole new values record; a cleared filter's key is removed. */
  onChange: (values: FilterValues) => void;
  /** Custom fields, rendered after the `filters`. */
  children?: ReactNode;
  /** Id of the panel, e.g. for a toggle's aria-controls. */
  id?: string;
  /** Accessible name of the panel region; defaults to 'Filters'. */
  label?: string;
  /** Hides the panel (kept in the page so a toggle's aria-controls still points at it). */
  hidden?: boolean;
}

function Root({
  filters = [],
  values,
  onChange,
  children,
  id,
  label = filterPanelMessages.filters,
  hidden,
}: FilterPanelRootProps) {
  const generatedId = useId();
  const setValue = (key: string, value: unknown) => {
    const next = { ...values };
    if (isActiveFilterValue(value)) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  const active = countActiveFilters(values);
  // Until the panel is first shown, its date fields do not fetch the date picker's code (issue 12).
  const [shown, setShown] = useState(!hidden);
  if (!hidden && !shown) setShown(true);

  return (
    <FilterPanelContext.Provider value={{ values, setValue }}>
      <DeferLazyFieldsContext.Provider value={!shown}>
        <section
          id={id ?? generatedId}
          aria-label={label}
          hidden={hidden}
          style={{
            padding: 'var(--space-4)',
            border: '1px solid var(--gray-a6)',
            borderRadius: 'var(--radius-3)',
          }}
        >
          <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="4">
            {filters.map((filter) => (
              <Field key={filter.key} filter={filter} />
            ))}
            {children}
          </Grid>
          <Flex justify="end" mt="4">
            <Button
              type="button"
              variant="soft"
              color="gray"
              disabled={active === 0}
              onClick={() => onChange({})}
            >
              {filterPanelMessages.clearAll}
            </Button>
          </Flex>
        </section>
      </DeferLazyFieldsContext.Provider>
    </FilterPanelContext.Provider>
  );
}
Root.displayName = 'FilterPanel.Root';

/** Props of {@link FilterPanel.Field}. */
export interface FilterPanelFieldProps {
  /** The filter to render; its value is read from and written to the enclosing Root's values. */
  filter: FilterDefinition;
}

function Field({ filter }: FilterPanelFieldProps) {
  const { values, setValue } = useFilterPanel();
  const value = values[filter.key];
  const set = (next: unknown) => setValue(filter.key, next);

  switch (filter.type) {
    case 'select':
      return (
        <SelectDropdown
          label={filter.label}
          placeholder={filter.placeholder}
          options={filter.options ?? []}
          value={typeof value === 'string' ? value : null}
          onChange={set}
        />
      );
    case 'multiselect':
      return (
        <SelectDropdown
          multiple
          label={filter.label}
          placeholder={filter.placeholder}
          options={filter.options ?? []}
          value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
          onChange={set}
        />
      );
    case 'date':
      return (
        <LazyDatePicker
          label={filter.label}
          placeholder={filter.placeholder}
          value={typeof value === 'string' ? value : null}
          onChange={set}
        />
      );
    case 'number':
      return <NumberFilterField filter={filter} value={value} onChange={set} />;
    default:
      return (
        <TextField
          label={filter.label}
          placeholder={filter.placeholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => set(event.target.value)}
        />
      );
  }
}
Field.displayName = 'FilterPanel.Field';

function NumberFilterField({
  filter,
  value,
  onChange,
}: {
  filter: FilterDefinition;
  value: unknown;
  onChange: (value: number | undefined) => void;
}) {
  const outside = typeof value === 'number' && !Number.isNaN(value) ? String(value) : '';
  // Keep the typed text, so a partial entry such as '-' or '1.' is not rewritten while typing.
  const [text, setText] = useState(outside);
  useEffect(() => {
    setText((current) =>
      Number(current) === Number(outside) && current !== '' && outside !== '' ? current : outside,
    );
  }, [outside]);
  return (
    <TextField
      label={filter.label}
      type="number"
      inputMode="decimal"
      placeholder={filter.placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = Number(next);
        onChange(next.trim() === '' || Number.isNaN(number) ? undefined : number);
      }}
    />
  );
}

/**
 * A panel of filter fields whose values the caller controls. `FilterPanel.Root` renders a field per
 * {@link FilterDefinition} (select and multiselect with {@link SelectDropdown}, date with
 * {@link DatePicker}, number and text with text fields) plus any `FilterPanel.Field` children, and a
 * 'Clear All' button that clears every filter. Pair it with `SearchBar` for the search input and the
 * 'Filters' toggle.
 */
export const FilterPanel = { Root, Field } as const;
