import { Outlet } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { Spinner } from '../Spinner';
import { RedirectCountdown } from './RedirectCountdown';
import { useAccessCheck } from './use-access-check';

/** Checking, then the nested page, or the countdown that leaves for `redirectTo`. */
export function AccessGuard({ checkUrl, redirectTo }: { checkUrl: string; redirectTo: string }) {
  const status = useAccessCheck(checkUrl);
  if (status === 'allowed') return <Outlet />;
  return (
    <Layout>
      {status === 'checking' ? (
        <Spinner label="Checking access..." />
      ) : (
        <RedirectCountdown to={redirectTo} />
      )}
    </Layout>
  );
}
