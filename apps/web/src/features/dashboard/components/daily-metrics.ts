/** The figures charted per day: money ones in minor units, orders counted. */
export const DAILY_METRICS = {
  revenue: { title: 'Revenue per day', column: 'Revenue' },
  orders: { title: 'Orders per day', column: 'Orders' },
  discounts: { title: 'Discounts given per day', column: 'Discounts given' },
} as const;
export type DailyMetric = keyof typeof DAILY_METRICS;
