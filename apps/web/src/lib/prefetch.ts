/**
 * Requests the first screen needs, started by the entry module before React renders, so that
 * they travel together with the route's chunks instead of after them. The HTTP client hands
 * each answer to the first GET of the same address.
 */
const started = new Map<string, Promise<Response>>();

/** The home page's listing, its total and the categories (header and filters). */
const FIRST_SCREEN_REQUESTS: Record<string, string[]> = {
  '/': [
    '/api/v1/product/product-list/1',
    '/api/v1/product/product-count',
    '/api/v1/category/get-category',
  ],
};

export function prefetchFor(pathname: string) {
  for (const url of FIRST_SCREEN_REQUESTS[pathname] ?? []) {
    const answer = fetch(url, { headers: { Accept: 'application/json' } });
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
