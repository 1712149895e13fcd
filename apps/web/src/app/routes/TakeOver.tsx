import { useSearchParams } from 'react-router-dom';
import { Layout } from '../../components/layout/Layout';
import { TakeOverForm } from '../../features/auth';

/** `/take-over?token=...`: the link of the e-mail that lets an address's owner take its account over. */
export default function TakeOver() {
  const [search] = useSearchParams();
  return (
    <Layout title="Take over the account" description="Own the account of your e-mail">
      <div className="form-page">
        <TakeOverForm token={search.get('token') ?? ''} />
      </div>
    </Layout>
  );
}
