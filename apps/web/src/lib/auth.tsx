import type { AuthSession } from '@shop/contracts';
import { SHOPPER_NAME_COOKIE, shopperNameCookieValue } from '@shop/contracts/shopper-cookies';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setAuthToken, whenTokenRejected } from './api-client';
import { appState, useAppState } from './app-state';
import { rendersAsServer, useServerShopper } from './server-rendered';
import {
  isStored,
  readStored,
  removeCookie,
  removeStored,
  writeCookie,
  writeStored,
} from './storage';

const AUTH_KEY = 'auth';
export const SIGNED_OUT: AuthSession = { user: null, token: '' };

type SetAuth = (next: AuthSession) => void;
/** The session, its setter, and whether the stored one is still to be read (hydrating). */
const AuthContext = appState<readonly [AuthSession, SetAuth, boolean]>();

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

/**
 * The name the server greets the shopper by on the cart page (the `shopper` cookie), nothing
 * else: the token stays in localStorage. Removed when signed out.
 */
function greetAs(session: AuthSession) {
  const name =
    session.token && session.user ? shopperNameCookieValue(session.user.name) : undefined;
  if (name) writeCookie(SHOPPER_NAME_COOKIE, name);
  else removeCookie(SHOPPER_NAME_COOKIE);
}

/** A session with a token is kept under `auth`; signing out removes the entry. */
function persist(session: AuthSession) {
  if (session.token) writeStored(AUTH_KEY, session);
  else removeStored(AUTH_KEY);
  greetAs(session);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuthState] = useState<AuthSession>(() => {
    if (rendersAsServer) return SIGNED_OUT;
    const session = restore();
    // Set before any child renders, so the first requests already carry the token.
    setAuthToken(session.token);
    greetAs(session);
    return session;
  });
  // A screen the server rendered shows the session it was given (the name greeted) until the
  // stored one is read.
  const [restoring, setRestoring] = useState(rendersAsServer);

  // Hydrated the server's signed-out screen: the stored session comes in once its reader has
  // loaded, unless the shopper signed in meanwhile.
  const latest = useRef(auth);
  latest.current = auth;
  useEffect(() => {
    if (!rendersAsServer) return;
    if (!isStored(AUTH_KEY)) {
      greetAs(SIGNED_OUT);
      setRestoring(false);
      return;
    }
    void loadSessionReader().then(() => {
      setRestoring(false);
      if (latest.current !== SIGNED_OUT) return;
      const session = restore();
      setAuthToken(session.token);
      greetAs(session);
      setAuthState(session);
    });
  }, []);

  const setAuth = useCallback<SetAuth>((next) => {
    setAuthToken(next.token);
    persist(next);
    setRestoring(false);
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
        setRestoring(false);
        setAuthState(session);
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => [auth, setAuth, restoring] as const, [auth, setAuth, restoring]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session and its setter: `[auth, setAuth]`. */
export const useAuth = () => {
  const [auth, setAuth] = useAppState(AuthContext, 'Auth');
  return [auth, setAuth] as const;
};

/**
 * The name the cart greets: the signed-in shopper's, or, until the stored session is read on a
 * page the server rendered, the one the server rendered it with (the `shopper` cookie's).
 */
export function useGreetedName(): string | undefined {
  const [auth, , restoring] = useAppState(AuthContext, 'Auth');
  const { name } = useServerShopper();
  return auth.user?.name ?? (restoring ? name : undefined);
}
