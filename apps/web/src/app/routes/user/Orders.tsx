import { ErrorNotice, OFFLINE_MESSAGE } from '../../../components/ErrorNotice';
import { Layout } from '../../../components/layout/Layout';
import { Spinner } from '../../../components/Spinner';
import { fetchMyOrders, OrderTable } from '../../../features/orders';
import { UserMenu } from '../../../features/user';
import { errorMessage } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

export default function Orders() {
  const request = useRequest('my-orders', fetchMyOrders);
  return (
    <Layout title="Your Orders" description="The orders you placed">
      <div className="dashboard">
        <UserMenu />
        <div className="dashboard-main">
          <h1 className="page-title">All Orders</h1>
          {request.loading && <Spinner />}
          {request.error !== undefined && (
            <ErrorNotice
              message={errorMessage(request.error, OFFLINE_MESSAGE)}
              onRetry={request.retry}
            />
          )}
          {request.data?.length === 0 && (
            <p className="empty">You have not placed any orders yet</p>
          )}
          {request.data?.map((order, index) => (
            <OrderTable key={order._id} order={order} index={index} />
          ))}
        </div>
      </div>
    </Layout>
  );
}
