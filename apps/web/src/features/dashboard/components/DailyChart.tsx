import type { DailySales } from '@shop/contracts/dashboard';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useStoreCurrency } from '../../../lib/store-settings';
import { DAILY_METRICS, type DailyMetric } from './daily-metrics';
import { moneyTicks, shortDay, useRevenueFormat, wholeAmount } from './money';

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
  const currency = useStoreCurrency();
  // A money axis ticks at whole amounts of the currency (its own ticks, in minor units, would
  // be cents apart under $1, each written $0 once the cents are left off).
  const ticks =
    metric === 'orders' || !currency
      ? undefined
      : moneyTicks(Math.max(0, ...days.map((day) => day[metric])), currency);
  const format =
    metric === 'orders'
      ? { axis: String, tooltip: String, axisWidth: 40 }
      : {
          axis: (minor: number) => (currency ? wholeAmount(minor, currency) : ''),
          tooltip: formatRevenue,
          axisWidth: 72,
        };
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
            {...(ticks ? { ticks, domain: [0, ticks.at(-1) ?? 0], interval: 0 } : {})}
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
