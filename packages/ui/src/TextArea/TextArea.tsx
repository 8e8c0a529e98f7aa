import { Flex, TextArea as RadixTextArea, Text } from '@radix-ui/themes';
import { type ChangeEvent, type ComponentPropsWithoutRef, forwardRef, useId, useState } from 'react';
import { FieldLabel } from '../Field';

type RadixTextAreaProps = ComponentPropsWithoutRef<typeof RadixTextArea>;

/** Props of {@link TextArea}: the textarea's own props plus a visible label, hint and error text. */
export interface TextAreaProps extends Omit<RadixTextAreaProps, 'children'> {
  /** Visible label, tied to the textarea. */
  label: string;
  /** Error text shown under the textarea; marks it invalid. */
  error?: string;
  /** Help text shown under the textarea when there is no error. */
  hint?: string;
  /** Longest text allowed; when given, a character count ('12/500') is shown and describes the field. */
  maxLength?: number;
}

/** A labelled multi-line text input with error and hint text and, with `maxLength`, a character count. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, maxLength, id, required, value, defaultValue, onChange, ...rest },
  ref,
) {
  const generatedId = useId();
  const textAreaId = id ?? generatedId;
  const messageId = `${textAreaId}-message`;
  const countId = `${textAreaId}-count`;
  const [uncontrolledLength, setUncontrolledLength] = useState(() => String(defaultValue ?? '').length);
  const length = value === undefined ? uncontrolledLength : String(value).length;
  const message = error ?? hint;
  const describedBy = [message ? messageId : null, maxLength !== undefined ? countId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={textAreaId} required={required}>
        {label}
      </FieldLabel>
      <RadixTextArea
        ref={ref}
        id={textAreaId}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
          if (value === undefined) setUncontrolledLength(event.target.value.length);
          onChange?.(event);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        color={error ? 'red' : undefined}
        size="2"
        {...rest}
      />
      {message || maxLength !== undefined ? (
        <Flex justify="between" gap="3">
          {message ? (
            <Text id={messageId} size="1" color={error ? 'red' : 'gray'} role={error ? 'alert' : undefined}>
              {message}
            </Text>
          ) : (
            <span />
          )}
          {maxLength !== undefined ? (
            <Text
              id={countId}
              size="1"
              color={length >= maxLength ? 'red' : 'gray'}
              style={{ flexShrink: 0 }}
            >
              {length}/{maxLength}
            </Text>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
});
