export { OutOfOfficeScreen, type OutOfOfficeScreenProps, outOfOfficeMessages } from './OutOfOfficeScreen';
