import { Table, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/**
 * The header of a table's actions column, named 'Actions' for screen readers only; nothing when the
 * user has no action to take (`show` false), so the column is left out.
 */
export function ActionsHeaderCell({
  show,
  justify,
}: {
  show: boolean;
  justify?: 'start' | 'center' | 'end';
}): ReactElement | null {
  if (!show) return null;
  return (
    <Table.ColumnHeaderCell justify={justify}>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.ColumnHeaderCell>
  );
}
