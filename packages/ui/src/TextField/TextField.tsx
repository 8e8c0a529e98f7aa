import { Flex, IconButton, TextField as RadixTextField } from '@radix-ui/themes';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useId, useState } from 'react';
import { FieldLabel, FieldMessage } from '../Field';

type RadixRootProps = ComponentPropsWithoutRef<typeof RadixTextField.Root>;

/** Props of {@link TextField}: the input's own props plus a visible label, hint and error text. */
export interface TextFieldProps extends Omit<RadixRootProps, 'children'> {
  /** Visible label, tied to the input. */
  label: string;
  /** Error text shown under the input; marks the input invalid. */
  error?: string;
  /** Help text shown under the input when there is no error. */
  hint?: string;
  /** Icon or other content at the start of the input. */
  startAdornment?: ReactNode;
}

/**
 * A labelled text input with error and hint text. With `type="password"` it adds a labelled button
 * that shows or hides the password.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, startAdornment, id, type = 'text', disabled, required, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const message = error ?? hint;

  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <RadixTextField.Root
        ref={ref}
        id={inputId}
        type={isPassword && revealed ? 'text' : type}
        disabled={disabled}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        color={error ? 'red' : undefined}
        size="3"
        {...rest}
      >
        {startAdornment ? <RadixTextField.Slot>{startAdornment}</RadixTextField.Slot> : null}
        {isPassword ? (
          <RadixTextField.Slot side="right">
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              size="1"
              disabled={disabled}
              aria-label={revealed ? 'Hide password' : 'Show password'}
              aria-pressed={revealed}
              aria-controls={inputId}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
            </IconButton>
          </RadixTextField.Slot>
        ) : null}
      </RadixTextField.Root>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </Flex>
  );
});
