import { AdminReturns } from '../../../features/admin/returns/AdminReturns';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Returns() {
  return (
    <AdminPage title="Dashboard - Returns">
      <AdminReturns />
    </AdminPage>
  );
}
