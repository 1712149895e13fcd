import { authCheckResponseSchema } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getParsed } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { PRIVATE_READ } from '../../lib/query';

export type AccessStatus = 'checking' | 'allowed' | 'denied';

/**
 * Asks the server whether the session may enter, on every visit and for each token; no session
 * means no call and no entry.
 */
export function useAccessCheck(checkUrl: string): AccessStatus {
  const [{ token }] = useAuth();
  const check = useQuery({
    queryKey: ['account', token, checkUrl],
    queryFn: ({ signal }) => getParsed(checkUrl, authCheckResponseSchema, signal),
    enabled: token !== '',
    ...PRIVATE_READ,
  });
  if (!token || check.isError) return 'denied';
  if (check.isPending) return 'checking';
  return check.data.ok ? 'allowed' : 'denied';
}
