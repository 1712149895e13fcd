import type { ReactNode } from 'react';
import { Layout } from '../../../components/layout/Layout';
import { AdminMenu } from './AdminMenu';

/** Every admin screen: the shop's layout with the admin side menu beside the content. */
export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Layout title={title}>
      <div className="dashboard">
        <AdminMenu />
        <div className="dashboard-main">{children}</div>
      </div>
    </Layout>
  );
}
