import type { AuthSession } from '@shop/contracts';
import { authSessionSchema, objectIdSchema, productSchema } from '@shop/contracts';
import type { CartEntry } from './cart-entry';
import { readStored, readStoredJson } from './storage';

/**
 * The cart and the session kept in localStorage, read through their schemas: anything missing,
 * corrupt or of the wrong shape reads as none. In a chunk of its own with zod (stored-state.ts
 * loads it), so that hydrating a server-rendered page evaluates neither.
 */

const cartEntrySchema = productSchema
  .partial({ quantity: true, photo: true })
  .extend({ variant: objectIdSchema.optional() });

/** The entries of a stored cart (its JSON, read) that are whole products; the others dropped. */
export function cartOf(stored: unknown): CartEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = cartEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The cart stored under `key`. */
export const readStoredCart = (key: string): CartEntry[] => cartOf(readStoredJson(key));

/** The stored session, or undefined when none with a token is stored. */
export function readStoredSession(key: string): AuthSession | undefined {
  const stored = readStored(key, authSessionSchema);
  return stored?.token ? stored : undefined;
}
