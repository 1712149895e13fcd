/**
 * How the app reads the cart and the session it keeps in localStorage: through their schemas
 * (stored-readers.ts), which load with zod in a chunk of their own.
 *
 * - A screen the browser renders itself reads them as it first renders: the entry (and the
 *   tests' setup) waits for `loadStoredReaders()` before rendering.
 * - A page the server rendered hydrates as a signed-out shopper with an empty cart sees it, and
 *   loads the readers afterwards, only when something is stored: a first visit never evaluates
 *   zod or a schema (about 50 ms of a phone's main thread).
 */
type Readers = typeof import('./stored-readers');

let readers: Readers | undefined;

export async function loadStoredReaders(): Promise<Readers> {
  readers ??= await import('./stored-readers');
  return readers;
}

/** The readers, loaded before the first render of a screen the browser renders itself. */
export function storedReaders(): Readers {
  if (!readers) throw new Error('stored-state: loadStoredReaders() has not finished');
  return readers;
}
