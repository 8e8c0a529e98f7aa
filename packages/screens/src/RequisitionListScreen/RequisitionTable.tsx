import type { Schemas } from '@purchasing/api-client';
import { formatDate, formatMoney, StatusBadge } from '@purchasing/ui';
import {
  Box,
  Flex,
  IconButton,
  Link,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@radix-ui/themes';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import {
  type CSSProperties,
  type ReactElement,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { categoryLabel } from '../shared/display';

type RequisitionSummary = Schemas['RequisitionSummary'];

/** What the cells need from the screen: who may change a row, and how to ask for a deletion. */
interface RequisitionTableMeta {
  canChange(requisition: RequisitionSummary): boolean;
  onDelete(requisition: RequisitionSummary): void;
}

/** Layout of a column: alignment, width and whether its cell names the row. */
interface ColumnLayout {
  align?: 'left' | 'right';
  /** Stays at the right edge when the table scrolls sideways on a narrow screen. */
  stickyEnd?: boolean;
  minWidth?: number;
  width?: number;
  rowHeader?: boolean;
}

const features = tableFeatures({
  tableMeta: {} as RequisitionTableMeta,
  columnMeta: {} as ColumnLayout,
});

const helper = createColumnHelper<typeof features, RequisitionSummary>();

const columns = helper.columns([
  helper.accessor('requisition_number', {
    header: 'Requisition',
    cell: (info) => <NumberCell requisition={info.row.original} />,
    meta: { rowHeader: true, minWidth: 200 },
  }),
  helper.accessor((r) => `${r.requestor.first_name} ${r.requestor.last_name}`, {
    id: 'requestor',
    header: 'Requestor',
    cell: (info) => (
      <Flex direction="column" minWidth="0">
        <Text size="2">{info.getValue()}</Text>
        <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
          {info.row.original.requestor.email}
        </Text>
      </Flex>
    ),
    meta: { minWidth: 160 },
  }),
  helper.accessor('category', {
    header: 'Category',
    cell: (info) => categoryLabel(info.getValue()),
  }),
  helper.accessor('total_amount', {
    header: 'Amount',
    cell: (info) => (
      <Text style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(info.getValue(), info.row.original.currency)}
      </Text>
    ),
    meta: { align: 'right' },
  }),
  helper.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
  helper.accessor('created_at', {
    header: 'Created',
    cell: (info) => <Text style={{ whiteSpace: 'nowrap' }}>{formatDate(info.getValue())}</Text>,
  }),
  helper.display({
    id: 'actions',
    header: 'Actions',
    cell: (info) => {
      const meta = info.table.options.meta;
      const requisition = info.row.original;
      return (
        <RowActions
          requisition={requisition}
          canChange={meta?.canChange(requisition) ?? false}
          onDelete={() => meta?.onDelete(requisition)}
        />
      );
    },
    meta: { width: 120, stickyEnd: true },
  }),
]);

function cellStyle(layout: ColumnLayout | undefined, overflowing = false): CSSProperties {
  const style: CSSProperties = {
    textAlign: layout?.align ?? 'left',
    minWidth: layout?.minWidth,
    width: layout?.width,
  };
  if (!layout?.stickyEnd) return style;
  return {
    ...style,
    position: 'sticky',
    right: 0,
    zIndex: 1,
    // Opaque, so the cells scrolling under it do not show through; it keeps the row's own tint, and
    // a line marks its edge while there is something to scroll.
    backgroundColor: 'var(--color-panel-solid)',
    backgroundImage: [
      overflowing ? 'linear-gradient(to right, var(--gray-a5) 1px, transparent 1px)' : null,
      'linear-gradient(var(--table-row-background-color), var(--table-row-background-color))',
    ]
      .filter(Boolean)
      .join(', '),
  };
}

/**
 * Lets the sticky column stick, and tells whether the table is wider than its box. Radix Themes clips
 * the surface table with `overflow: hidden`, which makes the table itself the sticky cells' scroll
 * container; `clip` clips the same rounded corners without being one.
 */
function useScrollableTable(root: RefObject<HTMLDivElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = root.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    table.style.overflow = 'clip';
    const measure = () => setOverflowing(table.offsetWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(table);
    return () => observer.disconnect();
  }, [root]);
  return overflowing;
}

