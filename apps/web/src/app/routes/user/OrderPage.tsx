import { Link, useParams } from 'react-router-dom';
import { Layout } from '../../../components/layout/Layout';
import { RequestStatus } from '../../../components/RequestStatus';
import { fetchOrderByNumber, OrderDetails } from '../../../features/orders';
import { UserMenu } from '../../../features/user';
import { useRequest } from '../../../lib/use-request';

/** One of the buyer's orders by its number: `/dashboard/user/orders/1042`. */
export default function OrderPage() {
  const number = Number(useParams().number);
  const request = useRequest(`my-order-${number}`, (signal) => fetchOrderByNumber(number, signal));
  return (
    <Layout title={`Order #${number}`} description="One of your orders">
      <div className="dashboard">
        <UserMenu />
        <div className="dashboard-main">
          <p>
            <Link to="/dashboard/user/orders">All your orders</Link>
          </p>
          <h1 className="page-title">Order #{number}</h1>
          <RequestStatus request={request} />
          {request.data && <OrderDetails order={request.data} />}
        </div>
      </div>
    </Layout>
  );
}
