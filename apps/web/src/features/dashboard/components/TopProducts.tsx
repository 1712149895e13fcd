import type { TopProduct } from '@shop/contracts/dashboard';
import { formatRevenue } from './money';

/** The best sellers of the last 30 days by revenue, net of cancellations. */
export function TopProducts({ products }: { products: readonly TopProduct[] }) {
  return (
    <section className="dashboard-panel" aria-labelledby="top-products-title">
      <h2 id="top-products-title">Top 10 products by revenue</h2>
      {products.length === 0 ? (
        <p>No sales in the last 30 days.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Product</th>
              <th scope="col" className="number">
                Units
              </th>
              <th scope="col" className="number">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((p, i) => (
              <tr key={p.productId}>
                <td>{i + 1}</td>
                <td className="wrap">{p.name}</td>
                <td className="number">{p.units}</td>
                <td className="number">{formatRevenue(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
