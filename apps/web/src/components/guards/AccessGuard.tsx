import { Navigate, Outlet } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { Spinner } from '../Spinner';
import { RedirectCountdown } from './RedirectCountdown';
import { useAccessCheck } from './use-access-check';

/** Where a staff account sets up the two-factor sign-in the store requires of it. */
export const TWO_FACTOR_SETUP_PATH = '/dashboard/user/two-factor';

/**
 * Checking, then the nested page, or the countdown that leaves for `redirectTo`; an account the
 * store requires to set up two-factor sign-in first goes to its setup screen at once.
 */
export function AccessGuard({ checkUrl, redirectTo }: { checkUrl: string; redirectTo: string }) {
  const status = useAccessCheck(checkUrl);
  if (status === 'allowed') return <Outlet />;
  if (status === 'setup-required') return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
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
