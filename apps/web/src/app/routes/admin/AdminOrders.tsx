import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { fetchAllOrders } from '../../../features/admin/api/orders';
import { AdminPage } from '../../../features/admin/components/AdminPage';
import { OrderStatusSelect } from '../../../features/admin/components/OrderStatusSelect';
import { usePagedReloadable } from '../../../features/admin/hooks/use-paged-reloadable';
import { OrderTable } from '../../../features/orders';

const ORDERS_FAILED = 'Something went wrong while fetching orders';

/** Admin Orders: the shoppers' order tables, each with the status dropdown in its Status cell. */
export default function AdminOrders() {
  const orders = usePagedReloadable(fetchAllOrders, () => ORDERS_FAILED);
  return (
    <AdminPage title="All Orders Data">
      <h1 className="page-title">All Orders</h1>
      {orders.error && <ErrorNotice message={orders.error} onRetry={() => void orders.reload()} />}
      {orders.items === undefined
        ? orders.loading && <Spinner />
        : orders.items.length === 0 && <p>No orders yet.</p>}
      {orders.items?.map((order, index) => (
        <OrderTable
          key={order._id}
          order={order}
          index={orders.offset + index}
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
