export {
  type MultiSelectDropdownProps,
  SelectDropdown,
  type SelectDropdownProps,
  type SelectOption,
  type SingleSelectDropdownProps,
  selectDropdownMessages,
} from './SelectDropdown';
