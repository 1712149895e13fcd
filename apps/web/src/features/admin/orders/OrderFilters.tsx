import { ORDER_STATUSES, orderStatusSchema } from '@shop/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { csvNameOfToday, saveCsv } from '../../../lib/save-csv';
import { useSubmit } from '../../../lib/use-form';
import { fetchOrdersCsv, type OrderFilter } from './api';
import './orders.css';

export const ORDER_FILTER_TEXTS = {
  csvFailed: 'Failed to export orders',
  csvReady: 'Orders exported',
} as const;

/**
 * All Orders' filters: a status (applied at once), a search by order number, buyer e-mail or
 * name (applied on Search), and the CSV download of every order they select.
 */
export function OrderFilters({
  filter,
  onChange,
}: {
  filter: OrderFilter;
  onChange: (filter: OrderFilter) => void;
}) {
  const [q, setQ] = useState(filter.q);
  useEffect(() => setQ(filter.q), [filter.q]);

  // A read the admin starts, not a write: it changes nothing another read holds.
  const exportCsv = useSubmit(
    { mutationFn: fetchOrdersCsv },
    {
      onSuccess: (csv) => {
        saveCsv(csv, csvNameOfToday('orders'));
        toast.success(ORDER_FILTER_TEXTS.csvReady);
      },
      onFailure: (err) => {
        console.error(err);
        return ORDER_FILTER_TEXTS.csvFailed;
      },
    },
  );

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filter, q: q.trim() });
  };

  return (
    <div className="order-filters">
      <label className="order-filter-status">
        <span>Status</span>
        <select
          className="form-control"
          value={filter.status}
          onChange={(event) => {
            const status = event.target.value;
            onChange({ ...filter, status: status === '' ? '' : orderStatusSchema.parse(status) });
          }}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <form className="order-search" aria-label="Order search" onSubmit={search}>
        <label>
          <span>Search orders</span>
          <input
            className="form-control"
            type="search"
            placeholder="Order number, buyer e-mail or name"
            maxLength={100}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <button
        type="button"
        className="btn btn-outline"
        disabled={exportCsv.busy}
        onClick={() => void exportCsv.run(filter)}
      >
        {exportCsv.busy ? 'Exporting...' : 'Download CSV'}
      </button>
    </div>
  );
}
