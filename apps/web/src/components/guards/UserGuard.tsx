import { AccessGuard } from './AccessGuard';

/** /dashboard/user/*: signed-in users; others go to /login after the countdown. */
export function UserGuard() {
  return <AccessGuard checkUrl="/api/v1/auth/user-auth" redirectTo="/login" />;
}

export default UserGuard;
