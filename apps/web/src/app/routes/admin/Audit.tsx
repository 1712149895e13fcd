import { AuditLog } from '../../../features/admin/audit/AuditLog';
import { AdminPage } from '../../../features/admin/shared/AdminPage';

export default function Audit() {
  return (
    <AdminPage title="Dashboard - Audit log">
      <AuditLog />
    </AdminPage>
  );
}
