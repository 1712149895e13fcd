import { staffCheckResponseSchema } from '@shop/contracts';
import { twoFactorSetupRequiredSchema } from '@shop/contracts/two-factor';
import { useQuery } from '@tanstack/react-query';
import { getParsed, isHttpError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { PRIVATE_READ } from '../../lib/query';

/** `setup-required`: a staff account that must set up two-factor sign-in before anything else. */
export type AccessStatus = 'checking' | 'allowed' | 'denied' | 'setup-required';

/** The 403 of a call refused until the account sets up two-factor sign-in. */
const asksTwoFactorSetup = (err: unknown) =>
  isHttpError(err, true) &&
  err.response?.status === 403 &&
  twoFactorSetupRequiredSchema.safeParse(err.response.data).data?.twoFactorSetupRequired === true;

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
  if (check.isError && asksTwoFactorSetup(check.error)) return 'setup-required';
  if (!token || check.isError) return 'denied';
  if (check.isPending) return 'checking';
  return check.data.ok ? 'allowed' : 'denied';
}
