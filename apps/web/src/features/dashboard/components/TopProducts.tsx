import type { TopProduct } from '@shop/contracts/dashboard';
import { type Column, DataTable } from '../../../components/DataTable';
import { useRevenueFormat } from './money';

const columnsIn = (formatRevenue: (minor: number) => string): Column<TopProduct>[] => [
  { header: '#', cell: (_p, i) => i + 1 },
  { header: 'Product', className: 'wrap', cell: (p) => p.name },
  { header: 'Units', className: 'number', cell: (p) => p.units },
  { header: 'Revenue', className: 'number', cell: (p) => formatRevenue(p.revenue) },
];

/** The best sellers of the last 30 days by revenue, net of cancellations. */
export function TopProducts({ products }: { products: readonly TopProduct[] }) {
  const columns = columnsIn(useRevenueFormat());
  return (
    <section className="dashboard-panel" aria-labelledby="top-products-title">
      <h2 id="top-products-title">Top 10 products by revenue</h2>
      {products.length === 0 ? (
        <p>No sales in the last 30 days.</p>
      ) : (
        <DataTable columns={columns} rows={products} rowKey={(p) => p.productId} />
      )}
    </section>
  );
}
