import { AdminPage } from '../../../features/admin/components/AdminPage';
import { UsersTable } from '../../../features/admin/components/UsersTable';

export default function Users() {
  return (
    <AdminPage title="Dashboard - All Users">
      <UsersTable />
    </AdminPage>
  );
}
