import { RETURN_STATUSES, type ReturnStatus, returnStatusSchema } from '@shop/contracts/returns';
import { PagedList } from '../shared/AdminList';
import { useAdminPages } from '../shared/use-admin-query';
import { useUrlChoices } from '../shared/use-url-choices';
import { adminReturnQueries } from './api';
import { ReturnCard } from './ReturnCard';
import './returns.css';

const RETURNS_FAILED = 'Something went wrong while fetching returns';

const statusIn = (value: string | null): ReturnStatus | '' => {
  const status = returnStatusSchema.safeParse(value);
  return status.success ? status.data : '';
};

/**
 * Returns: the buyers' returns, newest first, of one status (kept in the URL) or all, each with
 * the moves it may take: approve or reject, mark received with what goes back on the shelf,
 * refund or close.
 */
export function AdminReturns() {
  const { params, keep } = useUrlChoices();
  const status = statusIn(params.get('status'));
  const returns = useAdminPages(
    (page) => adminReturnQueries.list(page, status),
    () => RETURNS_FAILED,
  );
  return (
    <>
      <h1 className="page-title">Returns</h1>
      <label className="return-filter">
        <span>Status</span>
        <select
          className="form-control"
          value={status}
          onChange={(event) => {
            keep({ status: event.target.value });
            returns.setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <PagedList
        list={returns}
        empty={<p className="empty">{status ? 'No returns match.' : 'No returns yet.'}</p>}
        pagesLabel="Returns pages"
      >
        {(items) => items.map((item) => <ReturnCard key={item._id} item={item} />)}
      </PagedList>
    </>
  );
}
