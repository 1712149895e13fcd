import { AdminProducts } from '../../../features/admin/products/AdminProducts';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Products() {
  return (
    <AdminPage title="Dashboard - All Products">
      <AdminProducts />
    </AdminPage>
  );
}
