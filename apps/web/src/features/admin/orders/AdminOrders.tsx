import { type OrderStatus, orderStatusSchema } from '@shop/contracts';
import { OrderTable } from '../../orders';
import { PagedList } from '../shared/AdminList';
import { AdminPage } from '../shared/AdminPage';
import { roleMayOpen, useStaffRole } from '../shared/staff-role';
import { useAdminPages } from '../shared/use-admin-query';
import { useUrlChoices } from '../shared/use-url-choices';
import { adminOrderQueries, type OrderFilter } from './api';
import { OrderFilters } from './OrderFilters';
import { OrderStatusSelect } from './OrderStatusSelect';

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
export function AdminOrders() {
  const { params, keep } = useUrlChoices();
  const status = statusIn(params.get('status'));
  const q = params.get('q') ?? '';
  const orders = useAdminPages(
    (page) => adminOrderQueries.list(page, { status, q }),
    () => ORDERS_FAILED,
  );
  // Support reads the orders; only fulfilment (and an owner) changes their status.
  const mayChangeStatus = roleMayOpen(useStaffRole(), ['fulfilment']);
  const filter = (next: OrderFilter) => {
    keep({ ...next });
    orders.setPage(1);
  };
  const filtered = status !== '' || q !== '';
  return (
    <AdminPage title="All Orders Data">
      <h1 className="page-title">All Orders</h1>
      <OrderFilters filter={{ status, q }} onChange={filter} />
      {orders.data && (
        <p className="result-count" aria-live="polite">
          {orders.data.total} {orders.data.total === 1 ? 'order' : 'orders'}
        </p>
      )}
      <PagedList
        list={orders}
        empty={<p className="empty">{filtered ? 'No orders match.' : 'No orders yet.'}</p>}
        pagesLabel="Orders pages"
      >
        {(items) =>
          items.map((order, index) => (
            <OrderTable
              key={order._id}
              order={order}
              index={orders.offset + index}
              pageOf={(number) => `/dashboard/admin/orders/${number}`}
              statusSlot={
                mayChangeStatus ? (
                  <OrderStatusSelect
                    orderId={order._id}
                    orderNumber={order.number}
                    status={order.status}
                    label={`Status of order ${orders.offset + index + 1}`}
                  />
                ) : undefined
              }
            />
          ))
        }
      </PagedList>
    </AdminPage>
  );
}
