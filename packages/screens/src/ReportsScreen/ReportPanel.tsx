import { Button, Callout, EmptyState, Spinner } from '@purchasing/ui';
import { Box, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { LoadFailed } from '../kit/LoadFailed';
import { VISUALLY_HIDDEN } from '../kit/visuallyHidden';
import { downloadFile } from '../shared/csv';
import { type ChartSeries, ReportChart } from './ReportChart';

/** One column of a report's table; the first is the row's header. */
export interface ReportColumn<Row> {
  header: string;
  cell(row: Row): string;
  /** Right-aligned (amounts, counts, hours). */
  numeric?: boolean;
}

const tableStyle = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'var(--font-size-2)',
  lineHeight: 'var(--line-height-2)',
} as const;

/** A cell: header cells in the gray of the widgets' tables, amounts right-aligned in tabular figures. */
function cellStyle(numeric: boolean | undefined, header: boolean) {
  return {
    padding: 'var(--space-2) var(--space-3)',
    borderBottom: '1px solid var(--gray-a5)',
    textAlign: numeric ? 'right' : 'left',
    fontWeight: header ? 600 : 400,
    color: header ? 'var(--gray-12)' : undefined,
    background: header ? 'var(--gray-a2)' : undefined,
    whiteSpace: numeric && !header ? 'nowrap' : undefined,
    fontVariantNumeric: numeric ? 'tabular-nums' : undefined,
    verticalAlign: 'top',
  } as const;
}

/** Props of {@link ReportPanel}. */
export interface ReportPanelProps<Data, Row> {
  title: string;
  description: string;
  query: UseQueryResult<Data>;
  rows(data: Data): readonly Row[];
  columns: readonly ReportColumn<Row>[];
  chart: { label(row: Row): string; series: readonly ChartSeries<Row>[]; format(value: number): string };
  /** Choices of the report itself (its grouping), beside the export button. */
  controls?: ReactNode;
  /** A line under the table (the total). */
  footer?(data: Data): ReactNode;
  empty: string;
  /** The report as a CSV file, and the name to save it as. */
  exportCsv(): Promise<Blob>;
  fileName: string;
}

/**
 * One report: its heading and controls, a bar chart and, beside it on a wide screen (below on a phone),
 * the same figures as a real table with a caption, and an Export CSV button for the server's file.
 */
export function ReportPanel<Data, Row>({
  title,
  description,
  query,
  rows,
  columns,
  chart,
  controls,
  footer,
  empty,
  exportCsv,
  fileName,
}: ReportPanelProps<Data, Row>): ReactElement {
  const headingId = useId();
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const onExport = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      downloadFile(await exportCsv(), fileName);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  const data = query.data;
  const list = data === undefined ? [] : rows(data);
  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Box style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Heading as="h2" size="4" id={headingId}>
                {title}
              </Heading>
              <Text as="p" size="2" color="gray">
                {description}
              </Text>
            </Box>
            <Flex gap="3" align="end" wrap="wrap">
              {controls}
              <Button
                variant="secondary"
                aria-label={`Export CSV of ${title.toLowerCase()}`}
                onClick={() => void onExport()}
                disabled={exporting || !data}
              >
                <Download size={16} aria-hidden />
                {exporting ? 'Exporting…' : 'Export CSV'}
              </Button>
            </Flex>
          </Flex>
          {exportFailed ? (
            <Callout variant="error">Failed to export the report. Please try again.</Callout>
          ) : null}
          {query.isPending ? (
            <Flex justify="center" py="6">
              <Spinner label={`Loading ${title.toLowerCase()}`} />
            </Flex>
          ) : query.isError ? (
            <LoadFailed
              error={query.error}
              message={`Failed to load ${title.toLowerCase()}. Please try again.`}
              onRetry={() => void query.refetch()}
            />
          ) : list.length === 0 ? (
            <EmptyState title={empty} />
          ) : (
            <Grid columns={{ initial: '1', lg: '2' }} gap="4" align="start">
              <ReportChart rows={list} label={chart.label} series={chart.series} format={chart.format} />
              <Box
                // A real table, scrolled sideways inside its own focusable region when a phone is narrower.
                tabIndex={0}
                role="region"
                aria-label={`${title} table`}
                style={{ overflowX: 'auto', minWidth: 0 }}
              >
                <table style={tableStyle}>
                  <caption style={VISUALLY_HIDDEN}>{title}</caption>
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th key={column.header} scope="col" style={cellStyle(column.numeric, true)}>
                          {column.header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((row, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows have no id and are replaced whole.
                      <tr key={index}>
                        {columns.map((column, at) =>
                          at === 0 ? (
                            <th key={column.header} scope="row" style={cellStyle(false, false)}>
                              {column.cell(row)}
                            </th>
                          ) : (
                            <td key={column.header} style={cellStyle(column.numeric, false)}>
                              {column.cell(row)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
                {data !== undefined && footer ? footer(data) : null}
              </Box>
            </Grid>
          )}
        </Flex>
      </section>
    </Card>
  );
}
