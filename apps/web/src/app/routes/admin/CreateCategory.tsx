import { CategoryManager } from '../../../features/admin/categories/CategoryManager';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function CreateCategory() {
  return (
    <AdminPage title="Dashboard - Create Category">
      <CategoryManager />
    </AdminPage>
  );
}
