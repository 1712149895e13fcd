import { AdminProductList } from '../../../features/admin/products/AdminProductList';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Products() {
  return (
    <AdminPage title="Dashboard - All Products">
      <AdminProductList />
    </AdminPage>
  );
}
