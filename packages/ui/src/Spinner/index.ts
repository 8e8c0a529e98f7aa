export { FullPageSpinner, type FullPageSpinnerProps, Spinner, type SpinnerProps } from './Spinner';
