import { useSearchParams } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import { StaffInviteForm } from '../../features/auth';

/** `/staff-invite?token=...`: the link of an owner's invitation to the staff. */
export default function StaffInvite() {
  const [search] = useSearchParams();
  return (
    <Layout title="Join the staff" description="Choose your password">
      <div className="form-page">
        <StaffInviteForm token={search.get('token') ?? ''} />
      </div>
    </Layout>
  );
}
