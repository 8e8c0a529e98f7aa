/**
 * @purchasing/ui: the purchasing platform's widgets on Radix Themes. The host imports
 * `@radix-ui/themes/styles.css` once and wraps the app in Radix's `<Theme>`.
 */
export { Button, type ButtonProps, type ButtonVariant, buttonVariants } from './Button';
export { Callout, type CalloutProps, type CalloutVariant, calloutVariants } from './Callout';
export { Card, type CardProps } from './Card';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { formatFileSize, formatMoney, formatPercent, formatRelativeTime } from './format';
export { FullPageSpinner, type FullPageSpinnerProps, Spinner, type SpinnerProps } from './Spinner';
export { StatTile, type StatTileProps } from './StatTile';
export { TextField, type TextFieldProps } from './TextField';
export { Toaster, type ToasterProps, toast, toasterConfig } from './Toaster';
