import { ADMIN_PATHS } from '../../../features/admin/shared/AdminMenu';
import { AdminPage } from '../../../features/admin/shared/AdminPage';
import { SalesDashboard } from '../../../features/dashboard/components/SalesDashboard';
import { TwoFactorSection } from '../../../features/two-factor';
import { useAuth } from '../../../lib/auth';

export default function AdminDashboard() {
  const [{ user }] = useAuth();
  return (
    <AdminPage title="Dashboard">
      <section className="card-panel" aria-label="Admin details">
        <h1 className="page-title">Admin Name : {user?.name}</h1>
        <p>Admin Email : {user?.email}</p>
        <p>Admin Contact : {user?.phone}</p>
      </section>
      <TwoFactorSection />
      <SalesDashboard productPage={ADMIN_PATHS.product} />
    </AdminPage>
  );
}
