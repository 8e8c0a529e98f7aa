import {
  DatePicker,
  type DatePickerProps,
  NumberInput,
  type NumberInputProps,
  SelectDropdown,
  type SelectOption,
  type SingleSelectDropdownProps,
  TextArea,
  type TextAreaProps,
  TextField,
  type TextFieldProps,
} from '@purchasing/ui';
import type { ReactElement } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * What binds a widget to a react-hook-form field: the form's `control` and the field's `name`. The
 * widget gets the field's value, change, blur and ref, and shows the field's error under it.
 */
interface Bound<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/** The widget's own props without those the binding gives it. */
type Rest<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'name' | 'error'>;

/** Props of {@link FormTextField}. */
export type FormTextFieldProps<T extends FieldValues, TOut = T> = Bound<T, TOut> & Rest<TextFieldProps>;

/** A {@link TextField} bound to a form field. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormTextFieldProps<T, TOut>): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField {...field} {...props} error={fieldState.error?.message} />
      )}
    />
  );
}

/**
 * A {@link FormTextField} of a record's form (a vendor, a product): the values are the record's, not
 * the user's, so the browser offers no autofill.
 */
export function RecordTextField<T extends FieldValues, TOut = T>(
  props: FormTextFieldProps<T, TOut>,
): ReactElement {
  return <FormTextField autoComplete="off" {...props} />;
}

/** Props of {@link FormTextArea}. */
export type FormTextAreaProps<T extends FieldValues, TOut = T> = Bound<T, TOut> & Rest<TextAreaProps>;

/** A {@link TextArea} bound to a form field: three rows that grow downwards, as every form's notes. */
export function FormTextArea<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormTextAreaProps<T, TOut>): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextArea {...field} rows={3} resize="vertical" {...props} error={fieldState.error?.message} />
      )}
    />
  );
}

/** Props of {@link FormSelect}. */
export type FormSelectProps<T extends FieldValues, TOut = T> = Bound<T, TOut> &
  Rest<Omit<SingleSelectDropdownProps, 'multiple'>> & {
    /** A choice marks the field touched at once (its rules speak without waiting for a blur). */
    touchOnChange?: boolean;
    /**
     * An option first in the list that stands for no choice ('' in the form), e.g. 'None' or 'No
     * default': shown while the field is empty, and choosing it empties the field.
     */
    none?: SelectOption;
  };

/**
 * A single {@link SelectDropdown} bound to a text field: no choice is '' in the form. A required choice
 * without `clearable` offers a closed list (`searchable={false}`) unless told otherwise.
 */
export function FormSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  touchOnChange = false,
  none,
  options,
  ...props
}: FormSelectProps<T, TOut>): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectDropdown
          {...props}
          options={none ? [none, ...options] : options}
          value={field.value || none?.value || null}
          onChange={(value) => {
            field.onChange(value === null || value === none?.value ? '' : value);
            if (touchOnChange) field.onBlur();
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A required choice from a short fixed list (a category, the payment terms, a unit): a closed list
 * without a search box, never emptied.
 */
export function FormChoice<T extends FieldValues, TOut = T>(props: FormSelectProps<T, TOut>): ReactElement {
  return <FormSelect required searchable={false} clearable={false} {...props} />;
}

/** Props of {@link FormDatePicker}. */
export type FormDatePickerProps<T extends FieldValues, TOut = T> = Bound<T, TOut> & Rest<DatePickerProps>;

/** A {@link DatePicker} bound to a form field (an ISO date, '' when none). */
export function FormDatePicker<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: FormDatePickerProps<T, TOut>): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Props of {@link FormNumberInput}. */
export type FormNumberInputProps<T extends FieldValues, TOut = T> = Bound<T, TOut> &
  Rest<NumberInputProps> & {
    /** After the field's own blur, e.g. checking this field by the form's rules. */
    onBlurred?(name: FieldPath<T>): void;
  };

/** A {@link NumberInput} bound to a form field. */
export function FormNumberInput<T extends FieldValues, TOut = T>({
  control,
  name,
  onBlurred,
  ...props
}: FormNumberInputProps<T, TOut>): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          ref={field.ref}
          {...props}
          value={field.value}
          onChange={field.onChange}
          onBlur={() => {
            field.onBlur();
            onBlurred?.(name);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
