export {
  countActiveFilters,
  type FilterDefinition,
  FilterPanel,
  type FilterPanelFieldProps,
  type FilterPanelRootProps,
  type FilterType,
  type FilterValues,
  filterPanelMessages,
  filterTypes,
  isActiveFilterValue,
} from './FilterPanel';
