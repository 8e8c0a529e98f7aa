export {
  DATE_VALUE_FORMAT,
  type DateBound,
  DatePicker,
  type DatePickerProps,
  datePickerDefaults,
} from './DatePicker';
export { LazyDatePicker, preloadDatePicker } from './LazyDatePicker';
