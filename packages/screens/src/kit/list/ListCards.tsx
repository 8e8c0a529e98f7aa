import { Box, Card, DataList, Flex, Skeleton, Text } from '@radix-ui/themes';
import { type Cell, FlexRender, type Row, type TableFeatures } from '@tanstack/react-table';
import { type ReactElement, type ReactNode, startTransition, useEffect, useId, useState } from 'react';
import { type CardSlot, type ColumnLayout, cardSlot } from './tableLayout';

/** Props of {@link ListCards}. */
export interface ListCardsProps<TFeatures extends TableFeatures, TRow extends { id: string }> {
  /** The table's rows (from the same column model as the table). */
  rows: Row<TFeatures, TRow>[];
  /** The list's accessible name, as the table's caption. */
  caption: string;
  /** Shows placeholder cards instead of the rows, while the first page loads. */
  loading: boolean;
  /** The placeholder text of the title while loading, as wide as a real value. */
  titlePlaceholder: string;
}

const SKELETON_CARDS = 3;
/**
 * Cards rendered with the page, then as many more at a time in the background: about a phone screen's
 * worth. A page's cards rendered at once held a phone's main thread for one long task (hundreds of
 * milliseconds at 4× CPU, issue 19); in batches each render and commit is short and the browser paints
 * and answers input between them.
 */
const CARDS_PER_BATCH = 3;
/** The height kept for a card not rendered yet (about a card's), so the pager below stays put. */
const PENDING_CARD_HEIGHT = 244;

/**
 * How many of a page's `total` cards to render: a batch more after each commit, until all are. `ids`
 * names the page (its rows' ids): another page starts again at one batch.
 */
function useCardsInBatches(ids: string, total: number): number {
  const [shown, setShown] = useState({ ids, count: CARDS_PER_BATCH });
  const count = shown.ids === ids ? shown.count : CARDS_PER_BATCH;
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setShown({ ids, count: count + CARDS_PER_BATCH }));
  }, [ids, count, total]);
  return count;
}

// Column meta is typed by each table's features; listColumns declares it as a ColumnLayout.
const layoutOf = (meta: unknown) => meta as ColumnLayout | undefined;

/**
 * One page of a list as stacked cards, for phones (issue 19, item 5): each row is a card with its
 * title (the row header) and status side by side, the amount large under them, the other columns as
 * labelled fields, and the row's actions along its foot. The cells are the table's own, so links,
 * badges and actions are the same on both layouts; each column's `card` meta says where it goes.
 */
export function ListCards<TFeatures extends TableFeatures, TRow extends { id: string }>({
  rows,
  caption,
  loading,
  titlePlaceholder,
}: ListCardsProps<TFeatures, TRow>): ReactElement {
  const shown = useCardsInBatches(rows.map((row) => row.id).join('\n'), loading ? 0 : rows.length);
  return (
    <Flex asChild direction="column" gap="3">
      <ul aria-label={caption} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {loading
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
              <li key={index} aria-hidden>
                <Card size="2">
                  <Flex direction="column" gap="2">
                    <Skeleton>
                      <Text weight="medium">{titlePlaceholder}</Text>
                    </Skeleton>
                    <Skeleton>
                      <Text size="5">Loading amount</Text>
                    </Skeleton>
                    <Skeleton>
                      <Text size="2">Loading the details of this row</Text>
                    </Skeleton>
                  </Flex>
                </Card>
              </li>
            ))
          : rows.map((row, index) =>
              index < shown ? (
                <li key={row.id}>
                  <RowCard row={row} />
                </li>
              ) : (
                <li key={row.id} aria-hidden style={{ height: PENDING_CARD_HEIGHT }} />
              ),
            )}
      </ul>
    </Flex>
  );
}

function RowCard<TFeatures extends TableFeatures, TRow extends { id: string }>({
  row,
}: {
  row: Row<TFeatures, TRow>;
}): ReactElement {
  const titleId = useId();
  const slots: Record<CardSlot, Cell<TFeatures, TRow, unknown>[]> = {
    title: [],
    status: [],
    amount: [],
    field: [],
    actions: [],
    hidden: [],
  };
  for (const cell of row.getAllCells()) {
    slots[cardSlot(layoutOf(cell.column.columnDef.meta))].push(cell);
  }
  const titleValue = slots.title[0]?.getValue();
  const render = (cells: Cell<TFeatures, TRow, unknown>[]): ReactNode =>
    cells.map((cell) => <FlexRender key={cell.id} cell={cell} />);

  return (
    <Card asChild size="2">
      <article
        {...(typeof titleValue === 'string' ? { 'aria-label': titleValue } : { 'aria-labelledby': titleId })}
      >
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3">
            <Box id={titleId} minWidth="0" flexGrow="1">
              {render(slots.title)}
            </Box>
            {slots.status.length ? (
              <Flex gap="2" flexShrink="0">
                {render(slots.status)}
              </Flex>
            ) : null}
          </Flex>
          {slots.amount.length ? (
            // Column so the base amount line sits under the amount whatever its own alignment.
            <Flex
              direction="column"
              align="start"
              style={{ fontSize: 'var(--font-size-5)', fontWeight: 600 }}
            >
              {render(slots.amount)}
            </Flex>
          ) : null}
          {slots.field.length ? (
            <DataList.Root size="2" orientation="horizontal" style={{ gap: 'var(--space-2)' }}>
              {slots.field.map((cell) => {
                const layout = layoutOf(cell.column.columnDef.meta);
                const header = cell.column.columnDef.header;
                return (
                  <DataList.Item key={cell.id} align="start">
                    <DataList.Label minWidth="88px">
                      {layout?.cardLabel ?? (typeof header === 'string' ? header : cell.column.id)}
                    </DataList.Label>
                    <DataList.Value style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <FlexRender cell={cell} />
                    </DataList.Value>
                  </DataList.Item>
                );
              })}
            </DataList.Root>
          ) : null}
          {slots.actions.length ? (
            <Flex justify="end" gap="2" pt="2" style={{ borderTop: '1px solid var(--gray-a4)' }}>
              {render(slots.actions)}
            </Flex>
          ) : null}
        </Flex>
      </article>
    </Card>
  );
}
