import { AdminOrders } from '../../../features/admin/orders/AdminOrders';

export default function AdminOrdersRoute() {
  return <AdminOrders />;
}
