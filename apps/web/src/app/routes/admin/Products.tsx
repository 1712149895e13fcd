import { AdminPage } from '../../../features/admin/components/AdminPage';
import { AdminProductList } from '../../../features/admin/components/AdminProductList';

export default function Products() {
  return (
    <AdminPage title="Dashboard - All Products">
      <AdminProductList />
    </AdminPage>
  );
}
