/**
 * @purchasing/ui: the purchasing platform's widgets on Radix Themes. The host imports
 * `@radix-ui/themes/styles.css` once and wraps the app in Radix's `<Theme>`.
 */

export {
  type BadgeColor,
  DaysPendingBadge,
  type DaysPendingBadgeProps,
  daysPendingBadgeLevels,
  daysPendingColor,
  defaultRoleBadgeColor,
  purchaseOrderStatusBadges,
  RoleBadge,
  type RoleBadgeProps,
  requisitionStatusBadges,
  roleBadgeColor,
  roleBadgeColors,
  StatusBadge,
  type StatusBadgeProps,
} from './Badge';
export { Breadcrumb, type BreadcrumbItem, type BreadcrumbProps } from './Breadcrumb';
export { Button, type ButtonProps, type ButtonVariant, buttonVariants } from './Button';
export { Callout, type CalloutProps, type CalloutVariant, calloutVariants } from './Callout';
export { Card, type CardProps } from './Card';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  type ConfirmDialogVariant,
  confirmDialogVariants,
} from './ConfirmDialog';
export {
  CURRENCIES,
  type CurrencyCode,
  CurrencyInput,
  type CurrencyInputProps,
  type CurrencyOption,
  currencyDecimals,
  sanitizeAmount,
} from './CurrencyInput';
export {
  DATE_VALUE_FORMAT,
  type DateBound,
  DatePicker,
  type DatePickerProps,
  datePickerDefaults,
  LazyDatePicker,
  preloadDatePicker,
} from './DatePicker';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export {
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_SIZE,
  type FileRejection,
  FileUploader,
  type FileUploaderProps,
  type FileUploadItem,
  type FileUploadStatus,
  fileUploadStatuses,
  matchesAccept,
  validateFiles,
} from './FileUploader';
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
export {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatPercent,
  formatRelativeTime,
} from './format';
export { Modal, type ModalProps, type ModalSize, modalSizes } from './Modal';
export { NumberInput, type NumberInputProps } from './NumberInput';
export { getPageWindow, MAX_PAGE_BUTTONS, PAGE_SIZE_OPTIONS, Pager, type PagerProps } from './Pager';
export {
  type PortalContainer,
  PortalContainerProvider,
  type PortalContainerProviderProps,
  usePortalContainer,
} from './PortalContainer';
export { SearchBar, type SearchBarProps } from './SearchBar';
export {
  type MultiSelectDropdownProps,
  SelectDropdown,
  type SelectDropdownProps,
  type SelectOption,
  type SingleSelectDropdownProps,
  selectDropdownMessages,
} from './SelectDropdown';
export { FullPageSpinner, type FullPageSpinnerProps, Spinner, type SpinnerProps } from './Spinner';
export { StatTile, type StatTileProps } from './StatTile';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextField, type TextFieldProps } from './TextField';
export { Toaster, type ToasterProps, toast, toasterConfig } from './Toaster';
export { ToggleSwitch, type ToggleSwitchProps } from './ToggleSwitch';
export { Typeahead, type TypeaheadProps, typeaheadDefaults, typeaheadMessages } from './Typeahead';
