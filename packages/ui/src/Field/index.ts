export { FieldLabel, type FieldLabelProps, FieldMessage, type FieldMessageProps } from './Field';
