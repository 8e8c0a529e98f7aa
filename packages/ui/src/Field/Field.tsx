import { Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';

/** Props of {@link FieldLabel}. */
export interface FieldLabelProps {
  /** Id of the control the label names. */
  htmlFor: string;
  /** Id of the label itself, for controls named with `aria-labelledby`. */
  id?: string;
  /** Shows the required marker (hidden from assistive technology: the control says it). */
  required?: boolean | undefined;
  children: ReactNode;
}

/** The label every form widget shows above its control, with the required marker. */
export function FieldLabel({ htmlFor, id, required, children }: FieldLabelProps): ReactElement {
  return (
    <Text as="label" id={id} htmlFor={htmlFor} size="2" weight="medium">
      {children}
      {required ? (
        <Text color="red" aria-hidden>
          {' *'}
        </Text>
      ) : null}
    </Text>
  );
}

/** Props of {@link FieldMessage}. */
export interface FieldMessageProps {
  /** Id the control points at with `aria-describedby`. */
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The error (announced as an alert) or else the hint under a form widget; nothing when neither. */
export function FieldMessage({ id, error, hint }: FieldMessageProps): ReactElement | null {
  const message = error ?? hint;
  if (!message) return null;
  return (
    <Text id={id} size="1" color={error ? 'red' : 'gray'} role={error ? 'alert' : undefined}>
      {message}
    </Text>
  );
}
