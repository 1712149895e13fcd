import type { ProductListResponse } from '@shop/contracts';
import { type LoadFigures, load, type ReadPath } from './load.js';

/** Connections asking for pages never asked before while shoppers load the kept home page. */
export const FLOOD_CONNECTIONS = 32;

const HOME_HTML: ReadPath = { label: 'home html', path: '/' };

/** The bearer token the bench's API processes serve `/metrics` with. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * The flood's n-th URL: a search of words never searched before, or a product's page with a
 * `?variant=` never asked before (no SKU of it), in turn.
 */
const floodPathOf = (slug: string) => (n: number) =>
  n % 2 === 0 ? `/search?keyword=flood${n}` : `/product/${slug}?variant=flood${n}`;

/** Each process's storefront renders so far, by outcome (none from a build that counts none). */
async function rendersOf(urls: readonly string[]) {
  const counts: Record<string, number> = {};
  for (const url of urls) {
    const res = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    });
    const text = res.ok ? await res.text() : '';
    for (const [, outcome, value] of text.matchAll(
      /^shop_storefront_renders_total\{outcome="(\w+)"\} (\d+)$/gm,
    )) {
      counts[outcome as string] = (counts[outcome as string] ?? 0) + Number(value);
    }
  }
  return counts;
}

const since = (after: Record<string, number>, before: Record<string, number>) =>
  Object.entries(after).map(([outcome, count]) => `${count - (before[outcome] ?? 0)} ${outcome}`);

export interface FloodFigures {
  /** The home page alone. */
  quiet: LoadFigures;
  /** The home page while the flood runs. */
  home: LoadFigures;
  flood: LoadFigures;
  /** The flood's renders by outcome (`12 rendered`, `340 busy`), when the build counts them. */
  renders: string[];
}

/**
 * The kept home page loaded at `connections` over `urls`, alone, then while FLOOD_CONNECTIONS
 * more ask pages never asked before (distinct search words and `?variant=` values): a shopper
 * of a kept page should not wait for renders of pages nobody asked before.
 */
export async function homeDuringFlood(
  urls: readonly string[],
  connections: number,
  seconds: number,
): Promise<FloodFigures> {
  const listing = await fetch(`${urls[0]}/api/v1/product/product-list/1`);
  const [first] = ((await listing.json()) as ProductListResponse).products;
  if (!first) throw new Error('the catalogue is empty');
  const flood: ReadPath = { label: 'flood', path: '/search', pathAt: floodPathOf(first.slug) };
  const quiet = await load(urls, HOME_HTML, connections, seconds);
  const before = await rendersOf(urls);
  const [home, flooding] = await Promise.all([
    load(urls, HOME_HTML, connections, seconds),
    load(urls, flood, FLOOD_CONNECTIONS, seconds),
  ]);
  return { quiet, home, flood: flooding, renders: since(await rendersOf(urls), before) };
}
