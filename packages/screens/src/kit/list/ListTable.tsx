import { Box, Skeleton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import {
  type ColumnDef,
  createColumnHelper,
  type ExtractTableMeta,
  type TableFeatures,
  type TableOptions,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { useNarrowScreen } from '../useNarrowScreen';
import { ListCards } from './ListCards';
import { type ColumnLayout, cellStyle, useScrollableTable } from './tableLayout';

/**
 * The column model of a list table for rows of `TRow`: `features` to give {@link ListTable} and a
 * column helper whose columns take a {@link ColumnLayout} as `meta` and may read `TMeta` (what the
 * cells need from the screen, e.g. who may change a row) from `info.table.options.meta`.
 *
 * @example
 * const { features, column } = listColumns<RequisitionSummary, { onDelete(r: RequisitionSummary): void }>();
 * const columns = column.columns([column.accessor('requisition_number', { header: 'Requisition', meta: { rowHeader: true } })]);
 */
export function listColumns<TRow extends { id: string }, TMeta extends object = object>() {
  const features = tableFeatures({ tableMeta: {} as TMeta, columnMeta: {} as ColumnLayout });
  const column = createColumnHelper<typeof features, TRow>();
  /** The row's actions, last and 120 px wide, kept in view while a narrow table scrolls sideways. */
  const actions = (render: (row: TRow, meta: TMeta | undefined) => ReactNode) =>
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (info) => render(info.row.original, info.table.options.meta as TMeta | undefined),
      meta: { width: 120, stickyEnd: true },
    });
  return { features, column, actions };
}

/** The column definitions of a list table, as {@link ListScreen} takes them. */
export interface ListColumns<TFeatures extends TableFeatures, TRow extends { id: string }> {
  /** From {@link listColumns}. */
  features: TFeatures;
  /** Each column's `meta` is its {@link ColumnLayout}; one column is the row header. */
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type, as helper.columns() types them
  columns: ColumnDef<TFeatures, TRow, any>[];
  /** What the cells read from `info.table.options.meta`. */
  meta?: ExtractTableMeta<TFeatures, TRow>;
  /** The table's accessible name (a visually hidden caption), e.g. 'Requisitions'. */
  caption: string;
  /** The placeholder text of the row header column while loading, as wide as a real value (e.g. 'PO-2026-00000'). */
  rowHeaderPlaceholder: string;
}

/** Props of {@link ListTable}. */
export interface ListTableProps<TFeatures extends TableFeatures, TRow extends { id: string }>
  extends ListColumns<TFeatures, TRow> {
  /** The rows of the page shown (a stable array: a fresh one each render rebuilds the row model). */
  rows: readonly TRow[];
  /** Shows placeholder rows instead of the rows, while the first page loads. */
  loading?: boolean;
  /** Dims the rows and marks the table busy while another page loads over them. */
  busy?: boolean;
}

const SKELETON_ROWS = 5;

/**
 * One page of a list as a table (Radix Themes markup over a TanStack Table column model, rows keyed by
 * their `id`): header cells
 * that do not wrap, the row header column as `<th scope="row">`, five placeholder rows while loading,
 * rows dimmed while the next page loads, and the sticky actions column of {@link useScrollableTable}.
 * On a phone ({@link useNarrowScreen}) the same rows and cells show as stacked cards ({@link ListCards}).
 */
export function ListTable<TFeatures extends TableFeatures, TRow extends { id: string }>({
  features,
  columns,
  meta,
  rows,
  caption,
  loading = false,
  busy = false,
  rowHeaderPlaceholder,
}: ListTableProps<TFeatures, TRow>): ReactElement {
  const options = { features, columns, data: rows as TRow[], getRowId: (row: TRow) => row.id, meta };
  const table = useTable(
    // The features come from listColumns, which validated them; a generic TFeatures cannot show it.
    options as unknown as TableOptions<TFeatures, TRow>,
    // No state is read here: the table re-renders with its props only.
    () => null,
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowScreen();
  const overflowing = useScrollableTable(rootRef, !narrow);
  // Column meta is typed by each table's features; listColumns declares it as a ColumnLayout.
  const layoutOf = (meta: unknown) => meta as ColumnLayout | undefined;

  return (
    <Box
      aria-busy={loading || busy || undefined}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {narrow ? (
        <ListCards
          rows={table.getRowModel().rows}
          caption={caption}
          loading={loading}
          titlePlaceholder={rowHeaderPlaceholder}
        />
      ) : (
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
      )}
    </Box>
  );
}
