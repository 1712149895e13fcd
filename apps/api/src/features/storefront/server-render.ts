import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  FirstReads,
  RenderPage,
  ServerRenderedPage,
  ShopperState,
  StorefrontReads,
} from '@shop/contracts/storefront';

/** Renders the storefront page at `url` (its path and query), with the shopper's state given. */
export type RenderScreen = (url: string, shopper?: ShopperState) => Promise<ServerRenderedPage>;

/** What the storefront's pages ask of the web's server entry. */
export interface ServerEntry {
  render: RenderScreen;
  /** The API reads the screen at `url` makes first when the browser renders it. */
  firstReads: FirstReads;
}

/** Where `vite build --ssr` puts the web's server entry, beside the SPA's dist. */
export const serverEntryOf = (webDist: string) =>
  join(webDist, '..', 'dist-ssr', 'entry-server.js');

/**
 * The web's server entry (apps/web/src/entry-server.tsx), loaded on first use. It renders
 * storefront pages with `reads`, this process's storefront reads (src/storefront-reads.ts): the
 * page's declared reads are function calls on the in-process catalogue (no request, no
 * serialisation), and the page is rendered once, made once per catalogue revision with its head;
 * and it lists the reads a page the browser renders makes first, which the page preloads.
 * Undefined when the web was built without it: pages are then rendered in the browser alone.
 */
export function webServerEntry(webDist: string, reads: StorefrontReads): ServerEntry | undefined {
  const entry = serverEntryOf(webDist);
  if (!existsSync(entry)) return undefined;
  let loading: Promise<{ render: RenderPage; firstReads: FirstReads }> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href);
    return loading;
  };
  return {
    render: async (url, shopper) => (await load()).render(url, reads, shopper),
    firstReads: async (url) => (await load()).firstReads(url),
  };
}
