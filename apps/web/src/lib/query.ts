import type { StorefrontReads } from '@shop/contracts/storefront';
import { notifyManager, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { httpStorefrontReads } from './storefront-reads';

/**
 * Server data on the web is read through TanStack Query. The storefront's reads are keyed by what
 * they hold, the domain first (`['products', 'detail', { slug }]`, `['categories', 'list']`),
 * defined once in the feature that owns them (features/<feature>/api/queries.ts) and shared by
 * the browser and the server entry: their query functions read through the client's storefront
 * reads (`storefrontReadsOf`), the API's own in process on the server, HTTP in the browser. Each
 * query's data is its read's answer as the API gives it; screens pick from it with `select`.
 */

/** Each client's storefront reads: a server's, handed to it; otherwise the browser's. */
const readsOfClient = new WeakMap<QueryClient, StorefrontReads>();

/** The storefront reads a query function makes its read through (its context's client's). */
export const storefrontReadsOf = ({
  client,
  signal,
}: {
  client: QueryClient;
  signal: AbortSignal;
}): StorefrontReads => readsOfClient.get(client) ?? httpStorefrontReads(signal);

// TanStack Query tells screens of new data after a setTimeout(0) by default, which a hidden tab
// slows to a second and a held clock (the guards' countdown tests) stops: a microtask tells
// them as soon, batched all the same.
notifyManager.setScheduler(queueMicrotask);

/** How long catalogue reads count as fresh: hydrated or prefetched data is not asked again. */
export const CATALOGUE_STALE_MS = 60_000;

/**
 * Reads that belong to the signed-in person or change under an admin's hands: asked again on
 * every mount and dropped once no screen shows them.
 */
export const PRIVATE_READ = { staleTime: 0, gcTime: 0 } as const;

/**
 * `['account', …]`: the reads of the signed-in person's own data (their orders, their review of
 * a product, the guards' check), which a write of theirs (placing an order, confirming their
 * e-mail) changes.
 */
export const ACCOUNT_READS = ['account'] as const;

/**
 * Tells the cache that a write changed the reads under each key (a prefix: `['products']` is
 * every product read, `['reviews', 'list', { productId }]` every page of one product's reviews).
 * Those on screen are read again at once; the others when next shown, however fresh they were.
 * `refetch: 'none'` reads none again now (what a deleted thing's own screen shows is gone).
 * Settles once those on screen have been read again; a failed read shows on its screen, not as
 * the write's failure. A write's `onSuccess` returns this, so the write stays busy until then:
 * a row is not acted on again while it still shows what it was.
 */
export const invalidate = (
  client: QueryClient,
  keys: readonly QueryKey[],
  refetch: 'active' | 'none' = 'active',
) =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: refetch })));

/**
 * A client with the shop's defaults: one try per read (a failure shows at once, with Try
 * again), no refetch on window focus or reconnect, catalogue reads fresh for a minute; one try
 * per write (TanStack's default), sent online or not. Every
 * failed read is logged (spec §8: some failures, the header's categories, are only logged),
 * unless `logFailures` is false (reads that fail on purpose).
 * `reads`: the storefront reads its queries make (a server's); the browser's over HTTP without.
 */
export function createQueryClient(reads?: StorefrontReads, { logFailures = true } = {}) {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (logFailures) console.error(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: CATALOGUE_STALE_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      // A write sent offline fails at once with its screen's failure text, as a click expects,
      // instead of waiting, paused and busy, for the network to come back.
      mutations: { networkMode: 'always' },
    },
  });
  if (reads) readsOfClient.set(client, reads);
  return client;
}

let browserClient: QueryClient | undefined;

/** The browser's one client, shared by the entry's first-screen reads and the app. */
export const browserQueryClient = () => {
  browserClient ??= createQueryClient();
  return browserClient;
};
