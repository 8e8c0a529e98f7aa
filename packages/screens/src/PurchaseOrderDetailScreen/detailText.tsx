import { Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';

/** Grey text, for what is missing. */
export function Muted({ children }: { children: ReactNode }): ReactElement {
  return <Text color="gray">{children}</Text>;
}

/** A multi-line value as written, or "Not provided". */
export const longText = (value: string | null | undefined): ReactNode =>
  value?.trim() ? (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
  ) : (
    <Muted>Not provided</Muted>
  );
