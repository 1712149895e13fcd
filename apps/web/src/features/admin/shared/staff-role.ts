import { ADMIN_ROLE, type StaffRole, staffMay } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_CHECK_URL, accessCheckQuery } from '../../../components/guards/use-access-check';
import { useAuth } from '../../../lib/auth';

/**
 * The signed-in account's staff role as the server said it when the dashboard was entered
 * (the guard's check, read again on every visit), so that a role changed since the sign-in
 * shows; the one kept with the session until then.
 */
export function useStaffRole(): StaffRole | null {
  const [{ token, user }] = useAuth();
  const check = useQuery(accessCheckQuery(ADMIN_CHECK_URL, token));
  return check.data?.staffRole ?? user?.staffRole ?? null;
}

/** Whether the account's role may open what `roles` names (an owner may open everything). */
export const roleMayOpen = (staffRole: StaffRole | null, roles: readonly StaffRole[]) =>
  staffMay({ role: ADMIN_ROLE, staffRole }, roles);
