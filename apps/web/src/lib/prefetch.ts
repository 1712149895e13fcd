import { preloadCardPhotos } from '../components/ProductPhoto';
import { HOME_LISTING, HOME_REQUESTS } from './first-screen';

/**
 * Requests the first screen needs, started by the entry module before React renders (they
 * take over the answers index.html preloads). The HTTP client hands each answer to the first
 * GET of the same address.
 */
const started = new Map<string, Promise<Response>>();

const FIRST_SCREEN_REQUESTS: Record<string, readonly string[]> = { '/': HOME_REQUESTS };

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

/** The photos of the listing's products, asked for from a copy of its answer. */
async function preloadPhotosOf(listing: Response) {
  if (!listing.ok) return;
  const { products } = (await listing.json()) as { products?: unknown };
  if (Array.isArray(products)) preloadCardPhotos(products.filter(isCardPhoto));
}

export function prefetchFor(pathname: string) {
  for (const url of FIRST_SCREEN_REQUESTS[pathname] ?? []) {
    // Exactly as index.html preloads it (same mode and credentials), so the preload is used.
    let answer = fetch(url);
    if (url === HOME_LISTING) {
      answer = answer.then((res) => {
        // A hint: whatever goes wrong here, the cards still ask for their photos.
        preloadPhotosOf(res.clone()).catch(() => undefined);
        return res;
      });
    }
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
