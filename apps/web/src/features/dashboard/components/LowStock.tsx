import {
  type Dashboard,
  LOW_STOCK_THRESHOLD_MAX,
  type LowStockItem,
} from '@shop/contracts/dashboard';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { type Column, DataTable } from '../../../components/DataTable';
import { FieldError, ProblemSummary } from '../../../components/FormProblems';
import { errorMessage } from '../../../lib/api-client';
import { refusedProblems, useProblems } from '../../../lib/form-problems';
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

const THRESHOLD_PROBLEM = `Low stock threshold must be a whole number from 0 to ${LOW_STOCK_THRESHOLD_MAX.toLocaleString('en-US')}`;

/** The threshold as typed, when it is one the API takes. */
const thresholdOf = (typed: string): number | null => {
  const text = typed.trim();
  return /^\d+$/.test(text) && Number(text) <= LOW_STOCK_THRESHOLD_MAX ? Number(text) : null;
};

/**
 * The variants with fewer units than the threshold, lowest first, each linking to its product,
 * and the threshold's field (checked before it goes, its problem shown beside it and in the
 * form's summary): a save has the dashboard read again, which lists them under the new
 * threshold.
 */
export function LowStock({
  lowStock,
  productPage,
}: {
  lowStock: Dashboard['lowStock'];
  productPage: (slug: string) => string;
}) {
  const [threshold, setThreshold] = useState(String(lowStock.threshold));
  const problems = useProblems();
  const save = useSubmit(saveThresholdWrite(), {
    onSuccess: ({ message }) => toast.success(message),
    onFailure: (err) => {
      problems.show(refusedProblems(err));
      return errorMessage(err, 'Something went wrong while saving the threshold');
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = thresholdOf(threshold);
    problems.show(value === null ? [{ field: 'threshold', message: THRESHOLD_PROBLEM }] : []);
    if (value !== null) void save.run(value);
  };
  const { items, total } = lowStock;
  return (
    <section className="dashboard-panel dashboard-wide" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Low in stock</h2>
      <form className="threshold-form" onSubmit={submit} noValidate>
        <ProblemSummary problems={problems} />
        <label htmlFor={problems.idOf('threshold')}>Low stock threshold</label>
        <input
          {...problems.control('threshold')}
          className="form-control"
          type="number"
          min={0}
          max={LOW_STOCK_THRESHOLD_MAX}
          step={1}
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={save.busy}>
          Save
        </button>
        <FieldError problems={problems} field="threshold" />
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
