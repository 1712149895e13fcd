import {
  type Dashboard,
  LOW_STOCK_THRESHOLD_MAX,
  type LowStockItem,
} from '@shop/contracts/dashboard';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { errorMessage } from '../../../lib/api-client';
import { useSubmit } from '../../../lib/use-form';
import { saveThresholdWrite } from '../api/dashboard';

const variantOf = (item: LowStockItem) => {
  const values = Object.values(item.options);
  return values.length > 0 ? `${item.sku} (${values.join(', ')})` : item.sku;
};

/** Each row's product opens where it is edited (`productPage`: its address, by slug). */
const columnsLinkingTo = (productPage: (slug: string) => string): Column<LowStockItem>[] => [
  {
    header: 'Product',
    className: 'wrap',
    cell: (item) => <Link to={productPage(item.slug)}>{item.name}</Link>,
  },
  { header: 'Variant', className: 'wrap', cell: variantOf },
  { header: 'Stock', className: 'number', cell: (item) => item.quantity },
];

/**
 * The variants with fewer units than the threshold, lowest first, each linking to its product,
 * and the threshold's field: a save has the dashboard read again, which lists them under the
 * new threshold.
 */
export function LowStock({
  lowStock,
  productPage,
}: {
  lowStock: Dashboard['lowStock'];
  productPage: (slug: string) => string;
}) {
  const [threshold, setThreshold] = useState(String(lowStock.threshold));
  const save = useSubmit(saveThresholdWrite(), {
    onSuccess: ({ message }) => toast.success(message),
    onFailure: (err) => errorMessage(err, 'Something went wrong while saving the threshold'),
  });
  const { items, total } = lowStock;
  return (
    <section className="dashboard-panel dashboard-wide" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Low in stock</h2>
      <form className="threshold-form" onSubmit={save.form(Number(threshold)).onSubmit}>
        <label htmlFor="low-stock-threshold">Low stock threshold</label>
        <input
          id="low-stock-threshold"
          className="form-control"
          type="number"
          min={0}
          max={LOW_STOCK_THRESHOLD_MAX}
          step={1}
          required
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={save.busy}>
          Save
        </button>
      </form>
      <p>
        {total === 0
          ? `No variant has fewer than ${lowStock.threshold} units.`
          : `${total} variant${total === 1 ? '' : 's'} with fewer than ${lowStock.threshold} units${
              total > items.length ? `, the ${items.length} lowest shown` : ''
            }.`}
      </p>
      {items.length > 0 && (
        <DataTable
          columns={columnsLinkingTo(productPage)}
          rows={items}
          rowKey={(item) => item.variantId}
        />
      )}
    </section>
  );
}
