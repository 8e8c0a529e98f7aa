import { Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';

/** Grey text for a value that is missing ('Not provided', '—'). */
export function Muted({ children }: { children: ReactNode }): ReactElement {
  return <Text color="gray">{children}</Text>;
}
