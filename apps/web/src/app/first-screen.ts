import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { categoryQueries } from '../features/categories/api/queries';
import { productQueries } from '../features/products/api/queries';
import { preloadCardPhotos } from '../features/products/components/ProductPhoto';
import { PARSERS, parsed, STOREFRONT_URLS } from '../lib/storefront-reads';

type CardPhoto = Parameters<typeof preloadCardPhotos>[0][number];

/** Enough of a product to name its photo; anything else in the answer is not a card's. */
function isCardPhoto(value: unknown): value is CardPhoto {
  if (typeof value !== 'object' || value === null) return false;
  const { _id, photo } = value as Record<string, unknown>;
  if (typeof _id !== 'string') return false;
  if (photo === undefined || photo === null) return true;
  const { version, width } = photo as Record<string, unknown>;
  return typeof version === 'string' && typeof width === 'number';
}

/**
 * The body of `url` fetched exactly as index.html preloads it (same mode and credentials),
 * so the browser hands over the preloaded answer instead of asking again. A failure leaves the
 * query failed, and the screen that shows it asks again through the api client.
 */
async function preloaded(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Request failed with status code ${res.status}`);
  return res.json();
}

/**
 * Starts the first screen's reads into `queryClient` (the browser's), called by the entry before
 * React renders: the home page's (app/routes/Home.tsx and the root's: its listing, total and the
 * categories), under their keys but from the answers index.html preloads (lib/first-screen.ts);
 * the listing's card photos are asked for as soon as it arrives.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string) {
  if (pathname !== '/') return;
  const listing = STOREFRONT_URLS.productPage(1);
  void queryClient.prefetchInfiniteQuery({
    ...productQueries.list(1),
    queryFn: () => {
      const body = preloaded(listing).then((data) => {
        const { products } = (data ?? {}) as { products?: unknown };
        if (Array.isArray(products)) preloadCardPhotos(products.filter(isCardPhoto));
        return data;
      });
      return parsed(body, PARSERS.productList);
    },
  });
  void queryClient.prefetchQuery({
    ...productQueries.count(),
    queryFn: () => parsed(preloaded(STOREFRONT_URLS.productCount), PARSERS.productCount),
  });
  void queryClient.prefetchQuery({
    ...categoryQueries.list(),
    queryFn: () => parsed(preloaded(STOREFRONT_URLS.categories), PARSERS.categories),
  });
}

/** Where the API puts the data of the screen it rendered (apps/api/src/features/storefront). */
const SERVER_STATE_ID = 'shop-query-state';

/**
 * Fills `queryClient` with the reads the server rendered the screen from, so that hydrating it
 * asks for none of them again.
 *
 * Their data counts as read now: the API keeps a rendered page only while the catalogue it was
 * read from is unchanged (and the browser revalidates the page on every visit), so the data is
 * current when the page arrives, however long ago the server rendered it. With the render's own
 * time, a page rendered more than a minute earlier had every read asked again on hydration.
 */
export function hydrateServerState(queryClient: QueryClient) {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return;
  try {
    const state = JSON.parse(text) as DehydratedState;
    const now = Date.now();
    for (const { state: read } of state.queries) {
      if (read.status === 'success') read.dataUpdatedAt = now;
    }
    hydrate(queryClient, state);
  } catch (err) {
    // The screen then asks for its data itself.
    console.error(err);
  }
}
