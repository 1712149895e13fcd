import type { AuthSession } from '@shop/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setAuthToken, whenTokenRejected } from './api-client';
import { appState, useAppState } from './app-state';
import { rendersAsServer } from './server-rendered';
import { isStored, readStored, removeStored, writeStored } from './storage';

const AUTH_KEY = 'auth';
export const SIGNED_OUT: AuthSession = { user: null, token: '' };

type SetAuth = (next: AuthSession) => void;
const AuthContext = appState<readonly [AuthSession, SetAuth]>();

type SessionSchema = typeof import('@shop/contracts').authSessionSchema;
let sessionSchema: SessionSchema | undefined;

/**
 * The stored session is read through its schema (zod), which loads in a chunk of its own: a
 * screen the browser renders itself waits for `loadSessionReader()` before its first render (the
 * entry and the tests' setup do); a page the server rendered hydrates signed out and loads the
 * reader afterwards, only when a session is stored.
 */
export async function loadSessionReader(): Promise<void> {
  if (sessionSchema) return;
  const { authSessionSchema } = await import('@shop/contracts');
  sessionSchema = authSessionSchema;
}

/** The stored session with a token; signed out when none (or none readable) is stored. */
function restore(): AuthSession {
  if (!sessionSchema) throw new Error('auth: loadSessionReader() has not finished');
  const stored = readStored(AUTH_KEY, sessionSchema);
  return stored?.token ? stored : SIGNED_OUT;
}

/** A session with a token is kept under `auth`; signing out removes the entry. */
function persist(session: AuthSession) {
  if (session.token) writeStored(AUTH_KEY, session);
  else removeStored(AUTH_KEY);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuthState] = useState<AuthSession>(() => {
    if (rendersAsServer) return SIGNED_OUT;
    const session = restore();
    // Set before any child renders, so the first requests already carry the token.
    setAuthToken(session.token);
    return session;
  });

  // Hydrated the server's signed-out screen: the stored session comes in once its reader has
  // loaded, unless the shopper signed in meanwhile.
  const latest = useRef(auth);
  latest.current = auth;
  useEffect(() => {
    if (!rendersAsServer || !isStored(AUTH_KEY)) return;
    void loadSessionReader().then(() => {
      if (latest.current !== SIGNED_OUT) return;
      const session = restore();
      setAuthToken(session.token);
      setAuthState(session);
    });
  }, []);

  const setAuth = useCallback<SetAuth>((next) => {
    setAuthToken(next.token);
    persist(next);
    setAuthState(next);
  }, []);

  useEffect(() => {
    whenTokenRejected(() => setAuth(SIGNED_OUT));
    return () => whenTokenRejected(undefined);
  }, [setAuth]);

  // Another tab signing in or out changes this tab too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== AUTH_KEY && event.key !== null) return;
      void loadSessionReader().then(() => {
        const session = restore();
        setAuthToken(session.token);
        setAuthState(session);
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => [auth, setAuth] as const, [auth, setAuth]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session and its setter: `[auth, setAuth]`. */
export const useAuth = () => useAppState(AuthContext, 'Auth');
