import type { DailySales } from '@shop/contracts/dashboard';
import { lazy, Suspense } from 'react';
import { DAILY_METRICS, type DailyMetric } from './daily-metrics';
import { shortDay, useRevenueFormat } from './money';

const DailyChart = lazy(() => import('./DailyChart'));

/**
 * A titled chart of one figure per day, and the same figures as a table for screen readers
 * (shown while the chart library loads).
 */
export function DailyFigures({
  days,
  metric,
}: {
  days: readonly DailySales[];
  metric: DailyMetric;
}) {
  const { title, column } = DAILY_METRICS[metric];
  const formatRevenue = useRevenueFormat();
  const format = metric === 'orders' ? String : formatRevenue;
  const titleId = `daily-${metric}-title`;
  return (
    <figure className="sales-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <Suspense fallback={<div className="sales-chart-plot" aria-hidden="true" />}>
        <DailyChart days={days} metric={metric} />
      </Suspense>
      <table className="visually-hidden">
        <caption>{title}, last 30 days (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{column}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDay(day.date)}</th>
              <td>{format(day[metric])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
