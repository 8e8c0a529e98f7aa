/**
 * Layout of the list tables (TanStack Table column model, Radix Themes markup): per-column alignment and
 * widths, and an actions column that stays at the right edge while a narrow screen scrolls the table.
 */
import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';

/** Layout of a column: alignment, width and whether its cell names the row. */
export interface ColumnLayout {
  align?: 'left' | 'right';
  /** Stays at the right edge when the table scrolls sideways on a narrow screen. */
  stickyEnd?: boolean;
  minWidth?: number;
  width?: number;
  /** The cell is the row's header (`<th scope="row">`), announced with every other cell. */
  rowHeader?: boolean;
  /**
   * Where the cell goes on a phone, where each row is a card (see `ListCards`): the card's `title`
   * (top left; the row header by default), its `status` (top right), its `amount` (large, under the
   * title), a labelled `field` (the default), the `actions` along its foot (the sticky-end column by
   * default), or `hidden` (left to the detail page).
   */
  card?: CardSlot;
  /** The label of a `field` on a card, when it is not the column's header text. */
  cardLabel?: string;
}

/** Where a column's cell goes on a row's card: see {@link ColumnLayout.card}. */
export type CardSlot = 'title' | 'status' | 'amount' | 'field' | 'actions' | 'hidden';

/** The card slot of a column laid out as `layout`, with the defaults of {@link ColumnLayout.card}. */
export function cardSlot(layout: ColumnLayout | undefined): CardSlot {
  if (layout?.card) return layout.card;
  if (layout?.rowHeader) return 'title';
  if (layout?.stickyEnd) return 'actions';
  return 'field';
}

/** The inline style of a header or body cell of a column laid out as `layout`. */
export function cellStyle(layout: ColumnLayout | undefined, overflowing = false): CSSProperties {
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
 * Lets the sticky column of the table inside `root` stick, and tells whether the table is wider than
 * its box. Radix Themes clips the surface table with `overflow: hidden`, which makes the table itself the
 * sticky cells' scroll container; `clip` clips the same rounded corners without being one. Pass
 * `shown` false while the table is not rendered (a phone shows cards), so it measures again on return.
 */
export function useScrollableTable(root: RefObject<HTMLDivElement | null>, shown = true): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    if (!shown) return;
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
  }, [root, shown]);
  return overflowing;
}
