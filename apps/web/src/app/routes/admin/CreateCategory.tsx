import { AdminPage } from '../../../features/admin/components/AdminPage';
import { CategoryManager } from '../../../features/admin/components/CategoryManager';

export default function CreateCategory() {
  return (
    <AdminPage title="Dashboard - Create Category">
      <CategoryManager />
    </AdminPage>
  );
}
