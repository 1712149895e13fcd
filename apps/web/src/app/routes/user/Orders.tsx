import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Layout } from '../../../components/layout/Layout';
import { Pager } from '../../../components/Pager';
import { RequestStatus } from '../../../components/RequestStatus';
import { fetchMyOrders, OrderTable } from '../../../features/orders';
import { UserMenu } from '../../../features/user';
import { useAuth } from '../../../lib/auth';
import { pageCount } from '../../../lib/paging';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';

export default function Orders() {
  const [page, setPage] = useState(1);
  // Another token (signing in again, as someone else) reads the list again.
  const [{ token }] = useAuth();
  const request = requestStateOf(
    useQuery({
      queryKey: ['account', token, 'orders', page],
      queryFn: ({ signal }) => fetchMyOrders(page, signal),
      ...PRIVATE_READ,
    }),
  );
  const offset = (page - 1) * LIST_DEFAULT_PER_PAGE;
  return (
    <Layout title="Your Orders" description="The orders you placed">
      <div className="dashboard">
        <UserMenu />
        <div className="dashboard-main">
          <h1 className="page-title">All Orders</h1>
          <RequestStatus request={request} />
          {request.data?.total === 0 && <p className="empty">You have not placed any orders yet</p>}
          {request.data?.items.map((order, index) => (
            <OrderTable
              key={order._id}
              order={order}
              index={offset + index}
              pageOf={(number) => `/dashboard/user/orders/${number}`}
            />
          ))}
          {request.data && (
            <Pager
              label="Orders pages"
              page={page}
              pages={pageCount(request.data.total)}
              onPage={setPage}
            />
          )}
        </div>
      </div>
    </Layout>
  );
}
