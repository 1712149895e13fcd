import { Layout } from '../../../components/layout/Layout';
import { UserMenu } from '../../../features/user';
import { useAuth } from '../../../lib/auth';

export default function UserDashboard() {
  const [{ user }] = useAuth();
  return (
    <Layout title="Dashboard" description="Your account">
      <div className="dashboard">
        <UserMenu />
        <section className="dashboard-main card-panel" aria-label="Your details">
          <h1 className="page-title">{user?.name}</h1>
          <p>{user?.email}</p>
          <p>{user?.address}</p>
        </section>
      </div>
    </Layout>
  );
}
