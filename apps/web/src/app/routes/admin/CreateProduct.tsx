import { CreateProductPanel } from '../../../features/admin/products/CreateProductPanel';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function CreateProduct() {
  return (
    <AdminPage title="Dashboard - Create Product">
      <CreateProductPanel />
    </AdminPage>
  );
}
