import type { TopDiscount } from '@shop/contracts/dashboard';
import { type Column, DataTable } from '../../../components/DataTable';
import { useRevenueFormat } from './money';

const columnsIn = (formatRevenue: (minor: number) => string): Column<TopDiscount>[] => [
  { header: '#', cell: (_d, i) => i + 1 },
  { header: 'Code', className: 'wrap', cell: (d) => d.code ?? `${d.title} (automatic)` },
  { header: 'Orders', className: 'number', cell: (d) => d.orders },
  { header: 'Revenue', className: 'number', cell: (d) => formatRevenue(d.revenue) },
  { header: 'Given', className: 'number', cell: (d) => formatRevenue(d.discounts) },
];

/**
 * The discount codes (and automatic promotions) of the last 30 days by the revenue of the
 * orders placed with them, net of cancellations, with what they gave.
 */
export function TopDiscounts({ discounts }: { discounts: readonly TopDiscount[] }) {
  const columns = columnsIn(useRevenueFormat());
  return (
    <section className="dashboard-panel" aria-labelledby="top-discounts-title">
      <h2 id="top-discounts-title">Top discount codes by revenue</h2>
      {discounts.length === 0 ? (
        <p>No discounts used in the last 30 days.</p>
      ) : (
        <DataTable columns={columns} rows={discounts} rowKey={(d) => d.discountId} />
      )}
    </section>
  );
}
