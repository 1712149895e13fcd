import { staffCheckResponseSchema } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getParsed } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { PRIVATE_READ } from '../../lib/query';

export type AccessStatus = 'checking' | 'allowed' | 'denied';

/** Whether the session is staff's; its answer also says the staff role. */
export const ADMIN_CHECK_URL = '/api/v1/auth/admin-auth';

/** The check of `checkUrl` for the session: `admin-auth` also answers the staff role as it is now. */
export const accessCheckQuery = (checkUrl: string, token: string) => ({
  queryKey: ['account', token, checkUrl] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    getParsed(checkUrl, staffCheckResponseSchema, signal),
  enabled: token !== '',
  ...PRIVATE_READ,
});

/**
 * Asks the server whether the session may enter, on every visit and for each token; no session
 * means no call and no entry.
 */
export function useAccessCheck(checkUrl: string): AccessStatus {
  const [{ token }] = useAuth();
  const check = useQuery(accessCheckQuery(checkUrl, token));
  if (!token || check.isError) return 'denied';
  if (check.isPending) return 'checking';
  return check.data.ok ? 'allowed' : 'denied';
}
