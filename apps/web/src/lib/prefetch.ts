import { HOME_REQUESTS } from './first-screen';

/**
 * Requests the first screen needs, started by the entry module before React renders (they
 * take over the answers index.html preloads). The HTTP client hands each answer to the first
 * GET of the same address.
 */
const started = new Map<string, Promise<Response>>();

const FIRST_SCREEN_REQUESTS: Record<string, readonly string[]> = { '/': HOME_REQUESTS };

export function prefetchFor(pathname: string) {
  for (const url of FIRST_SCREEN_REQUESTS[pathname] ?? []) {
    // Exactly as index.html preloads it (same mode and credentials), so the preload is used.
    const answer = fetch(url);
    // A failure is reported to whoever takes the answer.
    answer.catch(() => undefined);
    started.set(url, answer);
  }
}

/** The answer started for `url`, once: a later call asks the server again. */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}
