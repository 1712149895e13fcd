import { AdminOrderPage } from '../../../features/admin/orders/AdminOrderPage';

export default function AdminOrderPageRoute() {
  return <AdminOrderPage />;
}
