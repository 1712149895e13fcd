import { type OrderStatus, orderStatusSchema } from '@shop/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { fetchAllOrders, type OrderFilter } from '../../../features/admin/api/orders';
import { AdminPage } from '../../../features/admin/components/AdminPage';
import { OrderFilters } from '../../../features/admin/components/OrderFilters';
import { OrderStatusSelect } from '../../../features/admin/components/OrderStatusSelect';
import { useAdminPages } from '../../../features/admin/hooks/use-admin-query';
import { OrderTable } from '../../../features/orders';

const ORDERS_FAILED = 'Something went wrong while fetching orders';

const statusIn = (value: string | null): OrderStatus | '' => {
  const status = orderStatusSchema.safeParse(value);
  return status.success ? status.data : '';
};

/**
 * Admin Orders: the shoppers' order tables, each with the status dropdown in its Status cell
 * and a link to its page; above them the filters (kept in the URL, so going back to the list
 * keeps them) and the CSV download.
 */
export default function AdminOrders() {
  // Read and written without useSearchParams, whose code would join the first screen's bundle.
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const status = statusIn(params.get('status'));
  const q = params.get('q') ?? '';
  const orders = useAdminPages(
    ['admin', 'orders', status, q],
    (page, signal) => fetchAllOrders(page, { status, q }, signal),
    () => ORDERS_FAILED,
  );
  const filter = (next: OrderFilter) => {
    const query = new URLSearchParams(
      Object.entries(next).filter(([, value]) => value !== ''),
    ).toString();
    navigate({ search: query === '' ? '' : `?${query}` }, { replace: true });
    orders.setPage(1);
  };
  const filtered = status !== '' || q !== '';
  return (
    <AdminPage title="All Orders Data">
      <h1 className="page-title">All Orders</h1>
      <OrderFilters filter={{ status, q }} onChange={filter} />
      {orders.error && <ErrorNotice message={orders.error} onRetry={() => void orders.reload()} />}
      {orders.data && (
        <p className="result-count" aria-live="polite">
          {orders.data.total} {orders.data.total === 1 ? 'order' : 'orders'}
        </p>
      )}
      {orders.items === undefined
        ? orders.loading && <Spinner />
        : orders.items.length === 0 && <p>{filtered ? 'No orders match.' : 'No orders yet.'}</p>}
      {orders.items?.map((order, index) => (
        <OrderTable
          key={order._id}
          order={order}
          index={orders.offset + index}
          pageOf={(number) => `/dashboard/admin/orders/${number}`}
          statusSlot={
            <OrderStatusSelect
              orderId={order._id}
              status={order.status}
              label={`Status of order ${orders.offset + index + 1}`}
              onUpdated={() => void orders.reload()}
            />
          }
        />
      ))}
      <Pager label="Orders pages" page={orders.page} pages={orders.pages} onPage={orders.setPage} />
    </AdminPage>
  );
}
