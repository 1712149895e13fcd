import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import { RequestStatus } from '../../components/RequestStatus';
import { fetchOrderByLink, OrderDetails, OrderReturns } from '../../features/orders';
import { PRIVATE_READ } from '../../lib/query';
import { requestStateOf } from '../../lib/request-state';

/**
 * An order opened by its link, `/orders/1042?key=...`, without signing in (a guest's, or any
 * order's link from its e-mails).
 */
export default function OrderByLink() {
  const number = Number(useParams().number);
  const key = useSearchParams()[0].get('key') ?? '';
  const request = requestStateOf(
    useQuery({
      queryKey: ['order-link', number, key],
      queryFn: ({ signal }) => fetchOrderByLink(number, key, signal),
      ...PRIVATE_READ,
    }),
  );
  return (
    <Layout title={`Order #${number}`} description="Your order">
      <div className="page">
        <h1 className="page-title">Order #{number}</h1>
        <RequestStatus request={request} />
        {request.data && <OrderDetails order={request.data} />}
        {request.data && <OrderReturns order={request.data} orderKey={key} />}
        <p>
          <Link to="/orders/find">Find my other orders</Link>
        </p>
      </div>
    </Layout>
  );
}