/** Props of {@link RequisitionTable}. */
export interface RequisitionTableProps {
  /** The rows of the page shown. */
  requisitions: readonly RequisitionSummary[];
  /** Whether the signed-in user may edit and delete this requisition (hides the buttons only). */
  canChange(requisition: RequisitionSummary): boolean;
  /** Asks to delete a requisition (the screen confirms first). */
  onDelete(requisition: RequisitionSummary): void;
  /** Shows placeholder rows instead of `requisitions`, while the first page loads. */
  loading?: boolean;
  /** Dims the rows and marks the table busy while another page loads over them. */
  busy?: boolean;
}

const SKELETON_ROWS = 5;

/**
 * The requisitions of one page as a table (TanStack Table for the column model, Radix Themes for the
 * markup): number and justification, requestor, category, amount, status, created date and the row
 * actions. The number cell is the row header, so a screen reader announces it with every cell.
 */
export function RequisitionTable({
  requisitions,
  canChange,
  onDelete,
  loading = false,
  busy = false,
}: RequisitionTableProps): ReactElement {
  const rootRef = useRef<HTMLDivElement>(null);
  const overflowing = useScrollableTable(rootRef);
  const table = useTable(
    {
      features,
      columns,
      // A fresh array each render would rebuild the row model; the query's array is stable.
      data: requisitions as RequisitionSummary[],
      getRowId: (row) => row.id,
      meta: { canChange, onDelete },
    },
    () => null,
  );

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
          <caption>Requisitions</caption>
        </VisuallyHidden>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => (
                <Table.ColumnHeaderCell
                  key={header.id}
                  style={{ ...cellStyle(header.column.columnDef.meta, overflowing), whiteSpace: 'nowrap' }}
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
                  {table.getAllLeafColumns().map((column) => (
                    <Table.Cell key={column.id} style={cellStyle(column.columnDef.meta, overflowing)}>
                      <Skeleton>
                        <Text>{column.id === 'requisition_number' ? 'REQ-2026-00000' : 'Loading'}</Text>
                      </Skeleton>
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            : table.getRowModel().rows.map((row) => (
                <Table.Row key={row.id} align="center">
                  {row.getAllCells().map((cell) => {
                    const layout = cell.column.columnDef.meta;
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

// Long justifications stop after two lines; the whole text stays in the title and the detail page.
const twoLines: CSSProperties = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
};

function NumberCell({ requisition }: { requisition: RequisitionSummary }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  return (
    <Flex direction="column" gap="1" minWidth="0" style={{ maxWidth: 260 }}>
      <Link {...link} weight="medium" style={{ whiteSpace: 'nowrap' }}>
        {requisition.requisition_number}
      </Link>
      {requisition.justification ? (
        <Text size="1" color="gray" weight="regular" title={requisition.justification} style={twoLines}>
          {requisition.justification}
        </Text>
      ) : null}
    </Flex>
  );
}

function RowActions({
  requisition,
  canChange,
  onDelete,
}: {
  requisition: RequisitionSummary;
  canChange: boolean;
  onDelete(): void;
}): ReactElement {
  const { navigation } = usePurchasing();
  const view = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  const edit = useLinkProps(navigation.hrefs.requisitionEdit(requisition.id));
  const number = requisition.requisition_number;
  return (
    <Flex gap="2" align="center">
      <Tooltip content="View">
        <IconButton asChild variant="ghost" color="gray" size="2" m="0">
          <a href={view.href} onClick={view.onClick} aria-label={`View ${number}`}>
            <Eye size={16} aria-hidden />
          </a>
        </IconButton>
      </Tooltip>
      {canChange ? (
        <>
          <Tooltip content="Edit">
            <IconButton asChild variant="ghost" color="gray" size="2" m="0">
              <a href={edit.href} onClick={edit.onClick} aria-label={`Edit ${number}`}>
                <Pencil size={16} aria-hidden />
              </a>
            </IconButton>
          </Tooltip>
          <Tooltip content="Delete">
            <IconButton
              type="button"
              variant="ghost"
              color="red"
              size="2"
              m="0"
              aria-label={`Delete ${number}`}
              onClick={onDelete}
            >
              <Trash2 size={16} aria-hidden />
            </IconButton>
          </Tooltip>
        </>
      ) : null}
    </Flex>
  );
}
