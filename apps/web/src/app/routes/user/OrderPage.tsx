import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Layout } from '../../../components/layout/Layout';
import { RequestStatus } from '../../../components/RequestStatus';
import { fetchOrderByNumber, OrderDetails, OrderReturns } from '../../../features/orders';
import { UserMenu } from '../../../features/user';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';

/** One of the buyer's orders by its number: `/dashboard/user/orders/1042`. */
export default function OrderPage() {
  const number = Number(useParams().number);
  const request = requestStateOf(
    useQuery({
      queryKey: ['account', 'order', number],
      queryFn: ({ signal }) => fetchOrderByNumber(number, signal),
      ...PRIVATE_READ,
    }),
  );
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
          {request.data && <OrderReturns order={request.data} />}
        </div>
      </div>
    </Layout>
  );
}
