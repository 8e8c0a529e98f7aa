import { Box, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { lineTaxNote } from './lineTax';
import { Panel } from './Panel';

/** A column between the description and the total: shown only where the panel is wide enough. */
export interface LineColumn<TLine> {
  header: string;
  cell: (line: TLine) => ReactNode;
  /** Numbers are right-aligned. */
  numeric?: boolean;
}

/** Props of {@link LineItemsTable}. */
export interface LineItemsTableProps<TLine> {
  lines: readonly TLine[];
  lineKey: (line: TLine) => string;
  /** The first column: what the line is (a row header). */
  description: (line: TLine) => ReactNode;
  /**
   * Under the description where the panel is narrow, in place of the hidden middle columns: what they
   * said ('2 each × $2,199.00', the SKU, the notes).
   */
  narrow: (line: TLine) => ReactNode;
  /** The middle columns (SKU, notes, quantity, unit price). */
  columns: readonly LineColumn<TLine>[];
  /** The last column's header ('Total', 'Line Total') and cell. */
  totalHeader: string;
  total: (line: TLine) => ReactNode;
  /** The footer's figure: the record's total as the server states it (never a sum made here). */
  footerTotal: ReactNode;
  /**
   * Subtotal and Tax rows above the total, with the server's figures; left out when the record
   * carries no tax (docs/decisions.md "Line tax").
   */
  footerTax?: { subtotal: ReactNode; tax: ReactNode };
}

/**
 * In a line-items panel narrower than 640 px (a phone, or beside a side panel) only the description
 * and total columns stay, and the middle columns' facts move under the description: the total column
 * is never pushed out of view or into a sideways scroll.
 */
const STYLES = `
[data-line-items] [data-narrow-only] { display: none; }
@container line-items (max-width: 640px) {
  [data-line-items] [data-wide-only] { display: none; }
  [data-line-items] [data-narrow-only] { display: block; }
}
`;

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The table of a record's lines, with the record's total in its footer (named 'Line items'). */
export function LineItemsTable<TLine>({
  lines,
  lineKey,
  description,
  narrow,
  columns,
  totalHeader,
  total,
  footerTotal,
  footerTax,
}: LineItemsTableProps<TLine>): ReactElement {
  const footerRow = (label: string, figure: ReactNode, strong: boolean) => (
    // One cell per column, so hiding the middle columns keeps the footer aligned.
    <Table.Row key={label} style={{ background: 'var(--gray-a2)' }}>
      <Table.RowHeaderCell>
        <Text weight={strong ? 'bold' : 'regular'}>{label}</Text>
      </Table.RowHeaderCell>
      {columns.map((column) => (
        <Table.Cell key={column.header} data-wide-only="" />
      ))}
      <Table.Cell justify="end" style={nowrap}>
        <Text weight={strong ? 'bold' : 'regular'}>{figure}</Text>
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Box data-line-items="" style={{ containerType: 'inline-size', containerName: 'line-items' }}>
      <style>{STYLES}</style>
      <Table.Root variant="surface" size="2">
        <VisuallyHidden asChild>
          <caption>Line items</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
            {columns.map((column) => (
              <Table.ColumnHeaderCell
                key={column.header}
                data-wide-only=""
                justify={column.numeric ? 'end' : undefined}
                style={nowrap}
              >
                {column.header}
              </Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell justify="end" style={nowrap}>
              {totalHeader}
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={lineKey(line)}>
              <Table.RowHeaderCell style={{ minWidth: 140, overflowWrap: 'anywhere' }}>
                {description(line)}
                <Text as="div" size="1" color="gray" data-narrow-only="">
                  {narrow(line)}
                </Text>
              </Table.RowHeaderCell>
              {columns.map((column) => (
                <Table.Cell
                  key={column.header}
                  data-wide-only=""
                  justify={column.numeric ? 'end' : undefined}
                  style={column.numeric ? nowrap : { minWidth: 100 }}
                >
                  {column.cell(line)}
                </Table.Cell>
              ))}
              <Table.Cell justify="end" style={nowrap}>
                {total(line)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <tfoot>
          {footerTax ? footerRow('Subtotal', footerTax.subtotal, false) : null}
          {footerTax ? footerRow('Tax', footerTax.tax, false) : null}
          {footerRow('Total', footerTotal, true)}
        </tfoot>
      </Table.Root>
    </Box>
  );
}

/** A record's money as the server states it: its lines' totals and taxes, and its own totals. */
interface TotalsOf {
  total_amount: number;
  subtotal_amount: number;
  tax_amount: number;
}

/**
 * The money columns of a record's {@link LineItemsTable}, written from the server's figures: each
 * line's total with its tax note under it ('incl. $219.90 tax at 10%'), and the footer's total under
 * the subtotal and tax when the record carries tax. Spread into the table.
 */
export function recordTotals<
  TLine extends { total_amount: number; tax_amount: number; tax_rate: number | null },
>(
  record: TotalsOf,
  money: (amount: number) => string,
): Pick<LineItemsTableProps<TLine>, 'total' | 'footerTotal' | 'footerTax'> {
  return {
    total: (line) => {
      const note = lineTaxNote(line, money);
      return (
        <>
          <Text weight="medium">{money(line.total_amount)}</Text>
          {note ? (
            <Text as="div" size="1" color="gray" style={{ whiteSpace: 'normal' }}>
              {note}
            </Text>
          ) : null}
        </>
      );
    },
    footerTotal: money(record.total_amount),
    footerTax:
      record.tax_amount > 0
        ? { subtotal: money(record.subtotal_amount), tax: money(record.tax_amount) }
        : undefined,
  };
}

type MoneyLine = { id: string; total_amount: number; tax_amount: number; tax_rate: number | null };

/** Props of {@link LineItemsPanel}. */
export interface LineItemsPanelProps<TLine extends MoneyLine>
  extends Pick<LineItemsTableProps<TLine>, 'lines' | 'description' | 'narrow' | 'columns' | 'totalHeader'> {
  /** The record whose lines these are: its totals go in the footer. */
  record: TotalsOf;
  /** Writes an amount in the record's currency. */
  money: (amount: number) => string;
}

/**
 * The 'Line Items' panel of a record ('3 items'): its {@link LineItemsTable} with each line's total and
 * tax, and the record's totals, from the server's figures ({@link recordTotals}).
 */
export function LineItemsPanel<TLine extends MoneyLine>({
  record,
  money,
  ...table
}: LineItemsPanelProps<TLine>): ReactElement {
  const count = table.lines.length;
  return (
    <Panel title="Line Items" description={count === 1 ? '1 item' : `${count} items`}>
      <LineItemsTable lineKey={(line) => line.id} {...table} {...recordTotals(record, money)} />
    </Panel>
  );
}
