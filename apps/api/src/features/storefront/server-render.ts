import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage, ServerRenderedPage, StorefrontReads } from '@shop/contracts/storefront';

/** Renders the storefront page at `url` (its path and query). */
export type RenderScreen = (url: string) => Promise<ServerRenderedPage>;

/** Where `vite build --ssr` puts the web's server entry, beside the SPA's dist. */
export const serverEntryOf = (webDist: string) =>
  join(webDist, '..', 'dist-ssr', 'entry-server.js');

/**
 * Renders storefront pages with the web's server entry, handing it `reads`, this process's
 * storefront reads (src/storefront-reads.ts): the page's declared reads are function calls on
 * the in-process catalogue (no request, no serialisation), and the page is rendered once, made
 * once per catalogue revision with its head. Undefined when the web was built without its
 * server entry: pages are then rendered in the browser alone.
 */
export function serverRenderer(webDist: string, reads: StorefrontReads): RenderScreen | undefined {
  const entry = serverEntryOf(webDist);
  if (!existsSync(entry)) return undefined;
  let loading: Promise<RenderPage> | undefined;
  return async (url) => {
    loading ??= import(pathToFileURL(entry).href).then((module) => module.render as RenderPage);
    const render = await loading;
    return render(url, reads);
  };
}
