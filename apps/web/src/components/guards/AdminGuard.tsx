import { AccessGuard } from './AccessGuard';
import { ADMIN_CHECK_URL } from './use-access-check';

/** /dashboard/admin/*: staff of any role; others go to / after the countdown. */
export function AdminGuard() {
  return <AccessGuard checkUrl={ADMIN_CHECK_URL} redirectTo="/" />;
}

export default AdminGuard;
