import { Box } from '@radix-ui/themes';
import type { ReactElement } from 'react';
// recharts' Tooltip draws inside the chart (no portal), unlike the Radix tooltips the portal test looks for.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Tooltip as ChartTooltip,
  Legend,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';

/** One series of bars: its name (legend, tooltip), colour and the value of each row. */
export interface ChartSeries<Row> {
  name: string;
  color: string;
  value(row: Row): number;
}

/** The most bars a chart draws; the table beside it lists every row. */
export const CHART_MAX_ROWS = 12;
const BAR_HEIGHT = 26;

/**
 * A horizontal bar chart of a report's rows (recharts): labels on the left, one bar per series. It
 * is hidden from assistive technology: the table beside it holds the same figures. Horizontal bars
 * keep long names readable and fit a phone's width.
 */
export function ReportChart<Row>({
  rows,
  label,
  series,
  format,
}: {
  rows: readonly Row[];
  label(row: Row): string;
  series: readonly ChartSeries<Row>[];
  format(value: number): string;
}): ReactElement {
  const shown = rows.slice(0, CHART_MAX_ROWS);
  const data = shown.map((row) => ({
    label: label(row),
    ...Object.fromEntries(series.map((s) => [s.name, s.value(row)])),
  }));
  const height = Math.max(140, shown.length * BAR_HEIGHT * Math.max(series.length, 1) + 70);
  return (
    <Box aria-hidden data-testid="report-chart" style={{ width: '100%', height, minWidth: 0 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        >
          <CartesianGrid horizontal={false} stroke="var(--gray-a4)" />
          <XAxis
            type="number"
            tickFormatter={format}
            tick={{ fontSize: 'var(--font-size-1)', fill: 'var(--gray-11)' }}
            tickCount={4}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={112}
            tick={{ fontSize: 'var(--font-size-1)', fill: 'var(--gray-11)' }}
            tickFormatter={(value: string) => (value.length > 18 ? `${value.slice(0, 17)}…` : value)}
          />
          <ChartTooltip formatter={(value) => format(Number(value))} cursor={{ fill: 'var(--gray-a3)' }} />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 'var(--font-size-1)' }} /> : null}
          {series.map((s) => (
            <Bar
              key={s.name}
              dataKey={s.name}
              fill={s.color}
              radius={[0, 3, 3, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
