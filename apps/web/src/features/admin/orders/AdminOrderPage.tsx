import { Link, useParams } from 'react-router-dom';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { OrderDetails } from '../../orders';
import { AdminPage } from '../shared/AdminPage';
import { HistoryLink } from '../shared/HistoryLink';
import { roleMayOpen, useStaffRole } from '../shared/staff-role';
import { useAdminQuery } from '../shared/use-admin-query';
import { adminOrderQueries } from './api';
import { OrderStatusSelect } from './OrderStatusSelect';
import { RefundPanel } from './RefundPanel';

const ORDER_FAILED = 'Something went wrong while fetching the order';

/** Any order by its number, with its status dropdown and its refunds: `/dashboard/admin/orders/1042`. */
export function AdminOrderPage() {
  const number = Number(useParams().number);
  const order = useAdminQuery(adminOrderQueries.detail(number), (err) =>
    errorMessage(err, ORDER_FAILED),
  );
  // What the role may not do is not offered (the API would refuse it): docs/features/staff-roles.md.
  const staffRole = useStaffRole();
  const mayRefund = roleMayOpen(staffRole, ['support']);
  return (
    <AdminPage title={`Order #${number}`}>
      <p>
        <Link to="/dashboard/admin/orders">All orders</Link>
      </p>
      <h1 className="page-title">Order #{number}</h1>
      {order.error && <ErrorNotice message={order.error} onRetry={order.retry} />}
      {order.data === undefined ? (
        order.loading && <Spinner />
      ) : (
        <>
          <HistoryLink targetId={order.data._id} />
          <OrderDetails
            order={order.data}
            statusSlot={
              roleMayOpen(staffRole, ['fulfilment']) ? (
                <OrderStatusSelect
                  orderId={order.data._id}
                  orderNumber={order.data.number}
                  status={order.data.status}
                  label={`Status of order #${number}`}
                />
              ) : undefined
            }
          />
          {/* Only what was captured can be refunded. */}
          {order.data.payment.success && mayRefund && <RefundPanel order={order.data} />}
        </>
      )}
    </AdminPage>
  );
}
