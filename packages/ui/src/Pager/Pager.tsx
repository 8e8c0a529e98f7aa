import { Box, Flex, IconButton, Select, Text } from '@radix-ui/themes';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import { usePortalContainer } from '../PortalContainer';

/** The page sizes a reader can choose (document 2 §9). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

/** How many numbered page buttons are visible at most (document 2 §9). */
export const MAX_PAGE_BUTTONS = 5;

/**
 * How many of them stay on a phone (below Radix's `xs` breakpoint, 520 px): five buttons of four-digit
 * pages (a deep page of a huge list) plus First/Previous/Next/Last do not fit in 390 px.
 */
const NARROW_PAGE_BUTTONS = 3;

/** A numbered page button grows with its number ('1001') instead of clipping it. */
const pageButtonStyle = {
  width: 'auto',
  minWidth: 'var(--base-button-height)',
  paddingInline: 'var(--space-2)',
} as const;

/**
 * The numbered pages to show: a window of at most `maxButtons` pages around `page`, kept inside
 * 1..`pageCount` (so near the ends the window shifts instead of shrinking). Empty when `pageCount` is 0.
 */
export function getPageWindow(page: number, pageCount: number, maxButtons = MAX_PAGE_BUTTONS): number[] {
  if (pageCount <= 0) return [];
  const size = Math.min(maxButtons, pageCount);
  const current = Math.min(Math.max(page, 1), pageCount);
  const start = Math.min(Math.max(current - Math.floor(size / 2), 1), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

/** Props of {@link Pager}. Pages are 1-based. */
export interface PagerProps {
  /** The current page, starting at 1. Values past the last page are shown as the last page. */
  page: number;
  /** Rows per page; one of `pageSizeOptions` for the select to show it. */
  pageSize: number;
  /** Total number of rows across all pages (with `totalCapped`, the number at which counting stopped). */
  total: number;
  /**
   * More rows match than `total` (the server stopped counting): the summary reads 'of 10,000+ results',
   * Last is disabled (the last page is unknown) and pages past the counted rows stay reachable while
   * the current page is full (see `pageRowCount`).
   */
  totalCapped?: boolean;
  /**
   * How many rows the current page holds. Only read with `totalCapped`: the range then ends with these
   * rows and Next stays enabled while the page is full. Without it a capped pager assumes full pages up
   * to the counted total.
   */
  pageRowCount?: number;
  /** Called with the page to show (1-based). */
  onPageChange: (page: number) => void;
  /**
   * Called with the newly chosen page size. The pager then also calls `onPageChange(1)` (when not
   * already on page 1), so the reader starts from the first rows. Without it the size select is hidden.
   */
  onPageSizeChange?: (pageSize: number) => void;
  /** Page sizes offered; defaults to {@link PAGE_SIZE_OPTIONS}. */
  pageSizeOptions?: readonly number[];
  /** Label of the page size select; defaults to 'Rows per page'. */
  pageSizeLabel?: string;
  /** Accessible name of the navigation landmark; defaults to 'Pagination'. */
  label?: string;
  /** Locale used to group the numbers of the summary text; defaults to 'en-AU'. */
  locale?: string;
}

/** Where the current page sits, for an exact total or a capped one. */
interface PagePosition {
  /** The page shown (0 with no results). */
  current: number;
  /** Pages the numbered buttons may reach. */
  pageCount: number;
  from: number;
  to: number;
  hasNext: boolean;
}

function exactPosition(page: number, size: number, total: number): PagePosition {
  const pageCount = Math.ceil(total / size);
  const current = pageCount === 0 ? 0 : Math.min(Math.max(page, 1), pageCount);
  return {
    current,
    pageCount,
    from: current === 0 ? 0 : (current - 1) * size + 1,
    to: current === 0 ? 0 : Math.min(current * size, total),
    hasNext: current < pageCount,
  };
}

function cappedPosition(page: number, size: number, total: number, rows: number | undefined): PagePosition {
  const current = Math.max(page, 1);
  // A capped count means at least one more row than `total` matches.
  const countedPages = Math.ceil((total + 1) / size);
  const full = rows === undefined ? current < countedPages : rows >= size;
  const shown = rows ?? size;
  const from = shown === 0 ? 0 : (current - 1) * size + 1;
  return {
    current,
    // The window reaches the counted pages and, from a full page, the one after it.
    pageCount: Math.max(countedPages, full ? current + 1 : current),
    from,
    to: shown === 0 ? 0 : from + Math.min(shown, size) - 1,
    hasNext: full,
  };
}

/**
 * Page navigation for a list: 'Showing X to Y of Z results', a page size select, First/Previous/Next/Last
 * buttons (disabled at the ends) and up to five numbered page buttons around the current page (the
 * current one has `aria-current="page"`). With no results the summary reads 'Showing 0 to 0 of 0
 * results', no page number is shown and every button is disabled. With `totalCapped` the total reads
 * '10,000+', Last is disabled and Next follows whether the current page is full.
 */
export function Pager({
  page,
  pageSize,
  total,
  totalCapped = false,
  pageRowCount,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  pageSizeLabel = 'Rows per page',
  label = 'Pagination',
  locale = 'en-AU',
}: PagerProps) {
  const sizeLabelId = useId();
  const portalContainer = usePortalContainer();
  const safeSize = pageSize > 0 ? pageSize : 1;
  const safeTotal = Math.max(0, total);
  const { current, pageCount, from, to, hasNext } = totalCapped
    ? cappedPosition(page, safeSize, safeTotal, pageRowCount)
    : exactPosition(page, safeSize, safeTotal);
  const count = new Intl.NumberFormat(locale);
  const atStart = current <= 1;
  const narrowWindow = new Set(getPageWindow(current, pageCount, NARROW_PAGE_BUTTONS));

  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };

  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap">
      <Text size="2" color="gray" role="status">
        {`Showing ${count.format(from)} to ${count.format(to)} of ${count.format(safeTotal)}${totalCapped ? '+' : ''} results`}
      </Text>
      <Flex align="center" gap="4" wrap="wrap">
        {onPageSizeChange ? (
          <Flex align="center" gap="2">
            <Text id={sizeLabelId} size="2">
              {pageSizeLabel}
            </Text>
            <Select.Root
              value={String(pageSize)}
              onValueChange={(value) => {
                onPageSizeChange(Number(value));
                if (current > 1) onPageChange(1);
              }}
            >
              <Select.Trigger aria-labelledby={sizeLabelId} />
              <Select.Content container={portalContainer}>
                {pageSizeOptions.map((option) => (
                  <Select.Item key={option} value={String(option)}>
                    {String(option)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        ) : null}
        <nav aria-label={label}>
          <Flex asChild align="center" gap="1">
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              <li>
                <IconButton
                  type="button"
                  variant="soft"
                  color="gray"
                  aria-label="First page"
                  disabled={atStart}
                  onClick={() => go(1)}
                >
                  <ChevronsLeft size={16} aria-hidden />
                </IconButton>
              </li>
              <li>
                <IconButton
                  type="button"
                  variant="soft"
                  color="gray"
                  aria-label="Previous page"
                  disabled={atStart}
                  onClick={() => go(current - 1)}
                >
                  <ChevronLeft size={16} aria-hidden />
                </IconButton>
              </li>
              {getPageWindow(current, pageCount).map((n) => (
                <Box
                  asChild
                  key={n}
                  display={narrowWindow.has(n) ? undefined : { initial: 'none', xs: 'block' }}
                >
                  <li>
                    <IconButton
                      type="button"
                      variant={n === current ? 'solid' : 'soft'}
                      color={n === current ? undefined : 'gray'}
                      aria-label={`Page ${n}`}
                      aria-current={n === current ? 'page' : undefined}
                      onClick={() => go(n)}
                      style={pageButtonStyle}
                    >
                      {n}
                    </IconButton>
                  </li>
                </Box>
              ))}
              <li>
                <IconButton
                  type="button"
                  variant="soft"
                  color="gray"
                  aria-label="Next page"
                  disabled={!hasNext}
                  onClick={() => go(current + 1)}
                >
                  <ChevronRight size={16} aria-hidden />
                </IconButton>
              </li>
              <li>
                <IconButton
                  type="button"
                  variant="soft"
                  color="gray"
                  aria-label="Last page"
                  // With a capped total the last page is unknown.
                  disabled={totalCapped || !hasNext}
                  onClick={() => go(pageCount)}
                >
                  <ChevronsRight size={16} aria-hidden />
                </IconButton>
              </li>
            </ul>
          </Flex>
        </nav>
      </Flex>
    </Flex>
  );
}
