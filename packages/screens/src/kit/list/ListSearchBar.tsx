import { type FilterDefinition, type FilterValues, LazyDatePicker, SearchBar } from '@purchasing/ui';
import type { ReactElement } from 'react';

/** Props of {@link ListSearchBar}. */
export interface ListSearchBarProps {
  /** Accessible name of the search box, e.g. 'Search purchase orders'. */
  label: string;
  placeholder: string;
  /** The search text as typed (debounced into the URL by the screen). */
  searchValue: string;
  onSearchChange(value: string): void;
  /** The panel's select and multi-select filters; the date range is added below them. */
  filters: FilterDefinition[];
  /** The current filter values, `date_from` and `date_to` (yyyy-MM-dd) among them. */
  values: FilterValues;
  /** Called with every filter value after any change (Clear All included). */
  onChange(values: FilterValues): void;
  /** Ends the panel with the 'Date from' / 'Date to' pair (`date_from`, `date_to`); true by default. */
  dateRange?: boolean;
}

/**
 * The search box and collapsible filter panel of the list screens, ending (unless `dateRange` is
 * false) with a 'Date from' / 'Date to' pair that bound each other, so the server is never asked for a range that ends before it starts.
 * The panel starts open when a filter is set. The date fields load their code (react-day-picker, date-fns)
 * when the panel first opens, not with the list (issue 12).
 */
export function ListSearchBar({ dateRange = true, ...bar }: ListSearchBarProps): ReactElement {
  const { values, onChange } = bar;
  const dateFrom = typeof values.date_from === 'string' ? values.date_from : undefined;
  const dateTo = typeof values.date_to === 'string' ? values.date_to : undefined;
  return (
    <SearchBar {...bar} defaultFiltersOpen={Object.keys(values).length > 0}>
      {dateRange ? (
        <>
          <LazyDatePicker
            label="Date from"
            value={dateFrom ?? null}
            maxDate={dateTo}
            onChange={(day) => onChange({ ...values, date_from: day ?? undefined })}
          />
          <LazyDatePicker
            label="Date to"
            value={dateTo ?? null}
            minDate={dateFrom}
            onChange={(day) => onChange({ ...values, date_to: day ?? undefined })}
          />
        </>
      ) : null}
    </SearchBar>
  );
}
