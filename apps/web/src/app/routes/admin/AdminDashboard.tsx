import { ADMIN_PATHS } from '../../../features/admin/shared/AdminMenu';
import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { roleMayOpen, useStaffRole } from '../../../features/admin/shared/staff-role';
import { SalesDashboard } from '../../../features/dashboard/components/SalesDashboard';
import { TwoFactorSection } from '../../../features/two-factor';
import { useAuth } from '../../../lib/auth';

export default function AdminDashboard() {
  const [{ user }] = useAuth();
  const staffRole = useStaffRole();
  return (
    <AdminPage title="Dashboard">
      <section className="card-panel" aria-label="Admin details">
        <h1 className="page-title">Admin Name : {user?.name}</h1>
        <p>Admin Email : {user?.email}</p>
        <p>Admin Contact : {user?.phone}</p>
        <p>Staff Role : {staffRole ?? 'none'}</p>
      </section>
      <TwoFactorSection />
      {/* The figures are the owner's (revenue, discounts, low stock): docs/features/staff-roles.md. */}
      {roleMayOpen(staffRole, []) && <SalesDashboard productPage={ADMIN_PATHS.product} />}
    </AdminPage>
  );
}
