import { Modal } from '@purchasing/ui';
import { Code, Table } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { queueShortcuts } from './useQueueKeyboard';

/** The queue's keyboard shortcuts, listed (opened with `?` or the Keyboard shortcuts button). */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}): ReactElement {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" size="sm">
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Key</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>What it does</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {queueShortcuts.map((shortcut) => (
            <Table.Row key={shortcut.keys}>
              <Table.RowHeaderCell>
                <Code size="2">{shortcut.keys}</Code>
              </Table.RowHeaderCell>
              <Table.Cell>{shortcut.action}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Modal>
  );
}
