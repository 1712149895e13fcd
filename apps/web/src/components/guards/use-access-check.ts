import { authCheckResponseSchema } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { getParsed, isCancelled } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

export type AccessStatus = 'checking' | 'allowed' | 'denied';

/** Asks the server whether the session may enter; no session means no call and no entry. */
export function useAccessCheck(checkUrl: string): AccessStatus {
  const [auth] = useAuth();
  const [status, setStatus] = useState<AccessStatus>(auth.token ? 'checking' : 'denied');

  useEffect(() => {
    if (!auth.token) {
      setStatus('denied');
      return;
    }
    const controller = new AbortController();
    setStatus('checking');
    getParsed(checkUrl, authCheckResponseSchema, controller.signal).then(
      ({ ok }) => setStatus(ok ? 'allowed' : 'denied'),
      (err: unknown) => {
        if (controller.signal.aborted || isCancelled(err)) return;
        setStatus('denied');
      },
    );
    return () => controller.abort();
  }, [checkUrl, auth.token]);

  return status;
}
