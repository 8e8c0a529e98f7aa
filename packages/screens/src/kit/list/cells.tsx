/** Cells that several list tables write the same way. */
import { formatDate } from '@purchasing/ui';
import { Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** A day in a list cell (a created or due date), on one line. */
export function DateCell({ date }: { date: string }): ReactElement {
  return <Text style={{ whiteSpace: 'nowrap' }}>{formatDate(date)}</Text>;
}
