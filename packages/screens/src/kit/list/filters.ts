import type { FilterDefinition, SelectOption } from '@purchasing/ui';

/**
 * A multi-select filter of the filter panel: `anyLabel` ('Any vendor') when nothing is ticked, and
 * 'Loading...' instead while its options (read from a query) are still on their way.
 */
export function multiselectFilter(
  key: string,
  label: string,
  anyLabel: string,
  options: SelectOption[],
  loading = false,
): FilterDefinition {
  return { key, label, type: 'multiselect', placeholder: loading ? 'Loading...' : anyLabel, options };
}
