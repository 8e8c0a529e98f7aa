import { Box, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table';
import { type ReactElement, useRef } from 'react';
import { type ColumnLayout, cellStyle, useScrollableTable } from './tableLayout';

/** Props of {@link ListTable}. */
export interface ListTableProps<TFeatures extends TableFeatures, TData extends RowData, TSelected> {
  /** The table from `useTable`; each column's `meta` is its {@link ColumnLayout}. */
  table: ReactTable<TFeatures, TData, TSelected>;
  /** The table's accessible name (a visually hidden caption), e.g. 'Requisitions'. */
  caption: string;
  /** Shows placeholder rows instead of the table's rows, while the first page loads. */
  loading?: boolean;
  /** Dims the rows and marks the table busy while another page loads over them. */
  busy?: boolean;
  /** The placeholder text of the row header column while loading, as wide as a real value (e.g. 'PO-2026-00000'). */
  rowHeaderPlaceholder: string;
}

const SKELETON_ROWS = 5;

/**
 * One page of a list as a table (Radix Themes markup over a TanStack Table column model): header cells
 * that do not wrap, the row header column as `<th scope="row">`, five placeholder rows while loading,
 * rows dimmed while the next page loads, and the sticky actions column of {@link useScrollableTable}.
 */
export function ListTable<TFeatures extends TableFeatures, TData extends RowData, TSelected>({
  table,
  caption,
  loading = false,
  busy = false,
  rowHeaderPlaceholder,
}: ListTableProps<TFeatures, TData, TSelected>): ReactElement {
  const rootRef = useRef<HTMLDivElement>(null);
  const overflowing = useScrollableTable(rootRef);
  // Column meta is typed by each table's features; the list tables all declare it as a ColumnLayout.
  const layoutOf = (meta: unknown) => meta as ColumnLayout | undefined;

  return (
    <Box
      aria-busy={loading || busy || undefined}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      <Table.Root
        ref={rootRef}
        variant="surface"
        // Solid like the sticky column, which must hide what scrolls under it (the default panel is
        // translucent over the page).
        style={{ backgroundColor: 'var(--color-panel-solid)' }}
      >
        <VisuallyHidden asChild>
          <caption>{caption}</caption>
        </VisuallyHidden>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => (
                <Table.ColumnHeaderCell
                  key={header.id}
                  style={{
                    ...cellStyle(layoutOf(header.column.columnDef.meta), overflowing),
                    whiteSpace: 'nowrap',
                  }}
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Row key={index} aria-hidden>
                  {table.getAllLeafColumns().map((column) => {
                    const layout = layoutOf(column.columnDef.meta);
                    return (
                      <Table.Cell key={column.id} style={cellStyle(layout, overflowing)}>
                        <Skeleton>
                          <Text>{layout?.rowHeader ? rowHeaderPlaceholder : 'Loading'}</Text>
                        </Skeleton>
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))
            : table.getRowModel().rows.map((row) => (
                <Table.Row key={row.id} align="center">
                  {row.getAllCells().map((cell) => {
                    const layout = layoutOf(cell.column.columnDef.meta);
                    const Cell = layout?.rowHeader ? Table.RowHeaderCell : Table.Cell;
                    return (
                      <Cell key={cell.id} style={cellStyle(layout, overflowing)}>
                        <table.FlexRender cell={cell} />
                      </Cell>
                    );
                  })}
                </Table.Row>
              ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
