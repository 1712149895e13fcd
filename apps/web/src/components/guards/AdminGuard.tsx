import { AccessGuard } from './AccessGuard';

/** /dashboard/admin/*: administrators; others go to / after the countdown. */
export function AdminGuard() {
  return <AccessGuard checkUrl="/api/v1/auth/admin-auth" redirectTo="/" />;
}

export default AdminGuard;
