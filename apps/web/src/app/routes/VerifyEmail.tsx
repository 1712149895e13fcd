import { useSearchParams } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import { VerifyEmailPanel } from '../../features/orders';

/** `/verify-email?token=...`: the link of the e-mail confirming an account's address. */
export default function VerifyEmail() {
  const [search] = useSearchParams();
  return (
    <Layout title="Confirm your e-mail" description="Confirm your account's e-mail">
      <div className="form-page">
        <VerifyEmailPanel token={search.get('token') ?? ''} />
      </div>
    </Layout>
  );
}
