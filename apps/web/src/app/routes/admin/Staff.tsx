import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { StaffManager } from '../../../features/admin/staff/StaffManager';

export default function Staff() {
  return (
    <AdminPage title="Dashboard - Staff">
      <StaffManager />
    </AdminPage>
  );
}
