import { type Context, createContext, useContext } from 'react';

/** The context of a piece of app-wide state (the session, the cart, the search). */
export const appState = <T>() => createContext<T | null>(null);

/**
 * Reads a piece of app-wide state. It refuses to run outside its provider, so a screen rendered
 * without it fails at once, naming what is missing.
 */
export function useAppState<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`use${name} must be used inside <${name}Provider>`);
  return value;
}
