import type { DailySales } from '@shop/contracts/dashboard';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DAILY_METRICS, type DailyMetric } from './daily-metrics';
import { shortDay, useRevenueFormat } from './money';

/** The chart colours, read from the design tokens (SVG attributes take no CSS variables). */
function chartColours() {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    revenue: token('--chart-revenue'),
    orders: token('--chart-orders'),
    discounts: token('--chart-discounts'),
    grid: token('--chart-grid'),
    axis: token('--muted'),
  };
}

/** Axis ticks without the minor unit (whole dollars): cents only crowd them. */
const wholeUnits = (format: (minor: number) => string) => (minor: number) =>
  format(minor).replace(/\.\d+$/, '');

/**
 * One bar per day of `metric`. A module of its own, loaded only by the dashboard: the chart
 * library is large. The drawing is hidden from screen readers, who read the same figures in
 * the table beside it.
 */
export default function DailyChart({
  days,
  metric,
}: {
  days: readonly DailySales[];
  metric: DailyMetric;
}) {
  const [colours] = useState(chartColours);
  const formatRevenue = useRevenueFormat();
  const format =
    metric === 'orders'
      ? { axis: String, tooltip: String, axisWidth: 40 }
      : { axis: wholeUnits(formatRevenue), tooltip: formatRevenue, axisWidth: 72 };
  const data = days.map((d) => ({ ...d, label: shortDay(d.date) }));
  return (
    <div className="sales-chart-plot" aria-hidden="true" data-chart={metric}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          // Hidden from screen readers (the table says it): nothing in it may take the focus.
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={colours.grid} vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fill: colours.axis, fontSize: 12 }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis
            tick={{ fill: colours.axis, fontSize: 12 }}
            tickFormatter={format.axis}
            allowDecimals={false}
            width={format.axisWidth}
          />
          <Tooltip
            formatter={(value) => [format.tooltip(Number(value)), DAILY_METRICS[metric].column]}
            cursor={{ fill: colours.grid }}
          />
          <Bar dataKey={metric} fill={colours[metric]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
