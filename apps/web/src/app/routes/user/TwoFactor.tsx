import { useNavigate } from 'react-router-dom';
import { Layout } from '../../../components/layout/Layout';
import { TwoFactorSetup } from '../../../features/two-factor';

export const FORCED_SETUP_TEXTS = {
  title: 'Set up two-factor sign-in',
  why: 'This store asks its staff to sign in with a code from an authenticator app as well as the password. Set it up to continue.',
} as const;

/** Where a staff account the store requires it of sets up two-factor sign-in before all else. */
export default function TwoFactor() {
  const navigate = useNavigate();
  return (
    <Layout title="Two-factor sign-in" description={FORCED_SETUP_TEXTS.title}>
      <section className="two-factor card-panel" aria-labelledby="forced-two-factor-title">
        <h1 id="forced-two-factor-title" className="page-title">
          {FORCED_SETUP_TEXTS.title}
        </h1>
        <p>{FORCED_SETUP_TEXTS.why}</p>
        <TwoFactorSetup onEnabled={() => navigate('/dashboard/admin', { replace: true })} />
      </section>
    </Layout>
  );
}
