import { Badge, Button, Flex, TextField as RadixTextField, VisuallyHidden } from '@radix-ui/themes';
import { ChevronDown, ChevronUp, Search, SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { preloadDatePicker } from '../DatePicker/LazyDatePicker';
import {
  countActiveFilters,
  type FilterDefinition,
  FilterPanel,
  type FilterValues,
  filterPanelMessages,
} from '../FilterPanel';

/** Props of {@link SearchBar}. */
export interface SearchBarProps {
  /** Accessible name of the search input; defaults to 'Search'. */
  label?: string;
  /** Placeholder of the search input; defaults to 'Search...'. */
  placeholder?: string;
  /** The search text (controlled); leave undefined for an uncontrolled input. */
  searchValue?: string;
  /** The initial search text when uncontrolled. */
  defaultSearchValue?: string;
  /** Called with the search text on every change. */
  onSearchChange?: (text: string) => void;
  /** The filters shown in the collapsible panel. Without filters or children there is no toggle. */
  filters?: FilterDefinition[];
  /** The current filter values by key (controlled by the caller). */
  values?: FilterValues;
  /** Called with the whole new filter values record. */
  onChange?: (values: FilterValues) => void;
  /** Custom `FilterPanel.Field`s, rendered after `filters`. */
  children?: ReactNode;
  /** Whether the panel starts expanded (default false). */
  defaultFiltersOpen?: boolean;
}

/**
 * A search input with a 'Filters' toggle showing how many filters are applied. The toggle expands or
 * collapses a {@link FilterPanel} (aria-expanded, aria-controls) whose values the caller controls and
 * which has a 'Clear All' button.
 */
export function SearchBar({
  label = 'Search',
  placeholder = 'Search...',
  searchValue,
  defaultSearchValue = '',
  onSearchChange,
  filters = [],
  values = {},
  onChange = () => {},
  children,
  defaultFiltersOpen = false,
}: SearchBarProps) {
  const panelId = `${useId()}-filters`;
  const [expanded, setExpanded] = useState(defaultFiltersOpen);
  const [internalText, setInternalText] = useState(defaultSearchValue);
  const text = searchValue ?? internalText;
  const hasFilters = filters.length > 0 || Boolean(children);
  // Custom fields may be dates (the list screens' range): their code is fetched on the way to the toggle.
  const preload =
    children || filters.some((filter) => filter.type === 'date') ? () => void preloadDatePicker() : undefined;
  const active = countActiveFilters(values);

  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" align="center">
        <RadixTextField.Root
          type="search"
          size="3"
          aria-label={label}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setInternalText(event.target.value);
            onSearchChange?.(event.target.value);
          }}
          style={{ flex: 1 }}
        >
          <RadixTextField.Slot>
            <Search size={16} aria-hidden />
          </RadixTextField.Slot>
        </RadixTextField.Root>
        {hasFilters ? (
          <Button
            type="button"
            size="3"
            variant={expanded ? 'soft' : 'surface'}
            color="gray"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((open) => !open)}
            // The panel's date fields load their code when it first opens: start on the way to the click.
            onPointerEnter={preload}
            onFocus={preload}
          >
            <SlidersHorizontal size={16} aria-hidden />
            {filterPanelMessages.filters}
            {active > 0 ? (
              <>
                {' '}
                <Badge color="indigo" variant="solid" radius="full">
                  {active}
                </Badge>{' '}
                <VisuallyHidden>active</VisuallyHidden>
              </>
            ) : null}
            {expanded ? <ChevronUp size={16} aria-hidden /> : <ChevronDown size={16} aria-hidden />}
          </Button>
        ) : null}
      </Flex>
      {hasFilters ? (
        <FilterPanel.Root
          id={panelId}
          filters={filters}
          values={values}
          onChange={onChange}
          hidden={!expanded}
        >
          {children}
        </FilterPanel.Root>
      ) : null}
    </Flex>
  );
}
