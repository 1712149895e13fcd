import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout } from '../../../components/layout/Layout';
import { AdminMenu, screenOf } from './AdminMenu';
import { roleMayOpen, useStaffRole } from './staff-role';

/**
 * Every admin screen: the shop's layout with the admin side menu beside the content. A screen
 * the account's role may not open (a link kept from before, a typed address) says so instead of
 * asking the API for what it would refuse.
 */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  const staffRole = useStaffRole();
  const screen = screenOf(useLocation().pathname);
  const allowed = !screen || roleMayOpen(staffRole, screen.roles);
  return (
    <Layout title={title}>
      <div className="dashboard">
        <AdminMenu />
        <div className="dashboard-main">
          {allowed ? (
            children
          ) : (
            <section className="card-panel" role="alert">
              <h1 className="page-title">Not for your role</h1>
              <p>
                Your staff role ({staffRole ?? 'none'}) cannot {screen.does}
              </p>
            </section>
          )}
        </div>
      </div>
    </Layout>
  );
}
