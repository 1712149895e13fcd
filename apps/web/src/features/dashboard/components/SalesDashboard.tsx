import { useQuery } from '@tanstack/react-query';
import { RequestStatus } from '../../../components/RequestStatus';
import { requestStateOf } from '../../../lib/request-state';
import { dashboardQuery } from '../api/dashboard';
import { DailyFigures } from './DailyFigures';
import { LowStock } from './LowStock';
import { useRevenueFormat } from './money';
import { StatusCounts } from './StatusCounts';
import { TopDiscounts } from './TopDiscounts';
import { TopProducts } from './TopProducts';
import './dashboard.css';

/** The admin's first screen's figures: sales of the last 30 days, statuses, best sellers, stock. */
export function SalesDashboard({ productPage }: { productPage: (slug: string) => string }) {
  const formatRevenue = useRevenueFormat();
  const request = requestStateOf(useQuery(dashboardQuery()));
  // After a save, the figures read again, kept on screen meanwhile.
  const dashboard = request.data;
  if (!dashboard) return <RequestStatus request={request} />;
  const total = (figure: 'revenue' | 'shipping' | 'tax' | 'orders' | 'discounts') =>
    dashboard.days.reduce((sum, day) => sum + day[figure], 0);
  const [revenue, shipping, tax, orders, discounts] = [
    total('revenue'),
    total('shipping'),
    total('tax'),
    total('orders'),
    total('discounts'),
  ];
  // What the revenue is made of, in the words of every order's summary.
  const breakdown = [
    { label: 'Goods without tax', amount: revenue - shipping - tax },
    { label: 'Shipping', amount: shipping },
    { label: 'Tax', amount: tax },
    { label: 'Total', amount: revenue },
  ];
  return (
    <div className="sales-dashboard">
      <section className="dashboard-panel dashboard-sales" aria-labelledby="sales-title">
        <h2 id="sales-title">Sales, last 30 days</h2>
        <p className="sales-summary">
          {formatRevenue(revenue)} from {orders} order{orders === 1 ? '' : 's'}, net of
          cancellations (days in UTC)
        </p>
        <p className="sales-summary">{formatRevenue(discounts)} given in discounts</p>
        <section aria-label="What the sales are made of">
          <dl className="sales-breakdown">
            {breakdown.map(({ label, amount }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{formatRevenue(amount)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="sales-charts">
          <DailyFigures days={dashboard.days} metric="revenue" />
          <DailyFigures days={dashboard.days} metric="orders" />
          <DailyFigures days={dashboard.days} metric="discounts" />
        </div>
      </section>
      <StatusCounts counts={dashboard.ordersByStatus} />
      <TopProducts products={dashboard.topProducts} />
      <TopDiscounts discounts={dashboard.topDiscounts} />
      <LowStock
        key={dashboard.lowStock.threshold}
        lowStock={dashboard.lowStock}
        productPage={productPage}
      />
    </div>
  );
}
