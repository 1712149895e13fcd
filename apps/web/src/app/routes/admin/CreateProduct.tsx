import { AdminPage } from '../../../features/admin/components/AdminPage';
import { CreateProductPanel } from '../../../features/admin/components/CreateProductPanel';

export default function CreateProduct() {
  return (
    <AdminPage title="Dashboard - Create Product">
      <CreateProductPanel />
    </AdminPage>
  );
}
