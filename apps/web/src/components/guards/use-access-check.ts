import { authCheckResponseSchema } from '@shop/contracts';
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
  if (check.isError && asksTwoFactorSetup(check.error)) return 'setup-required';
  if (!token || check.isError) return 'denied';
  if (check.isPending) return 'checking';
  return check.data.ok ? 'allowed' : 'denied';
}
