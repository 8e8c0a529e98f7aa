import { Flex, Callout as RadixCallout } from '@radix-ui/themes';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';

/** Colour, icon and ARIA role of each {@link Callout} variant. */
export const calloutVariants = {
  info: { color: 'blue', Icon: Info, role: 'status' },
  success: { color: 'green', Icon: CheckCircle2, role: 'status' },
  warning: { color: 'amber', Icon: AlertTriangle, role: 'status' },
  error: { color: 'red', Icon: XCircle, role: 'alert' },
} as const;

/** A {@link Callout} variant. */
export type CalloutVariant = keyof typeof calloutVariants;

/** Props of {@link Callout}. */
export interface CalloutProps {
  /** Tone of the message; `error` is announced as an alert. Defaults to 'info'. */
  variant?: CalloutVariant;
  /** The message. */
  children: ReactNode;
  /** An action beside the message, e.g. a Retry button. */
  action?: ReactNode;
}

/**
 * An inline message box (information, success, warning or error) with an optional action. It is
 * `highContrast` (the colour's step-12 text): Radix's default step-11 text of blue, green and amber is
 * below WCAG AA's 4.5:1 on the soft background.
 */
export function Callout({ variant = 'info', children, action }: CalloutProps): ReactElement {
  const { color, Icon, role } = calloutVariants[variant];
  return (
    <RadixCallout.Root color={color} highContrast role={role}>
      <RadixCallout.Icon>
        <Icon size={16} aria-hidden />
      </RadixCallout.Icon>
      <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
        <RadixCallout.Text>{children}</RadixCallout.Text>
        {action}
      </Flex>
    </RadixCallout.Root>
  );
}
