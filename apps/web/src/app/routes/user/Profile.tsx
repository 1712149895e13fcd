import { Layout } from '../../../components/layout/Layout';
import { ProfileForm, SignOutEverywhere, UserMenu } from '../../../features/user';

export default function Profile() {
  return (
    <Layout title="Your Profile" description="Update your name, password, phone and address">
      <div className="dashboard">
        <UserMenu />
        <div className="dashboard-main">
          <ProfileForm />
          <SignOutEverywhere />
        </div>
      </div>
    </Layout>
  );
}
