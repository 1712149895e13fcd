import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { UsersTable } from '../../../features/admin/users/UsersTable';

export default function Users() {
  return (
    <AdminPage title="Dashboard - All Users">
      <UsersTable />
    </AdminPage>
  );
}
